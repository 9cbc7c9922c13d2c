import { describe, expect, it } from 'vitest';
import { sellTicketListFilter } from './sell-tickets.schemas';

describe('sell ticket list filter', () => {
  it('shows the open tickets by default; closed ones and both are asked for in the address', () => {
    expect(sellTicketListFilter.parse({}).value.resolved).toBe(false);
    expect(sellTicketListFilter.toQuery({})).toEqual({});
    expect(sellTicketListFilter.parse({ resolved: 'true' }).value.resolved).toBe(true);
    expect(sellTicketListFilter.parse({ resolved: '' }).value.resolved).toBeNull();
    expect(sellTicketListFilter.toQuery({ resolved: null })).toEqual({ resolved: '' });
    expect(sellTicketListFilter.toQuery({ resolved: true })).toEqual({ resolved: 'true' });
  });
});
