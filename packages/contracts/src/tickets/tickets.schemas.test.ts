import { describe, expect, it } from 'vitest';
import { TicketListFilterSchema, ticketListFilterToQuery } from './tickets.schemas';

describe('TicketListFilterSchema', () => {
  it('parses the query params of spec §2 and writes them back', () => {
    const filter = TicketListFilterSchema.parse({ date: '2025-03-21', assistant: 'sara', expert: '۱۲', query: ' ۱۲۳ ', resolved: 'false' });
    expect(filter).toMatchObject({ date: '2025-03-21', assistant: 'sara', expert: 12, query: '123', resolved: false, page: 1 });
    expect(ticketListFilterToQuery(filter)).toEqual({ date: '2025-03-21', assistant: 'sara', expert: '12', query: '123', resolved: 'false' });
  });

  it('refuses a bad flag in Persian', () => {
    const result = TicketListFilterSchema.safeParse({ resolved: 'maybe' });
    expect(result.error?.issues[0]?.message).toBe('وضعیت رسیدگی نامعتبر است');
  });
});

describe('parseTicketListQuery', () => {
  it('keeps the good values of a link with a bad one', async () => {
    const { parseTicketListQuery } = await import('./tickets.schemas');
    expect(parseTicketListQuery({ resolved: 'x', assistant: 'sara' })).toEqual({ assistant: 'sara', page: 1, pageSize: 20 });
  });
});
