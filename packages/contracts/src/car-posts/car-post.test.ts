import { describe, expect, it } from 'vitest';
import { CarPostDetailSchema, coverImage, insuranceDeadlineText } from './car-post';

const image = (name: string, is_cover = false) => ({
  is_cover,
  name,
  type: 'image/jpeg',
  url: `https://cdn.example.ir/posts/${name}`,
});

describe('CarPostDetailSchema', () => {
  it('parses a post', () => {
    const post = CarPostDetailSchema.parse({
      id: 12,
      state: 'published',
      version: 3,
      created_at: '2025-03-18T09:12:44.512+03:30',
      submitted_at: '2025-03-18T09:12:44.512+03:30',
      car_post_link: 'https://example.ir/car/ab12cd',
      car_post_type: 'concierge_sale',
      car_post_type_fa: 'فروش با کارشناس',
      sales_expert_name: 'حسین کریمی',
      owner_name: 'سارا محمدی',
      sales_expert_phone_number: '09121112233',
      owner_phone_number: '09124445566',
      car_images: [image('front.jpg', true), image('back.jpg')],
      model_id: 40,
      brand_model: 'تویوتا کمری',
      year: 2018,
      usage: 86000,
      color: 'سفید',
      gearbox: 'اتوماتیک',
      document: 'سند تک برگ',
      body_status: 'بدون رنگ',
      third_party_insurance_deadline: '2025-10-22',
      city_id: 1,
      city: 'تهران',
      price: 2_850_000_000,
      is_discounted: true,
      discounted_price: 2_790_000_000,
      title: 'تویوتا کمری ۲۰۱۸ بدون رنگ',
      description: 'سرویس‌ها در نمایندگی انجام شده',
      concierge_sale_id: 5531,
      concierge_sale_url: 'https://panel.example.ir/panel/concierge-sale/5531',
      token: 'ab12cd',
      license_plate_code: '۱۲ ب ۳۴۵ ایران ۶۷',
      vin: 'NAAM01CA6HK410236',
      versions: [{ version: 2, created_at: '2025-03-19T10:00:00Z', editor: 'moderator', changes: { price: { from: 2_850_000_000, to: 2_790_000_000 } } }],
      inspection_token: 'insp-77fe',
      originality_label: null,
    });
    expect(post.car_images).toHaveLength(2);
    expect(post.versions[0]!.reason).toBe('');
  });
});

describe('coverImage', () => {
  it('picks the marked cover, else the first', () => {
    expect(coverImage([image('a.jpg'), image('b.jpg', true)])?.name).toBe('b.jpg');
    expect(coverImage([image('a.jpg'), image('b.jpg')])?.name).toBe('a.jpg');
    expect(coverImage([])).toBeUndefined();
  });
});

describe('insuranceDeadlineText', () => {
  // 2025-03-21 is 1 Farvardin 1404 (Tehran).
  const now = '2025-03-21T08:00:00Z';
  it('reads the deadline as a Jalali day with the whole Jalali months left', () => {
    expect(insuranceDeadlineText('2025-10-23', now)).toBe('۱۴۰۴/۰۸/۰۱ (۷ ماه مانده)');
    expect(insuranceDeadlineText('2025-10-22', now)).toBe('۱۴۰۴/۰۷/۳۰ (۶ ماه مانده)');
    expect(insuranceDeadlineText('2025-04-10', now)).toBe('۱۴۰۴/۰۱/۲۱ (کمتر از یک ماه مانده)');
    expect(insuranceDeadlineText('2025-03-21', now)).toBe('۱۴۰۴/۰۱/۰۱ (کمتر از یک ماه مانده)');
  });
  it('says when it has passed', () => {
    expect(insuranceDeadlineText('2025-03-20', now)).toBe('۱۴۰۳/۱۲/۳۰ (گذشته)');
  });
});
