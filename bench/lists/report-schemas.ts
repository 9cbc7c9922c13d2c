// The inspection report schemas list (issue 32, decision 110) for bench/lists: 100,000 schemas
// over the three vehicle types, Persian names, unique slugs, versions 1-6; three of them active
// (one per vehicle type, as the database holds it), so the default view (§9: active) is the
// realistic handful and "all" and "inactive" page through the rest.
import { reportSchemasListFilter } from '@panel/contracts/report-schemas';
import type { ListBench } from './list-bench';
import { deepPage, sortsDescending } from './list-bench';
import { hash, minutesAgo, pick } from './seed-sql';

const BY = 'bench-report-schemas';
const PAGE = 20;
const KINDS = ['کارشناسی پایه', 'کارشناسی جامع', 'کارشناسی بدنه', 'کارشناسی فنی', 'کارشناسی پیش از خرید', 'کارشناسی لیزینگ'];
const TYPES = ['light_car', 'heavy_car', 'motorcycle'];

export const REPORT_SCHEMAS_BENCH: ListBench = {
  name: 'report-schemas',
  table: 'report_schemas',
  procedure: 'reportSchemas.list',
  gatewayPath: '/api/report-schemas/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...reportSchemasListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO report_schemas (name, slug, vehicle_types, active_for, version, created_by, updated_by, created_at, updated_at)
     SELECT s.kind || ' ' || s.label || ' ' || g, 'bench-' || g, ARRAY[s.type], '{}', 1 + ${hash('v', 6)}, '${BY}', '${BY}', s.at, s.at
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT ${pick(KINDS, 'k')} AS kind, ${pick(TYPES, 't')} AS type,
            ${pick(['خودروی سبک', 'خودروی سنگین', 'موتورسیکلت'], 'l')} AS label, ${minutesAgo('a', 365)} AS at) s`,
    // One active schema per vehicle type (the activation key), kept with active_for as the service keeps them.
    `WITH chosen AS (SELECT DISTINCT ON (vehicle_types[1]) id, vehicle_types[1] AS type FROM report_schemas WHERE created_by = '${BY}' ORDER BY vehicle_types[1], id)
     INSERT INTO report_schema_activations (vehicle_type, schema_id, activated_by) SELECT type, id, '${BY}' FROM chosen
     ON CONFLICT (vehicle_type) DO NOTHING`,
    `UPDATE report_schemas s SET active_for = ARRAY[a.vehicle_type] FROM report_schema_activations a WHERE a.schema_id = s.id AND s.created_by = '${BY}'`,
    'VACUUM (ANALYZE) report_schemas',
  ],
  sample: (middle) => `SELECT id, slug, name FROM report_schemas WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET ${middle}`,
  cases: (s, rows) => [
    { name: 'default_active', filter: {} },
    { name: 'all', filter: { active: null } },
    { name: 'inactive', filter: { active: false } },
    { name: 'type_motorcycle', filter: { active: null, vehicleType: 'motorcycle' } },
    { name: 'search_slug', filter: { active: null, search: String(s.slug) } },
    { name: 'search_name', filter: { active: null, search: 'کارشناسی فنی موتورسیکلت' } },
    ...sortsDescending(['name', 'slug'], { active: null }),
    deepPage(rows, { active: null }),
  ],
};
