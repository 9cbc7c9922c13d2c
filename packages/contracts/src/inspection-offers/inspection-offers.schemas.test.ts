import { describe, expect, it } from 'vitest';
import { OFFER_WORKFLOW, offerListFilter } from './inspection-offers.schemas';

describe('inspection offers contract', () => {
  it('round-trips its filter through the address and drops what it cannot read', () => {
    const filter = offerListFilter.schema.parse({ state: 'open,expired', cities: '1,۲', date: '2026-11-23' });
    expect(filter).toMatchObject({ state: ['open', 'expired'], cities: [1, 2], date: '2026-11-23', page: 1 });
    expect(offerListFilter.parse(offerListFilter.toQuery(filter))).toEqual({ value: filter, dropped: [] });
    expect(offerListFilter.parse({ state: 'maybe', date: '2026-02-30' }).dropped.sort()).toEqual(['date', 'state']);
  });

  it('closes an offer once: only an open offer is accepted, expired or removed', () => {
    for (const closed of ['accepted', 'expired', 'removed'] as const) expect(OFFER_WORKFLOW.allowed(closed)).toEqual([]);
    expect(OFFER_WORKFLOW.target('decline', 'open')).toBe('open');
  });
});
