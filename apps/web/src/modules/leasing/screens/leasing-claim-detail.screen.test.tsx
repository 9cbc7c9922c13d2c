import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LEASING_CLAIM_MESSAGES, type LeasingClaimDetail } from '@panel/contracts/leasing';
import { answerTrpc, renderScreen, sessionAnswer, toastTitles } from '../../../lib/testing';
import { LeasingClaimDetailScreen } from './leasing-claim-detail.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const instalment = (seq: number, paid: number) => ({ id: 100 + seq, seq, due_date: `2026-0${seq + 1}-10`, amount: 10_000_000, paid, remaining: 10_000_000 - paid, overdue: false });
const claim: LeasingClaimDetail = {
  id: 7,
  order_id: 12,
  order_code: 'L000012',
  customer_name: 'مریم کریمی',
  phone_number: '09121234567',
  provider_name: 'لیزینگ پارسیان',
  state: 'current',
  step: null,
  version: 3,
  total: 30_000_000,
  paid: 4_000_000,
  balance: 26_000_000,
  next_due_date: '2026-02-10',
  overdue_amount: 0,
  created_at: '2026-01-01T08:00:00+03:30',
  instalments: [instalment(1, 4_000_000), instalment(2, 0), instalment(3, 0)],
  payments: [],
  notes: [],
  promises: [],
};
const at = { path: `/panel/leasing/claims/${claim.id}`, route: '/panel/leasing/claims/:id' };
const base = { 'leasing.claim': { data: claim }, 'leasing.claimHistory': { data: [] }, 'auth.session': sessionAnswer(['backoffice#staff']) };
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

// The first render imports Chakra and the dialogs: slow on a busy machine.
describe('LeasingClaimDetailScreen', { timeout: 30_000 }, () => {
  it('confirms a payment with its waterfall, and shows an overpayment refusal beside the amount, once', async () => {
    const overpay = LEASING_CLAIM_MESSAGES.overpay('۲۶٬۰۰۰٬۰۰۰ تومان');
    // As the BFF words a gateway's field refusal (spec §8); beside the field, the field's name goes.
    const { calls } = answerTrpc({ ...base, 'leasing.pay': { error: { message: `مشکل amount: ${overpay}`, code: 'BAD_REQUEST', httpStatus: 400 } } });
    renderScreen(<LeasingClaimDetailScreen />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'ثبت پرداخت' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'مبلغ پرداخت (تومان)' }), { target: { value: '۷۰۰۰۰۰۰' } });
    fireEvent.change(field('شماره رسید'), { target: { value: 'RC-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأیید پرداخت' });
    // Oldest first: what instalment 1 still owes, then the rest on instalment 2.
    expect(within(confirm).getByRole('list', { name: 'تقسیم پرداخت روی اقساط' }).textContent).toBe('قسط ۱: ۶٬۰۰۰٬۰۰۰ تومانقسط ۲: ۱٬۰۰۰٬۰۰۰ تومان');
    expect(calls.some((c) => c.path === 'leasing.pay')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'تأیید و ثبت پرداخت' }));
    expect((await screen.findByText(overpay)).textContent).toBe(overpay);
    expect(field('مبلغ پرداخت (تومان)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.path === 'leasing.pay')!.input).toMatchObject({ id: 7, amount: 7_000_000, receipt: 'RC-9' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toastTitles()).toEqual([]);
  });

  it('previews a postponement without writing it, and writes it only on confirm', async () => {
    const after = claim.instalments.map((i) => (i.seq >= 2 ? { ...i, due_date: i.due_date.replace('-10', '-20') } : i));
    const { calls } = answerTrpc({
      ...base,
      'leasing.changeSchedule': (input) => ({ data: { before: claim.instalments, after, written: (input as { confirm: boolean }).confirm, version: 3, message: 'ok' } }),
    });
    renderScreen(<LeasingClaimDetailScreen />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'تغییر قسط ۲' }));
    const dialog = await screen.findByRole('dialog', { name: 'تغییر قسط ۲' });
    const day = within(dialog).getByRole('textbox', { name: 'سررسید جدید' });
    fireEvent.change(day, { target: { value: '۱۴۰۴/۱۲/۰۱' } });
    fireEvent.blur(day);
    fireEvent.click(within(dialog).getByRole('button', { name: 'پیش‌نمایش تغییر' }));
    expect(await within(dialog).findByText('دلیل تعویق را بنویسید.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /دلیل تعویق/ }), { target: { value: 'حقوق دیر رسید' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'پیش‌نمایش تغییر' }));
    const preview = await within(dialog).findByRole('table', { name: 'اقساط پیش و پس از تغییر' });
    expect(preview.querySelectorAll('tbody tr')).toHaveLength(2);
    const changes = () => calls.filter((c) => c.path === 'leasing.changeSchedule').map((c) => c.input as { confirm: boolean; change: { kind: string } });
    expect(changes()).toEqual([expect.objectContaining({ confirm: false, change: expect.objectContaining({ kind: 'postpone', instalment_id: 102, due_date: '2026-02-20' }) })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت تغییر' }));
    await waitFor(() => expect(changes().map((c) => c.confirm)).toEqual([false, true]));
  });
});
