import { describe, expect, it } from 'vitest';
import { AreaSchema } from './area';

describe('AreaSchema', () => {
  it('parses an area', () => {
    const area = { id: 14, name: 'سعادت‌آباد', city: 1, city_display: 'تهران' };
    expect(AreaSchema.parse(area)).toEqual(area);
    expect(AreaSchema.safeParse({ ...area, city: '1' }).success).toBe(false);
  });
});
