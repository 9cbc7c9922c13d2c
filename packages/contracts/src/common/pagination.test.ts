import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { PaginationInputSchema, paginated } from './pagination';

describe('PaginationInputSchema', () => {
  it('defaults to page 1 of 20', () => {
    expect(PaginationInputSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('coerces query-string values', () => {
    expect(PaginationInputSchema.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
  });

  it('bounds the page size at 100 and the page at 1', () => {
    expect(PaginationInputSchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(PaginationInputSchema.safeParse({ page: 0 }).success).toBe(false);
    expect(PaginationInputSchema.safeParse({ page: 1.5 }).success).toBe(false);
  });
});

describe('paginated', () => {
  it('wraps an item schema', () => {
    const Page = paginated(z.object({ id: z.number() }));
    const page: z.infer<typeof Page> = { results: [{ id: 1 }], count: 41, page: 1, pageSize: 20 };
    expect(Page.parse(page)).toEqual(page);
    expect(Page.safeParse({ ...page, results: [{ id: 'x' }] }).success).toBe(false);
  });
});
