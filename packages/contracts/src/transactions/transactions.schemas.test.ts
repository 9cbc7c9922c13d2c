import { describe, expect, it } from 'vitest';
import { REFUND_WORKFLOW } from './transactions.workflow';
import { RequestRefundInputSchema, transactionsListFilter } from './transactions.schemas';

describe('the transactions list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = transactionsListFilter.parse({ search: 'رضا', kind: 'bank_refund,refund_code', overdue: 'true', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'رضا', kind: ['bank_refund', 'refund_code'], overdue: true, sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(transactionsListFilter.toQuery(value)).toEqual({ search: 'رضا', kind: 'bank_refund,refund_code', overdue: 'true', page: '2' });
  });
});

describe('a refund request', () => {
  it('takes Persian digits and spaces in the account and the amount, and refuses a short reason in Persian', () => {
    const ok = RequestRefundInputSchema.parse({ transaction_id: 3, amount: '۴۵۰٬۰۰۰', sheba: 'ir ۱۲ ۰۱۲۰ ۰۰۰۰ ۰۰۰۰ ۱۲۳۴ ۵۶۷۸ ۹۰', reason: 'لغو به درخواست مشتری' });
    expect(ok).toMatchObject({ amount: 450_000, sheba: 'IR120120000000001234567890' });
    const bad = RequestRefundInputSchema.safeParse({ transaction_id: 3, amount: '10', sheba: 'IR12', reason: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['amount', 'مبلغ بازگشت را به تومان وارد کنید.'],
      ['sheba', 'شماره شبا باید IR و ۲۴ رقم باشد.'],
      ['reason', 'دلیل را بنویسید.'],
    ]);
  });

  it('follows a declared state table: a failed refund is retried or cancelled, a paid one is final', () => {
    expect(REFUND_WORKFLOW.allowed('requested')).toEqual(['submit', 'fail', 'cancel']);
    expect(REFUND_WORKFLOW.allowed('failed')).toEqual(['retry', 'cancel']);
    expect(REFUND_WORKFLOW.allowed('done')).toEqual([]);
    expect(REFUND_WORKFLOW.permits('cancel', ['backoffice#staff'])).toBe(false);
  });
});
