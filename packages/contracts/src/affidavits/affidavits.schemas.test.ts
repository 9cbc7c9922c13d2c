import { describe, expect, it } from 'vitest';
import { AFFIDAVIT_WORKFLOW, AddAffidavitInputSchema, affidavitFee, affidavitListFilter } from './index';

const fields = {
  buyer_name: ' رضا کریمی ',
  buyer_phone: '۰۹۱۲۱۲۳۴۵۶۷',
  seller_name: 'مریم احمدی',
  seller_phone: '09351234567',
  car_title: 'پژو ۲۰۶ تیپ ۵',
  car_year: '۱۳۹۸',
  city_id: 1,
  price: '۴۵۰٬۰۰۰٬۰۰۰',
  concierge_sale_id: '',
};

describe('affidavit contracts', () => {
  it('reads a shared link leniently with page size 20 and leaves its defaults out of the address', () => {
    const { value, dropped } = affidavitListFilter.parse({ search: 'رضا', state: 'priced', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'رضا', state: 'priced', sort: 'created_at', isAscending: false, page: 2, pageSize: 20 });
    expect(dropped).toEqual(['sort']);
    expect(affidavitListFilter.toQuery(value)).toEqual({ search: 'رضا', state: 'priced', page: '2' });
  });

  it('converts Persian digits and refuses the same phone for both sides', () => {
    expect(AddAffidavitInputSchema.parse(fields)).toMatchObject({ buyer_name: 'رضا کریمی', buyer_phone: '09121234567', car_year: 1398, price: 450_000_000, concierge_sale_id: null });
    const same = AddAffidavitInputSchema.safeParse({ ...fields, seller_phone: '09121234567' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]).toMatchObject({ path: ['seller_phone'], message: 'شماره خریدار و فروشنده نباید یکی باشد.' });
    expect(AddAffidavitInputSchema.safeParse({ ...fields, price: '5000' }).success).toBe(false);
  });

  it('computes the fee: half a percent, rounded up to a thousand, between the floor and the cap', () => {
    expect(affidavitFee(450_000_000)).toBe(2_250_000);
    expect(affidavitFee(45_123_456)).toBe(300_000);
    expect(affidavitFee(123_456_789)).toBe(618_000);
    expect(affidavitFee(5_000_000_000)).toBe(5_000_000);
  });

  it('declares the state table: purchase only once priced, links after purchase, cancel before it', () => {
    expect(AFFIDAVIT_WORKFLOW.allowed('draft')).toEqual(['update', 'price', 'cancel']);
    expect(AFFIDAVIT_WORKFLOW.allowed('priced')).toEqual(['update', 'price', 'send_payment_link', 'purchase', 'cancel']);
    expect(AFFIDAVIT_WORKFLOW.allowed('purchased')).toEqual(['send_download_link']);
    expect(AFFIDAVIT_WORKFLOW.refusal('purchase', 'purchased')).toBe('قولنامه در وضعیت «خریداری‌شده» است و «خرید قولنامه» برای آن ممکن نیست.');
    expect(AFFIDAVIT_WORKFLOW.allowed('done')).toEqual([]);
  });
});
