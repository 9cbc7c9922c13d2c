import { describe, expect, it } from 'vitest';
import { discountsListFilter } from './discounts.schemas';

describe('the discounts list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = discountsListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(discountsListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });
});
