import { describe, expect, it } from 'vitest';
import { CheckDiscountInputSchema, CreateCampaignInputSchema, CreateDiscountInputSchema, RedeemDiscountInputSchema, discountsListFilter } from './discounts.schemas';
import { DISCOUNT_WORKFLOW, discountOf } from './discounts.workflow';

const rules = { kind: 'percent', value: '۲۰', max_discount: '۱۵۰٬۰۰۰', min_order: '', valid_from: '2026-11-01', valid_until: '2026-12-01', usage_limit: '۱۰۰', per_user_limit: 1, services: ['inspection'], city_id: '' };
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the discounts contracts', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = discountsListFilter.parse({ search: 'PAYIZ', status: 'expired', kind: 'bad', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'PAYIZ', status: 'expired', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped.sort()).toEqual(['kind', 'sort']);
    expect(discountsListFilter.toQuery(value)).toEqual({ search: 'PAYIZ', status: 'expired', page: '2' });
  });

  it('takes Persian digits and lower-case codes, and refuses bad rules in Persian beside each field', () => {
    expect(CreateDiscountInputSchema.parse({ code: ' yalda۱۴۰۵ ', ...rules })).toMatchObject({ code: 'YALDA1405', value: 20, max_discount: 150_000, min_order: 0, usage_limit: 100, city_id: null });
    expect(messages(CreateDiscountInputSchema.safeParse({ code: 'a!', ...rules, services: [], usage_limit: 0 }))).toEqual({
      code: 'کد تخفیف ۴ تا ۲۴ نویسه از حروف لاتین بزرگ و رقم است.',
      services: 'دست‌کم یک خدمت را انتخاب کنید.',
      usage_limit: 'سقف استفاده را از ۱ تا ۱٬۰۰۰٬۰۰۰ وارد کنید.',
    });
    expect(messages(CreateDiscountInputSchema.safeParse({ code: 'ABCD', ...rules, usage_limit: 2, per_user_limit: 3 }))).toEqual({ per_user_limit: 'سقف هر مشتری نباید از سقف کل بیشتر باشد.' });
    expect(messages(CreateDiscountInputSchema.safeParse({ code: 'ABCD', ...rules, kind: 'amount', value: 500, valid_until: '2026-10-01' }))).toEqual({
      value: 'مبلغ تخفیف دست‌کم ۱٬۰۰۰ تومان است.',
      max_discount: 'سقف تخفیف فقط برای کد درصدی است.',
      valid_until: 'پایان اعتبار نباید پیش از شروع آن باشد.',
    });
    expect(messages(CreateCampaignInputSchema.safeParse({ name: 'جشنواره پاییز', prefix: 'payiz', count: '۱۰۰۰۰۱', ...rules }))).toEqual({ count: 'تعداد کدها را از ۱ تا ۱۰۰٬۰۰۰ وارد کنید.' });
  });

  it('checks against an inspection order or the order given, and uses a code for a customer', () => {
    expect(CheckDiscountInputSchema.parse({ code: 'payiz1', inspection_id: '۱۲' })).toMatchObject({ code: 'PAYIZ1', inspection_id: 12, amount: null });
    expect(messages(CheckDiscountInputSchema.safeParse({ code: 'X1' }))).toEqual({ amount: 'شناسه سفارش یا مبلغ سفارش را وارد کنید.', service: 'خدمت را انتخاب کنید.' });
    expect(messages(RedeemDiscountInputSchema.safeParse({ code: 'ABCD', phone: '12', amount: 10, service: 'inspection' }))).toEqual({ phone: 'شماره تلفن همراه معتبر نیست' });
  });

  it('gives a percent up to its cap or a fixed sum, never more than the order', () => {
    expect(discountOf({ kind: 'percent', value: 20, max_discount: 100_000 }, 800_000)).toBe(100_000);
    expect(discountOf({ kind: 'percent', value: 15, max_discount: null }, 333_333)).toBe(49_999);
    expect(discountOf({ kind: 'amount', value: 150_000, max_discount: null }, 90_000)).toBe(90_000);
  });

  it('declares the moves: active to paused or deactivated, paused back to active, nothing else', () => {
    expect(DISCOUNT_WORKFLOW.allowed('active')).toEqual(['pause', 'deactivate']);
    expect(DISCOUNT_WORKFLOW.allowed('paused')).toEqual(['resume']);
    expect(DISCOUNT_WORKFLOW.allowed('deactivated')).toEqual([]);
    expect(DISCOUNT_WORKFLOW.permits('deactivate', ['backoffice#staff'])).toBe(false);
  });
});
