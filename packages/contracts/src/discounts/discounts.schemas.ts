import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// کدهای تخفیف (/panel/discount): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module discounts`; add the entity's fields here first, the other homes follow them.

export const DISCOUNTS_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const DiscountsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type Discounts = z.infer<typeof DiscountsSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const DISCOUNTS_SORTS = ['created_at', 'name'] as const;
export const DiscountsSortSchema = z.enum(DISCOUNTS_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const discountsListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(DISCOUNTS_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const DiscountsListFilterSchema = discountsListFilter.schema;
export type DiscountsListFilter = z.infer<typeof DiscountsListFilterSchema>;

export const DiscountsPageSchema = paginated(DiscountsSchema);
export type DiscountsPage = z.infer<typeof DiscountsPageSchema>;
