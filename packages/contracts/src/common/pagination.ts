import { z } from 'zod';

export function paginated<T extends z.ZodType>(itemSchema: T) {
  return z.object({
    results: z.array(itemSchema),
    count: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** The count is the planner's estimate, past 10,000 rows (decision 123): shown as «حدود …». */
    estimated: z.literal(true).optional(),
    /** The cursor of this page's last row, for the next page's `after` (keyset paging). */
    next: z.string().optional(),
    /** The cursor of this page's first row, for the page before's `after` (the pager's «previous», keyset paging). */
    previous: z.string().optional(),
  });
}
export type Paginated<T> = { results: T[]; count: number; page: number; pageSize: number; estimated?: true; next?: string; previous?: string };
