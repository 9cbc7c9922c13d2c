import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { paginated } from './pagination';

describe('paginated', () => {
  it('wraps an item schema', () => {
    const Page = paginated(z.object({ id: z.number() }));
    const page: z.infer<typeof Page> = { results: [{ id: 1 }], count: 41, page: 1, pageSize: 20 };
    expect(Page.parse(page)).toEqual(page);
    expect(Page.safeParse({ ...page, results: [{ id: 'x' }] }).success).toBe(false);
  });
});
