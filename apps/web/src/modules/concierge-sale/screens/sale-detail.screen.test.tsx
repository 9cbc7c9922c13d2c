import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { SALE_MESSAGES, type ConciergeSaleDetail } from '@panel/contracts/concierge-sale';
import { answerTrpc, renderScreen, toastTitles } from '../../../lib/testing';
import { SaleDetailScreen } from './sale-detail.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sale: ConciergeSaleDetail = {
  id: 5531,
  token: 'cs-9d2e',
  created_at: '2025-03-10T08:00:00Z',
  applicant_full_name: 'سارا محمدی',
  applicant_type: 'owner',
  phone_number: '09124445566',
  offer_supervisor: null,
  car_health_description: 'گلگیر جلو رنگ دارد',
  health_info: { description: 'فنی سالم', health_detail: { 'گلگیر جلو راست': 'رنگ شدگی', موتور: 'سالم' } },
  usage: 86000,
  car_brand_model_year: 2018,
  car_brand_model: 'تویوتا کمری',
  city: 'تهران',
  address: 'تهران، ونک، خیابان ملاصدرا',
  operator_note: null,
  description: null,
  inspection_price: 1_200_000,
  status: 'sold' as const,
  notes: [{ id: 1, content: 'مالک تا ساعت ۱۸ در دسترس است', author: 'حسین کریمی', created_at: '2025-03-11T12:00:00Z' }],
  deal_date: '2025-03-19',
  product_commission: 15_000_000,
  sale_concierge_commission: 28_500_000,
  sale_concierge_commission_percent: 1,
  buy_concierge_commission: null,
  buy_concierge_commission_percent: null,
  is_warrantied: true,
  warranty_number: 'W-14030001',
  pos_receipt_number: null,
  car_post_token: 'ab12cd',
  price: 2_850_000_000,
  deal_description: null,
  health_state: 'minor',
  reagent_switch_id: null,
  is_canceled: false,
  plan: 'پایه',
  follower: { id: 31, name: 'نرگس امینی', username: 'n.amini' },
  price_expert: null,
  is_quick_sale: false,
  is_leasing_available: true,
  supervisor: { id: 4, first_name: 'رضا', last_name: 'قاسمی', username: 'r.ghasemi' },
  sales_expert: { id: 12, name: 'حسین کریمی', phone_number: '09121112233', switch_user_id: '2041' },
  divar_post_token: 'wXy12Ab',
  divar_post_link: 'https://divar.ir/v/wXy12Ab',
  car_post_link: 'https://example.ir/car/ab12cd',
  min_price: 2_700_000_000,
  max_price: 2_950_000_000,
  pricing_description: 'بر اساس ۵ معامله اخیر',
  car_options: ['سانروف', 'دوربین عقب'],
  car_color: 'سفید',
  inspections: [{ token: 'insp-77fe', state: 'D', created_at: '2025-03-12T07:00:00Z', report_url: null }],
  pricing_items: [{ title: 'رنگ گلگیر', price: 40_000_000 }],
  price_agreements: [{ price: 2_800_000_000, created_at: '2025-03-15T10:00:00Z', description: null }],
  is_painted: true,
  painted_parts: ['گلگیر جلو راست'],
  is_damaged: false,
  damaged_parts: [],
  is_changed: false,
  changed_parts: [],
  is_smoothed: false,
  smoothed_parts: [],
  cancel_reason_types: [{ value: 'sold_elsewhere', label: 'فروش در جای دیگر' }],
  payments_list: [
    { id: 9, amount: 1_200_000, type: 'inspection', status: 'paid', paid_at: '2025-03-10T08:30:00Z', description: null },
  ],
  deal_buyer_name: 'کامران نادری',
  deal_buyer_phone_number: '09187654321',
  has_deal: true,
  deal_id: 771,
  deal_state: 'approved' as const,
  is_new_financial_model: true,
  is_count_in_offer: false,
  affidavit_documents: {
    affidavit: [{ name: 'affidavit.pdf', url: 'https://cdn.example.ir/docs/affidavit.pdf' }],
    payment_receipt: [],
    other: [],
  },
  available_city: true,
  city_id: 1,
  car_model_id: 12,
  deal_price: 2_850_000_000,
  version: 4,
};

const at = { path: `/panel/concierge-sale/${sale.id}`, route: '/panel/concierge-sale/:id' };

describe('SaleDetailScreen', () => {
  it('tells a sales expert once, in place of the sale, that another expert\'s sale is not theirs', async () => {
    const refusal = `پیام: ${SALE_MESSAGES.notYours}`;
    answerTrpc({ 'conciergeSale.detail': { error: { message: refusal, code: 'FORBIDDEN', httpStatus: 403 } } });
    renderScreen(<SaleDetailScreen />, at);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', refusal);
    // The global error layer would toast it a moment later: give it the chance, then count.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toastTitles()).toEqual([]);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it('names the follower in Persian, not by their Latin username', async () => {
    answerTrpc({
      'conciergeSale.detail': { data: sale },
      'conciergeSale.actionLog': { data: [] },
      'conciergeSale.people': { data: { supervisors: [], sales_experts: [] } },
      'auth.session': { data: null },
    });
    renderScreen(<SaleDetailScreen />, at);
    const people = await screen.findByRole('region', { name: 'افراد' });
    expect(within(people).getByText('پیگیری‌کننده').parentElement?.textContent).toBe('پیگیری‌کنندهنرگس امینی');
    expect(people.textContent).not.toContain(sale.follower!.username);
  });
});
