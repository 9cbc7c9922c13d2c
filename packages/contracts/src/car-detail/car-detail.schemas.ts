import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// جزئیات خودرو (/panel/car-detail): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module car-detail`; add the entity's fields here first, the other homes follow them.

export const CAR_DETAIL_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const CarDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type CarDetail = z.infer<typeof CarDetailSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const CAR_DETAIL_SORTS = ['created_at', 'name'] as const;
export const CarDetailSortSchema = z.enum(CAR_DETAIL_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const carDetailListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(CAR_DETAIL_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const CarDetailListFilterSchema = carDetailListFilter.schema;
export type CarDetailListFilter = z.infer<typeof CarDetailListFilterSchema>;

export const CarDetailPageSchema = paginated(CarDetailSchema);
export type CarDetailPage = z.infer<typeof CarDetailPageSchema>;
