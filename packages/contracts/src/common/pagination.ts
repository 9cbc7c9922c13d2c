import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { wholeNumberField } from './fields';

// Digit strings accepted because list filters live in the address query, where every value is a string.
export const PaginationInputSchema = z.object({
  page: wholeNumberField('شماره صفحه نامعتبر است').default(1),
  pageSize: wholeNumberField('اندازه صفحه نامعتبر است', { max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type PaginationInput = z.infer<typeof PaginationInputSchema>;

export function paginated<T extends z.ZodType>(itemSchema: T) {
  return z.object({
    results: z.array(itemSchema),
    count: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export type Paginated<T> = { results: T[]; count: number; page: number; pageSize: number };
