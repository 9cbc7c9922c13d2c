import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// اسکیماهای کارشناسی (/panel/inspection/schema): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module report-schemas`; add the entity's fields here first, the other homes follow them.

export const REPORT_SCHEMAS_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const ReportSchemasSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type ReportSchemas = z.infer<typeof ReportSchemasSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const REPORT_SCHEMAS_SORTS = ['created_at', 'name'] as const;
export const ReportSchemasSortSchema = z.enum(REPORT_SCHEMAS_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const reportSchemasListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(REPORT_SCHEMAS_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const ReportSchemasListFilterSchema = reportSchemasListFilter.schema;
export type ReportSchemasListFilter = z.infer<typeof ReportSchemasListFilterSchema>;

export const ReportSchemasPageSchema = paginated(ReportSchemasSchema);
export type ReportSchemasPage = z.infer<typeof ReportSchemasPageSchema>;
