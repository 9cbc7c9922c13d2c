import { describe, expect, it } from 'vitest';
import { orderListParams, readOrderListParams } from './order-list-params';

describe('order list address', () => {
  it('round-trips a filter through the query, defaults left out, keys sorted', () => {
    const params = orderListParams({ state: ['R', 'C'], cities: [1, 2], search: '۰۹۱۲', qc: false, sort: 'price', isAscending: false });
    expect(params.toString()).toBe('cities=1%2C2&isAscending=false&qc=false&search=0912&sort=price&state=R%2CC');
    expect(readOrderListParams(params)).toEqual({
      filter: expect.objectContaining({ state: ['R', 'C'], cities: [1, 2], search: '0912', qc: false, sort: 'price', isAscending: false, page: 1 }),
      dropped: [],
    });
    expect(orderListParams({}).toString()).toBe('');
  });

  it('opens the caller-history link with every state and any day', () => {
    const { filter } = readOrderListParams(new URLSearchParams('search=09121234567&date=&state='));
    expect(filter).toMatchObject({ search: '09121234567', state: [] });
    expect(filter.date).toBeUndefined();
  });

  it('keeps the good part of a damaged link', () => {
    const { filter, dropped } = readOrderListParams(new URLSearchParams('cities=2,999&brandModel=پژو&page=-1'));
    expect(dropped.sort()).toEqual(['cities', 'page']);
    expect(filter).toMatchObject({ brandModel: 'پژو', page: 1 });
  });
});
