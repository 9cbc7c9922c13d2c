import { z } from 'zod';

export function paginated<T extends z.ZodType>(itemSchema: T) {
  return z.object({
    results: z.array(itemSchema),
    count: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export type Paginated<T> = { results: T[]; count: number; page: number; pageSize: number };
