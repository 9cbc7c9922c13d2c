import { describe, expect, it } from 'vitest';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { ticketListFilter } from '@panel/contracts/inspection-tickets';
import { addressOf, nextAddress, readAddressFilter } from './address-filter';

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

  it('makes a new address of a change, and none of the value already shown (no second history entry)', () => {
    const shown = new URLSearchParams('cities=2&search=09');
    expect(nextAddress(orderListFilter, shown, { search: '09' })).toBeNull();
    expect(nextAddress(orderListFilter, shown, { search: '0912' })?.toString()).toBe('cities=2&search=0912');
    expect(nextAddress(orderListFilter, new URLSearchParams('cities=2&page=3'), { search: '09' })?.toString()).toBe('cities=2&search=09');
  });
});
