import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { SchemaPatch, SchemaTree } from '@panel/contracts/report-schemas';

/** The tables of `migrations/2100_report_schemas.sql`. */
export interface ReportSchemasTable {
  id: Generated<number>;
  name: string;
  slug: string;
  vehicle_types: string[];
  active_for: ColumnType<string[], string[] | undefined, string[]>;
  is_active: ColumnType<boolean, never, never>;
  version: number;
  created_by: string;
  created_at: Generated<string>;
  updated_by: string;
  updated_at: ColumnType<string, string | undefined, string>;
}

export interface ReportSchemaVersionsTable {
  schema_id: number;
  version: number;
  tree: JSONColumnType<SchemaTree, string, never>;
  field_count: number;
  note: string;
  created_by: string;
  created_at: Generated<string>;
}

export interface ReportSchemaActivationsTable {
  vehicle_type: string;
  schema_id: number;
  activated_by: string;
  activated_at: Generated<string>;
}

export interface ReportSchemaCustomisationsTable {
  schema_id: number;
  model_id: number;
  base_version: number;
  patch: JSONColumnType<SchemaPatch, string, string>;
  row_version: Generated<number>;
  updated_by: string;
  updated_at: ColumnType<string, string | undefined, string>;
}

export interface ReportSchemaReportsTable {
  id: Generated<number>;
  schema_id: number;
  version: number;
  inspection_code: string;
  state: 'in_progress' | 'done';
  created_at: Generated<string>;
}

export interface ReportSchemaEditorsTable {
  schema_id: number;
  username: string;
  fullname: string;
  seen_at: ColumnType<string, string | undefined, string>;
}

export interface ReportSchemasTables {
  report_schemas: ReportSchemasTable;
  report_schema_versions: ReportSchemaVersionsTable;
  report_schema_activations: ReportSchemaActivationsTable;
  report_schema_customisations: ReportSchemaCustomisationsTable;
  report_schema_reports: ReportSchemaReportsTable;
  report_schema_editors: ReportSchemaEditorsTable;
}
