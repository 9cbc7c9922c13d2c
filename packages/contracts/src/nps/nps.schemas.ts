import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// نظرسنجی رضایت (NPS) (/panel/nps): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module nps`; add the entity's fields here first, the other homes follow them.

export const NPS_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const NpsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type Nps = z.infer<typeof NpsSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const NPS_SORTS = ['created_at', 'name'] as const;
export const NpsSortSchema = z.enum(NPS_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const npsListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(NPS_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const NpsListFilterSchema = npsListFilter.schema;
export type NpsListFilter = z.infer<typeof NpsListFilterSchema>;

export const NpsPageSchema = paginated(NpsSchema);
export type NpsPage = z.infer<typeof NpsPageSchema>;
