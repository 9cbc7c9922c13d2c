import { describe, expect, it } from 'vitest';
import { carInfoListFilter } from './car-info.schemas';

describe('the car-info list filter', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = carInfoListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'created_at', isAscending: false, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(carInfoListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });
});
