import { describe, expect, it } from 'vitest';
import { transactionsListFilter } from './transactions.schemas';

describe('the transactions list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = transactionsListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(transactionsListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });
});
