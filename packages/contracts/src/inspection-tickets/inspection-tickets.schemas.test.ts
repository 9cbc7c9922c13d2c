import { describe, expect, it } from 'vitest';
import { TicketListFilterSchema, ticketListFilter } from './inspection-tickets.schemas';

describe('ticket list filter', () => {
  it('parses the query params of spec §2 and writes them back', () => {
    const filter = TicketListFilterSchema.parse({ date: '2025-03-21', assistant: 'sara', expert: '۱۲', query: ' ۱۲۳ ', resolved: 'true' });
    expect(filter).toMatchObject({ date: '2025-03-21', assistant: 'sara', expert: 12, query: '123', resolved: true, page: 1 });
    expect(ticketListFilter.toQuery(filter)).toEqual({ date: '2025-03-21', assistant: 'sara', expert: '12', query: '123', resolved: 'true' });
    // The open tickets are the default view, left out of the address; both are 'resolved='.
    expect(ticketListFilter.toQuery({ ...filter, resolved: false })).not.toHaveProperty('resolved');
    expect(TicketListFilterSchema.parse({ resolved: '' }).resolved).toBeNull();
  });

  it('refuses a bad flag and an impossible day in Persian', () => {
    expect(TicketListFilterSchema.safeParse({ resolved: 'maybe' }).error?.issues[0]?.message).toBe('وضعیت رسیدگی نامعتبر است');
    expect(TicketListFilterSchema.safeParse({ date: '2025-02-30' }).error?.issues[0]?.message).toBe('تاریخ نامعتبر است');
  });

  it('keeps the good values of a link with a bad one, and names the dropped ones', () => {
    expect(ticketListFilter.parse({ resolved: 'x', assistant: 'sara', date: '2025-02-30' })).toEqual({
      value: { assistant: 'sara', resolved: false, page: 1, pageSize: 20 },
      dropped: ['date', 'resolved'],
    });
  });
});
