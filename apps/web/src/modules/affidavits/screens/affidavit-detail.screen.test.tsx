import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AffidavitDetail } from '@panel/contracts/affidavits';
import { answerTrpc, renderScreen, sessionAnswer } from '../../../lib/testing';
import { AffidavitDetailScreen } from './affidavit-detail.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const priced: AffidavitDetail = {
  id: 81, state: 'priced', state_label: 'کارمزد محاسبه شد', version: 1, buyer_name: 'کامران صالحی', buyer_phone: '09121234567', seller_name: 'شیرین نادری', seller_phone: '09351234567',
  car_title: 'تویوتا کرولا', car_year: 1396, city_id: 2, city: 'کرج', price: 450_000_000, fee: 2_250_000, concierge_sale_id: null, purchased_at: null, created_by: 'staff',
  created_at: '2026-11-25T08:00:00Z', documents: [], links: [],
};

describe('AffidavitDetailScreen', { timeout: 30_000 }, () => {
  it('draws the actions of the state table and purchases with one request id, however often it is confirmed', async () => {
    const { calls } = answerTrpc({
      'auth.session': sessionAnswer(['backoffice#staff']),
      'affidavits.detail': { data: priced },
      'affidavits.history': { data: [] },
      'affidavits.purchase': { data: { id: 81, state: 'purchased', version: 2, fee: 2_250_000, message: 'قولنامه خریداری شد.' } },
    });
    renderScreen(<AffidavitDetailScreen />, { path: '/panel/affidavit/81', route: '/panel/affidavit/:id' });
    for (const label of ['ویرایش قولنامه', 'محاسبه کارمزد', 'ارسال لینک پرداخت', 'خرید قولنامه', 'لغو قولنامه']) expect(await screen.findByRole('button', { name: label })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ارسال لینک دانلود' })).toBeNull();
    expect(screen.getByLabelText('چک‌لیست مدارک').textContent).toContain('قولنامه هنوز بارگذاری نشده است');

    for (let i = 0; i < 2; i += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'خرید قولنامه' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'خرید قولنامه' });
      expect(within(dialog).getByText('کارمزد: ۲٬۲۵۰٬۰۰۰ تومان')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'خرید قولنامه' }));
      await waitFor(() => expect(calls.filter((c) => c.path === 'affidavits.purchase')).toHaveLength(i + 1));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }
    const [first, second] = calls.filter((c) => c.path === 'affidavits.purchase').map((c) => c.input as { id: number; request_id: string });
    expect(first).toEqual({ id: 81, request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(second).toEqual(first);
  });
});
