import type { Generated } from 'kysely';

/** The table of `migrations/2100_report_schemas.sql`. */
export interface ReportSchemasTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface ReportSchemasTables {
  report_schemas: ReportSchemasTable;
}
