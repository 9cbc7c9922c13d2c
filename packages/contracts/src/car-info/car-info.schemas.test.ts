import { describe, expect, it } from 'vitest';
import { CarInfoEditInputSchema, CarInfoNoteInputSchema, carInfoListFilter } from './car-info.schemas';

describe('the car-info contracts', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = carInfoListFilter.parse({ search: 'نمونه', sort: 'nonsense', page: '2' });
    expect(value).toMatchObject({ search: 'نمونه', sort: 'name', isAscending: true, page: 2 });
    expect(dropped).toEqual(['sort']);
    expect(carInfoListFilter.toQuery(value)).toEqual({ search: 'نمونه', page: '2' });
  });

  it('takes the options one a line, trimmed, without blanks or repeats', () => {
    const parsed = CarInfoEditInputSchema.parse({ id: 1, version: 0, content: ' متن ', options: 'کیسه هوا\n\n  ترمز ABS \nکیسه هوا' });
    expect(parsed).toMatchObject({ content: 'متن', options: ['کیسه هوا', 'ترمز ABS'] });
  });

  it('asks a feedback for its customer and rating', () => {
    const refused = CarInfoNoteInputSchema.safeParse({ id: 1, kind: 'feedback', body: 'خوب بود' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.path[0])).toEqual(['rating', 'author']);
  });
});
