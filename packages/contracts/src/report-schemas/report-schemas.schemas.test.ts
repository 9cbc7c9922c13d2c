import { describe, expect, it } from 'vitest';
import { reportSchemasListFilter } from './report-schemas.schemas';

describe('the report-schemas list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = reportSchemasListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(reportSchemasListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });
});
