import { describe, expect, it } from 'vitest';
import { PaymentPlanFiltersSchema } from './payment-plan';

describe('PaymentPlanFiltersSchema', () => {
  it('fills the spec defaults', () => {
    expect(PaymentPlanFiltersSchema.parse({})).toEqual({
      vehicleType: 'light_car',
      searchField: 'brand',
      search: '',
      status: true,
    });
  });

  it('parses chosen filters', () => {
    expect(PaymentPlanFiltersSchema.parse({ vehicleType: 'motorcycle', searchField: 'model', search: 'هوندا', status: false }))
      .toMatchObject({ vehicleType: 'motorcycle', status: false });
  });
});
