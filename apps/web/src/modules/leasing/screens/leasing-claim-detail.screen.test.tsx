import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LEASING_CLAIM_MESSAGES, type ClaimHistoryEntry, type ClaimOfferedAction, type LeasingClaimDetail } from '@panel/contracts/leasing';
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
// The offer as the gateway answers it for a current claim, in its order: the screen draws exactly this.
const offered: ClaimOfferedAction[] = [
  { id: 'pay', label: 'ثبت پرداخت', available: true, reason: '', confirm: null, reason_required: false },
  { id: 'start_followup', label: 'شروع پیگیری', available: true, reason: '', confirm: null, reason_required: false },
  { id: 'back_to_current', label: 'بازگشت به جاری', available: false, reason: 'مطالبه L000012 در وضعیت «جاری» است و «بازگشت به جاری» برای آن ممکن نیست.', confirm: null, reason_required: false },
  { id: 'file_execute', label: 'اجرای پرونده', available: true, reason: '', confirm: 'پرونده این مطالبه به اجرا فرستاده شود؟', reason_required: true },
  { id: 'promise', label: 'ثبت قول پرداخت', available: true, reason: '', confirm: null, reason_required: false },
  { id: 'change_schedule', label: 'تغییر قسط', available: true, reason: '', confirm: null, reason_required: false },
];
const base = { 'leasing.claim': { data: claim }, 'leasing.claimHistory': { data: [] }, 'leasing.claimActions': { data: offered }, 'auth.session': sessionAnswer(['backoffice#staff']) };
const logEntry = (id: number, action: string, over: Partial<ClaimHistoryEntry> = {}): ClaimHistoryEntry => ({
  id, action, from_state: null, to_state: null, actor_username: 'sara.ahmadi', actor_fullname: 'سارا احمدی', reason: '', at: '2026-11-20T08:00:00Z', changes: [], promise: null, ...over,
});
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

// The first render imports Chakra and the dialogs: slow on a busy machine.
describe('LeasingClaimDetailScreen', { timeout: 30_000 }, () => {
  it('confirms a payment with its waterfall, and shows an overpayment refusal beside the amount, once', async () => {
    const overpay = LEASING_CLAIM_MESSAGES.overpay('۲۶٬۰۰۰٬۰۰۰ تومان');
    // As the BFF words a gateway's field refusal (spec §8); beside the field, the field's name goes.
    const { calls } = answerTrpc({ ...base, 'leasing.pay': { error: { message: `مشکل amount: ${overpay}`, code: 'BAD_REQUEST', httpStatus: 400 } } });
    renderScreen(<LeasingClaimDetailScreen />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'ثبت پرداخت' }, { timeout: 10_000 }));
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
    // «تغییر» shows once the claim and then its offer are in.
    fireEvent.click(await screen.findByRole('button', { name: 'تغییر قسط ۲' }, { timeout: 10_000 }));
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

  it('draws the offered actions, the unavailable one disabled with its reason, and files the claim by its id with a reason', async () => {
    const { calls } = answerTrpc({ ...base, 'leasing.updateClaimState': { data: { id: 7, state: 'legal', version: 4, balance: 26_000_000, message: 'پرونده به اجرا رفت.' } } });
    renderScreen(<LeasingClaimDetailScreen />, at);
    const actions = await screen.findByRole('group', { name: 'کارها' });
    // The offer is asked once the claim is in: two answers in turn, slow on a busy machine.
    await waitFor(() => expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['ثبت پرداخت', 'شروع پیگیری', 'بازگشت به جاری', 'اجرای پرونده']), { timeout: 10_000 });
    const back = within(actions).getByRole('button', { name: 'بازگشت به جاری' });
    expect(back.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(back.getAttribute('aria-describedby')!)!.textContent).toBe('بازگشت به جاری: مطالبه L۰۰۰۰۱۲ در وضعیت «جاری» است و «بازگشت به جاری» برای آن ممکن نیست.');
    expect(screen.getByRole('region', { name: 'اقدام‌های ناممکن' }).textContent).not.toContain('شروع پیگیری');

    fireEvent.click(within(actions).getByRole('button', { name: 'اجرای پرونده' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'اجرای پرونده' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'اجرای پرونده' }));
    expect(await within(dialog).findByText('دلیل اجرای پرونده را بنویسید.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'leasing.updateClaimState')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /دلیل اجرای پرونده/ }), { target: { value: 'قول پرداخت عمل نشد' } });
    fireEvent.change(within(dialog).getByLabelText('مرحله پیگیری'), { target: { value: 'notice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'اجرای پرونده' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'leasing.updateClaimState')?.input).toEqual({ id: 7, version: 3, action: 'file_execute', step: 'notice', reason: 'قول پرداخت عمل نشد' }));
  });

  it('writes the history dates in Jalali with the old and new of a change, and names who recorded a payment', async () => {
    const history: ClaimHistoryEntry[] = [
      logEntry(5, 'change_amount', { changes: [
        { seq: 2, due_before: '2026-03-10', due_after: '2026-03-10', amount_before: 10_000_000, amount_after: 12_000_000 },
        { seq: 3, due_before: '2026-04-10', due_after: '2026-04-10', amount_before: 10_000_000, amount_after: 8_000_000 },
      ] }),
      logEntry(4, 'change_due_date', { changes: [{ seq: 2, due_before: '2026-03-10', due_after: '2026-03-15', amount_before: 10_000_000, amount_after: 10_000_000 }] }),
      logEntry(3, 'postpone', { reason: 'حقوق دیر رسید', changes: [
        { seq: 2, due_before: '2026-02-28', due_after: '2026-03-10', amount_before: 10_000_000, amount_after: 10_000_000 },
        { seq: 3, due_before: '2026-03-31', due_after: '2026-04-10', amount_before: 10_000_000, amount_after: 10_000_000 },
      ] }),
      // An entry written before the log's text was Jalali: the promise itself says the day.
      logEntry(2, 'promise', { reason: '۲٬۰۰۰٬۰۰۰ تومان تا 2026-11-28', promise: { promised_on: '2026-11-28', amount: 2_000_000 } }),
    ];
    const payments = [{ id: 1, amount: 4_000_000, paid_on: '2026-01-20', receipt: 'RC-1', created_by: 'sara.ahmadi', created_by_name: 'سارا احمدی', created_at: '2026-01-20T08:00:00Z', allocations: [{ instalment_id: 101, seq: 1, amount: 4_000_000 }] }];
    answerTrpc({ ...base, 'leasing.claim': { data: { ...claim, payments } }, 'leasing.claimHistory': { data: history } });
    renderScreen(<LeasingClaimDetailScreen />, at);
    const timeline = await screen.findByRole('region', { name: 'تاریخچه مطالبه' });
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(4), { timeout: 10_000 });
    const [amount, due, postpone, promise] = within(timeline).getAllByRole('listitem').map((li) => li.textContent);
    expect(amount).toContain('قسط ۲: مبلغ ۱۰٬۰۰۰٬۰۰۰ تومان ← ۱۲٬۰۰۰٬۰۰۰ تومان');
    expect(amount).toContain('قسط ۳: مبلغ ۱۰٬۰۰۰٬۰۰۰ تومان ← ۸٬۰۰۰٬۰۰۰ تومان');
    expect(due).toContain('قسط ۲: سررسید ۱۴۰۴/۱۲/۱۹ ← ۱۴۰۴/۱۲/۲۴');
    expect(postpone).toContain('قسط ۲: سررسید ۱۴۰۴/۱۲/۰۹ ← ۱۴۰۴/۱۲/۱۹');
    expect(postpone).toContain('۱ قسط بعدی (قسط ۳ تا ۳) هم هر یک ۱۰ روز عقب رفت.');
    expect(postpone).toContain('دلیل: حقوق دیر رسید');
    expect(promise).toContain('۲٬۰۰۰٬۰۰۰ تومان تا ۱۴۰۵/۰۹/۰۷');
    expect(timeline.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const row = within(screen.getByRole('table', { name: 'پرداخت‌ها' })).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('سارا احمدی');
    expect(row.textContent).not.toContain('sara.ahmadi');
  });

  it('on a settled claim, the payment, the promise and the schedule change are refused with the gateway reason, and no instalment offers a change', async () => {
    const settled = 'این مطالبه تسویه شده است.';
    const refusedOffer = offered.map((a) => (['pay', 'promise', 'change_schedule'].includes(a.id) ? { ...a, available: false, reason: settled } : a));
    answerTrpc({ ...base, 'leasing.claim': { data: { ...claim, state: 'settled', balance: 0, paid: claim.total } }, 'leasing.claimActions': { data: refusedOffer } });
    renderScreen(<LeasingClaimDetailScreen />, at);
    const pay = await screen.findByRole('button', { name: 'ثبت پرداخت' }, { timeout: 10_000 });
    const promise = await screen.findByRole('button', { name: 'ثبت قول پرداخت' });
    for (const button of [pay, promise]) {
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toContain(settled);
    }
    expect(screen.getByRole('region', { name: 'اقدام‌های ناممکن' }).textContent).toContain(`تغییر قسط: ${settled}`);
    expect(screen.queryByRole('button', { name: /^تغییر قسط/ })).toBeNull();
  });
});
