import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// اطلاعات خودرو (/panel/car-info): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module car-info`; add the entity's fields here first, the other homes follow them.

export const CAR_INFO_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const CarInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type CarInfo = z.infer<typeof CarInfoSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const CAR_INFO_SORTS = ['created_at', 'name'] as const;
export const CarInfoSortSchema = z.enum(CAR_INFO_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const carInfoListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(CAR_INFO_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const CarInfoListFilterSchema = carInfoListFilter.schema;
export type CarInfoListFilter = z.infer<typeof CarInfoListFilterSchema>;

export const CarInfoPageSchema = paginated(CarInfoSchema);
export type CarInfoPage = z.infer<typeof CarInfoPageSchema>;
