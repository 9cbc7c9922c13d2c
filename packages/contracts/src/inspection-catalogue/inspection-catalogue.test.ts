import { describe, expect, it } from 'vitest';
import { PackageInputSchema, PricingRateInputSchema, composeQuote, describeRatio, rateScopeOf } from './index';

describe('inspection catalogue contracts', () => {
  it('multiplies the factors, holds the product in the cap and rounds to a thousand tomans', () => {
    expect(composeQuote(650_000, [])).toEqual({ raw_multiplier: 1, multiplier: 1, capped: false, price: 650_000 });
    expect(composeQuote(650_000, [{ ratio: 1.2 }, { ratio: 0.9 }])).toMatchObject({ multiplier: 1.08, capped: false, price: 702_000 });
    expect(composeQuote(1_450_000, [{ ratio: 1.3 }])).toMatchObject({ price: 1_885_000 });
    expect(composeQuote(1_000_000, [{ ratio: 1.5 }, { ratio: 1.5 }])).toEqual({ raw_multiplier: 2.25, multiplier: 2, capped: true, price: 2_000_000 });
    expect(composeQuote(1_000_000, [{ ratio: 0.6 }, { ratio: 0.6 }])).toMatchObject({ multiplier: 0.5, capped: true, price: 500_000 });
  });

  it('states the rule of several conditions: their factors multiply (in any order), the product is held in [0.5, 2], the price rounds half away from zero, exactly', () => {
    // Decision 100 (not decision 032's sum of percents, which gave 715,000): 650,000 × 1.2 × 0.9.
    const holidayThenPromotion = composeQuote(650_000, [{ ratio: 1.2 }, { ratio: 0.9 }]);
    expect(holidayThenPromotion.price).toBe(702_000);
    expect(composeQuote(650_000, [{ ratio: 0.9 }, { ratio: 1.2 }])).toEqual(holidayThenPromotion);
    // A half thousand rounds up even where a float product lands a hair under it.
    expect(50_000 * 1.15).toBeLessThan(57_500);
    expect(composeQuote(50_000, [{ ratio: 1.15 }]).price).toBe(58_000);
    expect(composeQuote(10_000, [{ ratio: 1.2 }, { ratio: 1.125 }]).price).toBe(14_000);
    expect(composeQuote(20_000, [{ ratio: 1.2 }, { ratio: 1.25 }, { ratio: 0.95 }]).price).toBe(29_000);
    // The cap holds the product, whatever the factors stack to; a product inside it is not capped.
    expect(composeQuote(1_900_000, [{ ratio: 1.3 }, { ratio: 1.2 }, { ratio: 1.15 }, { ratio: 1.1 }])).toEqual({ raw_multiplier: 1.973, multiplier: 1.973, capped: false, price: 3_749_000 });
    expect(composeQuote(1_900_000, [{ ratio: 1.3 }, { ratio: 1.2 }, { ratio: 1.15 }, { ratio: 1.1 }, { ratio: 1.1 }])).toMatchObject({ multiplier: 2, capped: true, price: 3_800_000 });
    expect(composeQuote(650_000, [{ ratio: 3 }])).toMatchObject({ raw_multiplier: 3, multiplier: 2, capped: true, price: 1_300_000 });
  });

  it('names a rate’s scope by the most specific key it has, and reads a ratio in Persian', () => {
    expect(rateScopeOf({ city_id: 1, package_id: 2 })).toBe('city_package');
    expect(rateScopeOf({ city_id: 1, package_id: null })).toBe('city');
    expect(rateScopeOf({ city_id: null, package_id: 2 })).toBe('package');
    expect(rateScopeOf({ city_id: null, package_id: null })).toBe('all');
    expect(describeRatio(1.2)).toBe('×۱٫۲ (+۲۰٪)');
    expect(describeRatio(0.9)).toBe('×۰٫۹ (−۱۰٪)');
  });

  it('reads a rate as typed (Persian digits and decimal point) and refuses a bad one in Persian', () => {
    const rate = PricingRateInputSchema.parse({ condition: 'holiday', city_id: '۱', package_id: '', starts_on: '۲۰۲۶-۱۲-۰۱', ends_on: '2026-12-10', ratio: '۱٫۲۵' });
    expect(rate).toMatchObject({ city_id: 1, package_id: null, starts_on: '2026-12-01', ratio: 1.25, note: '' });
    const bad = PricingRateInputSchema.safeParse({ condition: 'holiday', city_id: 999, package_id: null, starts_on: '2026-12-10', ends_on: '2026-12-01', ratio: '4' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('شهر نامعتبر است');
    expect(messages).toContain('ضریب را به صورت عدد اعشاری وارد کنید (از ۰٫۵ تا ۳، مثلاً ۱٫۲)');
  });

  it('reads a package edit: tomans with separators, cities and report fields without repeats', () => {
    const pkg = PackageInputSchema.parse({
      name: ' کارشناسی ویژه ',
      vehicle_kind_id: '۱',
      base_price: '۱٬۲۰۰٬۰۰۰',
      service_minutes: 75,
      inspection_type: 'both',
      city_ids: [2, 1, 2],
      report_fields: ['engine', 'body', 'engine'],
    });
    expect(pkg).toMatchObject({ name: 'کارشناسی ویژه', base_price: 1_200_000, city_ids: [1, 2], report_fields: ['body', 'engine'], is_active: true });
    const empty = PackageInputSchema.safeParse({ name: '', vehicle_kind_id: 1, base_price: 5, service_minutes: 5, inspection_type: 'x', city_ids: [], report_fields: [] });
    expect(empty.error!.issues.map((i) => i.path[0]).sort()).toEqual(['base_price', 'city_ids', 'inspection_type', 'name', 'report_fields', 'service_minutes']);
  });
});
