import { describe, expect, it } from 'vitest';
import { ConciergeSaleDetailSchema } from './concierge-sale';
import { SAMPLE_SALE_DETAIL as sample } from './concierge-sale.sample';

describe('ConciergeSaleDetailSchema', () => {
  it('parses a sale with a deal', () => {
    expect(ConciergeSaleDetailSchema.parse(sample)).toEqual(sample);
  });

  it('refuses a commission percent over 100', () => {
    expect(ConciergeSaleDetailSchema.safeParse({ ...sample, sale_concierge_commission_percent: 120 }).success).toBe(false);
  });
});
