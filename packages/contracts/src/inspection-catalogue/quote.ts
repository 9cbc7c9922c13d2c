import { PRICING_CONDITION_LABELS, type PricingCondition } from '../common/enums';

// How an inspection is priced (decision 100): the package's base price times one factor per
// pricing condition that applies, the product held inside a declared band, rounded to a thousand
// tomans. The gateway computes it (rates are its data); the breakdown is what staff read.

/** The combined multiplier is held inside this band, whatever the factors stack to. */
export const PRICE_MULTIPLIER_CAP = { min: 0.5, max: 2 } as const;
/** Prices are whole thousands of tomans. */
export const PRICE_ROUNDING = 1000;

/**
 * Declared order of the conditions in a breakdown (decision 100). The product does not depend on
 * it; a reader sees the surcharges first and the discount last, the same on every quote.
 */
export const CONDITION_PRECEDENCE: readonly PricingCondition[] = ['immediate_inspection', 'holiday', 'demand_peak', 'weather', 'traffic', 'promotion'];

/** Which rate wins for one condition when several are in force: the most specific key (decision 100). */
export type RateScope = 'city_package' | 'city' | 'package' | 'all';
export const RATE_SCOPE_PRECEDENCE: readonly RateScope[] = ['city_package', 'city', 'package', 'all'];
export const RATE_SCOPE_LABELS: Record<RateScope, string> = {
  city_package: 'نرخ همین شهر و همین بسته',
  city: 'نرخ همین شهر',
  package: 'نرخ همین بسته',
  all: 'نرخ همه شهرها و بسته‌ها',
};

export const rateScopeOf = (rate: { city_id: number | null; package_id: number | null }): RateScope =>
  rate.city_id !== null ? (rate.package_id !== null ? 'city_package' : 'city') : rate.package_id !== null ? 'package' : 'all';

/** One factor of a quote: which condition, by which ratio, and where the ratio came from. */
export interface QuoteFactorInput {
  condition: PricingCondition;
  ratio: number;
  /** The rate in force that gave the ratio, or null for the condition's standard ratio chosen by hand. */
  rate_id: number | null;
  scope: RateScope | 'standard';
}

export interface ComposedQuote {
  raw_multiplier: number;
  multiplier: number;
  capped: boolean;
  price: number;
}

/** Ratios are kept to three decimals, so the product is exact in thousandths before rounding. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const THOUSANDTHS = 1000n;

/**
 * base × each factor, held in the cap, rounded to a thousand tomans half away from zero
 * (decision 100). The factors of different conditions multiply, so their order does not change
 * the price; the arithmetic is exact (each ratio is whole thousandths), never a float product
 * that lands a hair under a half: 50,000 × 1.15 is 57,500, priced 58,000.
 */
export function composeQuote(base: number, factors: readonly Pick<QuoteFactorInput, 'ratio'>[]): ComposedQuote {
  // The product in units of 1 / 1000^n, exactly.
  let product = 1n;
  let scale = 1n;
  for (const factor of factors) {
    product *= BigInt(Math.round(factor.ratio * 1000));
    scale *= THOUSANDTHS;
  }
  const min = (BigInt(PRICE_MULTIPLIER_CAP.min * 1000) * scale) / THOUSANDTHS;
  const max = (BigInt(PRICE_MULTIPLIER_CAP.max * 1000) * scale) / THOUSANDTHS;
  const held = product < min ? min : product > max ? max : product;
  // base × held / scale, in thousands of tomans, half away from zero (prices are positive).
  const divisor = scale * BigInt(PRICE_ROUNDING);
  const numerator = BigInt(base) * held;
  const thousands = numerator / divisor + ((numerator % divisor) * 2n >= divisor ? 1n : 0n);
  const raw = Number(product) / Number(scale);
  const multiplier = Number(held) / Number(scale);
  return {
    raw_multiplier: round3(raw),
    multiplier: round3(multiplier),
    capped: held !== product,
    price: Number(thousands) * PRICE_ROUNDING,
  };
}

/** A ratio as staff read it: ×۱٫۲ (+۲۰٪). */
export function describeRatio(ratio: number): string {
  const percent = Math.round((ratio - 1) * 1000) / 10;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `×${ratio.toLocaleString('fa-IR', { maximumFractionDigits: 3 })} (${sign}${Math.abs(percent).toLocaleString('fa-IR')}٪)`;
}

export const conditionLabel = (condition: PricingCondition) => PRICING_CONDITION_LABELS[condition];
