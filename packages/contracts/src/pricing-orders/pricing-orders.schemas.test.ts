import { describe, expect, it } from 'vitest';
import { pricingOrderListFilter, pricingOrderSort } from './pricing-orders.schemas';

describe('pricing order list filter (decision 081)', () => {
  it('opens on the waiting tab in its own order; a chosen column replaces it', () => {
    const defaults = pricingOrderListFilter.defaults;
    expect(defaults).toMatchObject({ status: 'PE', page: 1, pageSize: 20 });
    expect(defaults.sort).toBeUndefined();
    expect(pricingOrderSort(defaults)).toEqual({ sort: 'created_at', isAscending: true });
    expect(pricingOrderSort({ ...defaults, status: 'DO' })).toEqual({ sort: 'estimated_at', isAscending: false });
    expect(pricingOrderSort({ ...defaults, status: 'DO', sort: 'year', isAscending: false })).toEqual({ sort: 'year', isAscending: false });
  });

  it('reads an address in any digits and writes only what differs from the defaults', () => {
    const { value, dropped } = pricingOrderListFilter.parse({ status: 'DO', cities: '۱,2', model: '۱۲', mine: 'true', from: '2025-03-01', sort: 'usage', isAscending: 'false', expert: 'hamid' });
    expect(dropped).toEqual([]);
    expect(value).toMatchObject({ status: 'DO', cities: [1, 2], model: 12, mine: true, from: '2025-03-01', sort: 'usage', isAscending: false, expert: 'hamid' });
    expect(pricingOrderListFilter.toQuery(value)).toEqual({ page: '1', status: 'DO', cities: '1,2', model: '12', mine: 'true', from: '2025-03-01', sort: 'usage', isAscending: 'false', expert: 'hamid' });
    expect(pricingOrderListFilter.parse({ sort: 'phone_number' }).dropped).toEqual(['sort']);
  });

  it('always writes the page and the tab, as the spec addresses the list (page=1&status=PE; issue 28: a tab click dropped page=1)', () => {
    const defaults = pricingOrderListFilter.defaults;
    expect(pricingOrderListFilter.toQuery({ ...defaults, page: 1, status: 'IP' })).toEqual({ page: '1', status: 'IP' });
    expect(pricingOrderListFilter.toQuery(defaults)).toEqual({ page: '1', status: 'PE' });
    expect(pricingOrderListFilter.toQuery({ ...defaults, page: 3 })).toEqual({ page: '3', status: 'PE' });
  });
});
