import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeasingOrder, OfferedAction } from '@panel/contracts/leasing';
import { answerTrpc, renderScreen, sessionAnswer } from '../../../lib/testing';
import { LeasingOrderDetailScreen } from './leasing-order-detail.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order: LeasingOrder = {
  id: 12, code: 'L000012', state: 'documents', state_label: 'در انتظار مدارک', version: 3, customer_name: 'علی رضایی', national_id: '0013542419', phone_number: '09121234567',
  city_id: 1, city: 'تهران', provider_id: 1, provider_name: 'لیزینگ پارسیان', plan_id: 2, plan_name: 'طرح ۳۶ ماهه', car_title: 'پژو ۲۰۷', price: 1_000_000_000, down_payment: 400_000_000,
  months: 36, annual_rate: 23, monthly: 23_000_000, total: 828_000_000, start_day: '2026-11-25', reject_reason: null, claim_id: null, created_by: 'sara.ahmadi', created_at: '2026-11-25T08:00:00Z',
};
// The offer as the gateway answers it, in its order: the screen draws exactly this.
const offered: OfferedAction[] = [
  { id: 'send_to_provider', label: 'ارسال به لیزینگ', available: false, reason: 'هنوز مدرکی برای این سفارش بارگذاری نشده است.', confirm: null, reason_required: false },
  { id: 'reject', label: 'رد سفارش', available: true, reason: '', confirm: 'این سفارش رد شود؟', reason_required: true },
  { id: 'cancel', label: 'لغو سفارش', available: true, reason: '', confirm: 'این سفارش لغو شود؟', reason_required: false },
];

describe('LeasingOrderDetailScreen', { timeout: 30_000 }, () => {
  it('draws the offered actions with the reason of the unavailable one, and rejects by action id with a picked reason', async () => {
    const { calls } = answerTrpc({
      'auth.session': sessionAnswer(['backoffice#staff']),
      'leasing.order': { data: order },
      'leasing.orderActions': { data: offered },
      'leasing.orderHistory': { data: [] },
      'leasing.orderFiles': { data: [] },
      'leasing.orderNotes': { data: [] },
      'leasing.rejectReasons': { data: [{ key: 'documents', label: 'مدارک ناقص یا نامعتبر است' }] },
      'leasing.execute': { data: { id: 12, state: 'rejected', version: 4, message: 'سفارش رد شد.' } },
    });
    renderScreen(<LeasingOrderDetailScreen />, { path: '/panel/leasing/orders/12', route: '/panel/leasing/orders/:id' });
    const actions = await screen.findByRole('group', { name: 'کارها' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['ارسال به لیزینگ', 'رد سفارش', 'لغو سفارش']);
    const send = within(actions).getByRole('button', { name: 'ارسال به لیزینگ' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(send.getAttribute('aria-describedby')!)!.textContent).toContain('هنوز مدرکی برای این سفارش بارگذاری نشده است.');

    fireEvent.click(within(actions).getByRole('button', { name: 'رد سفارش' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'رد سفارش' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'رد سفارش' }));
    expect(await within(dialog).findByText('دلیل رد را انتخاب کنید.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'leasing.execute')).toBe(false);
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'مدارک ناقص یا نامعتبر است' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('دلیل رد'), { target: { value: 'documents' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'رد سفارش' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'leasing.execute')?.input).toEqual({ id: 12, version: 3, action: 'reject', reject_reason: 'documents', reason: '' }));
  });
});
