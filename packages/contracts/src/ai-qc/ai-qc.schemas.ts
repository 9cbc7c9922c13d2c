import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// کنترل کیفیت هوشمند (/panel/ai-qc): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module ai-qc`; add the entity's fields here first, the other homes follow them.

export const AI_QC_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const AiQcSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type AiQc = z.infer<typeof AiQcSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const AI_QC_SORTS = ['created_at', 'name'] as const;
export const AiQcSortSchema = z.enum(AI_QC_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const aiQcListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(AI_QC_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const AiQcListFilterSchema = aiQcListFilter.schema;
export type AiQcListFilter = z.infer<typeof AiQcListFilterSchema>;

export const AiQcPageSchema = paginated(AiQcSchema);
export type AiQcPage = z.infer<typeof AiQcPageSchema>;
