import { describe, expect, it } from 'vitest';
import { npsListFilter } from './nps.schemas';

describe('the nps list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = npsListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(npsListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });
});
