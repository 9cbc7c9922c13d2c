// The inspection catalogue's three lists (issue 29): packages, vehicle kinds and pricing rates,
// each over `rows` rows seeded by bulk SQL beside the migration's four packages and three kinds.
import { CITIES, DEFAULT_PAGE_SIZE, PRICING_CONDITION_LABELS } from '@panel/contracts/common';
import { packageListFilter, pricingRateListFilter, vehicleKindListFilter } from '@panel/contracts/inspection-catalogue';
import type { ListBench, ListCase } from './list-bench';
import { hash, pick } from './seed-sql';

const CITY_IDS = CITIES.map((c) => c.id);
const CONDITIONS = Object.keys(PRICING_CONDITION_LABELS);
const KIND_IDS = `(SELECT array_agg(id ORDER BY id) FROM vehicle_kinds)`;
const deepPage = (rows: number): ListCase => ({ name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * DEFAULT_PAGE_SIZE))) } });
const tehranDay = (offset: number) => new Date(Date.now() + 3.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

export const CATALOGUE_LISTS: ListBench[] = [
  {
    name: 'inspection-packages',
    table: 'inspection_packages',
    procedure: 'inspectionCatalogue.packages',
    gatewayPath: '/api/inspection/packages/',
    toQuery: packageListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO inspection_packages (name, vehicle_kind_id, base_price, service_minutes, inspection_type, city_ids, report_fields, is_active)
       SELECT 'بسته آزمایشی ' || g, (${KIND_IDS})[1 + ${hash('k', 3)}], (10 + ${hash('p', 2990)}) * 1000, 15 + ${hash('m', 466)},
         ${pick(['both', 'uberized', 'employed'], 't')},
         CASE WHEN ${hash('c', 4)} = 0 THEN ARRAY[${CITY_IDS.join(', ')}] ELSE ARRAY[${pick(CITY_IDS, 'c1')}, ${pick(CITY_IDS, 'c2')}] END,
         ARRAY['body', 'engine', 'documents'], ${hash('a', 5)} <> 0
       FROM generate_series(1, ${rows}) g`,
      'VACUUM (ANALYZE) inspection_packages',
    ],
    sample: (middle) => `SELECT name FROM inspection_packages WHERE name = 'بسته آزمایشی ${middle}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'search_word', filter: { search: 'آزمایشی ۴۲' } },
      { name: 'kind', filter: { kind: 2 } },
      { name: 'type', filter: { type: 'employed' } },
      { name: 'on_sale', filter: { onSale: false } },
      { name: 'city', filter: { city: 1763 } },
      { name: 'sort_base_price_desc', filter: { sort: 'base_price', isAscending: false } },
      { name: 'sort_name_desc', filter: { sort: 'name', isAscending: false } },
      { name: 'sort_service_minutes_desc', filter: { sort: 'service_minutes', isAscending: false } },
      deepPage(rows),
    ],
  },
  {
    name: 'vehicle-kinds',
    table: 'vehicle_kinds',
    procedure: 'inspectionCatalogue.vehicleKinds',
    gatewayPath: '/api/inspection/vehicle-kinds/',
    toQuery: vehicleKindListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO vehicle_kinds (name, is_active) SELECT 'نوع آزمایشی ' || g, ${hash('a', 4)} <> 0 FROM generate_series(1, ${rows}) g`,
      'VACUUM (ANALYZE) vehicle_kinds',
    ],
    sample: (middle) => `SELECT name FROM vehicle_kinds WHERE name = 'نوع آزمایشی ${middle}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'inactive', filter: { active: false } },
      deepPage(rows),
    ],
  },
  {
    name: 'pricing-rates',
    table: 'pricing_rates',
    procedure: 'inspectionCatalogue.rates',
    gatewayPath: '/api/inspection/pricing-rates/',
    toQuery: pricingRateListFilter.toQuery,
    // 390 keys (6 conditions × 12 cities or all × 4 packages or all), each a run of three-day
    // ranges around today, so no two rates of one key overlap (the demo's own rates stay).
    seed: (rows) => [
      `INSERT INTO pricing_rates (condition, city_id, package_id, starts_on, ends_on, ratio, note, created_by)
       SELECT (ARRAY['${CONDITIONS.join("', '")}'])[1 + k % 6], (ARRAY[NULL, ${CITY_IDS.join(', ')}]::int[])[1 + (k / 6) % 13],
         (ARRAY[NULL, 1, 2, 3, 4]::int[])[1 + k / 78], current_date - 400 + n * 3, current_date - 400 + n * 3 + ${hash('d', 3)},
         (50 + ${hash('r', 250)}) / 100.0, 'نرخ آزمایشی ' || g, 'bench'
       FROM (SELECT g, g % 390 AS k, g / 390 AS n FROM generate_series(1, ${rows}) g) s
       ON CONFLICT DO NOTHING`,
      'VACUUM (ANALYZE) pricing_rates',
    ],
    cases: (_s, rows) => [
      { name: 'default', filter: {} },
      { name: 'condition', filter: { condition: 'holiday' } },
      { name: 'city', filter: { city: 1 } },
      { name: 'package', filter: { package: 3 } },
      { name: 'day', filter: { day: tehranDay(0) } },
      { name: 'city_package_day', filter: { city: 2, package: 1, day: tehranDay(30) } },
      deepPage(rows),
    ],
  },
];
