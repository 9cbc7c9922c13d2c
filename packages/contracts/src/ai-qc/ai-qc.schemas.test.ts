import { describe, expect, it } from 'vitest';
import { aiQcListFilter } from './ai-qc.schemas';

describe('the ai-qc list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = aiQcListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(aiQcListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });
});
