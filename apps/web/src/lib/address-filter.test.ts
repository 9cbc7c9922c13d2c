import { describe, expect, it } from 'vitest';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { ticketListFilter } from '@panel/contracts/inspection-tickets';
import { addressOf, readAddressFilter } from './address-filter';

describe('a list filter in the address', () => {
  it('round-trips a filter through the query, defaults left out, keys sorted', () => {
    const params = addressOf(orderListFilter, { state: ['R', 'C'], cities: [1, 2], search: '۰۹۱۲', qc: false, sort: 'price', isAscending: false });
    expect(params.toString()).toBe('cities=1%2C2&isAscending=false&qc=false&search=0912&sort=price&state=R%2CC');
    expect(readAddressFilter(orderListFilter, params)).toEqual({
      filter: expect.objectContaining({ state: ['R', 'C'], cities: [1, 2], search: '0912', qc: false, sort: 'price', isAscending: false, page: 1 }),
      dropped: [],
    });
    expect(addressOf(orderListFilter, {}).toString()).toBe('');
  });

  it('opens the caller-history link with every state and any day', () => {
    const { filter } = readAddressFilter(orderListFilter, new URLSearchParams('search=09121234567&date=&state='));
    expect(filter).toMatchObject({ search: '09121234567', state: [] });
    expect(filter.date).toBeUndefined();
  });

  it('keeps the good part of a damaged link and says which keys it dropped, for every list alike', () => {
    const orders = readAddressFilter(orderListFilter, new URLSearchParams('cities=2,999&brandModel=پژو&page=-1'));
    expect(orders.dropped.sort()).toEqual(['cities', 'page']);
    expect(orders.filter).toMatchObject({ brandModel: 'پژو', page: 1 });
    const tickets = readAddressFilter(ticketListFilter, new URLSearchParams('date=2025-02-30&resolved=true'));
    expect(tickets).toEqual({ filter: { resolved: true, page: 1, pageSize: 20 }, dropped: ['date'] });
  });
});
