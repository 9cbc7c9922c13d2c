// The vehicle catalogue's lists (issue 33, decision 119) for bench/lists: the management list of
// models (100,000 models over the shipped brands, a few retired) and the car-info list of types
// (100,000 types over a thousand models of their own, a third with information, some with
// comments and feedbacks). Each row passes the tables' checks; names carry the row's number.
import { catalogueModelsFilter } from '@panel/contracts/brand-models';
import { carInfoListFilter } from '@panel/contracts/car-info';
import type { ListBench } from './list-bench';
import { weighted } from './seed-sql';

const PAGE = 20;
const BRAND = `(SELECT id FROM car_brands ORDER BY id LIMIT 1 OFFSET g % 19)`;

export const CATALOGUE_MODELS_BENCH: ListBench = {
  name: 'brand-models',
  table: 'car_models',
  procedure: 'brandModels.list',
  gatewayPath: '/api/brand-models/catalogue/models/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...catalogueModelsFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO car_models (brand_id, name_fa, name_en, body_type, year_from, year_to, state, updated_at)
     SELECT ${BRAND}, 'مدل بنچ ' || g, 'Bench ' || g, ${weighted({ sedan: 5, hatchback: 2, suv: 2, pickup: 1 }, 'b')}, 1380 + g % 40, NULL,
            ${weighted({ active: 19, retired: 1 }, 's')}, now() - make_interval(mins => g)
       FROM generate_series(1, ${rows}) g`,
    'VACUUM (ANALYZE) car_models',
  ],
  // The middle row's name, found by its name (not by id order): the same search every run.
  sample: (middle) => `SELECT id, name_fa FROM car_models WHERE name_en = 'Bench ${middle}'`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'brand', filter: { brand: 2 } },
    { name: 'state_retired', filter: { state: 'retired' } },
    { name: 'search_name', filter: { search: String(s.name_fa) } },
    { name: 'sort_updated_desc', filter: { sort: 'updated_at', isAscending: false } },
    { name: 'sort_year_desc', filter: { sort: 'year_from', isAscending: false } },
    { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * PAGE))) } },
  ],
};

export const CAR_INFO_BENCH: ListBench = {
  name: 'car-info',
  table: 'car_types',
  procedure: 'carInfo.list',
  gatewayPath: '/api/car-info/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...carInfoListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO car_models (brand_id, name_fa, name_en, body_type, year_from)
     SELECT ${BRAND}, 'مدل تیپ‌دار ' || g, 'Typed ' || g, 'sedan', 1395 FROM generate_series(1, 1000) g`,
    `INSERT INTO car_types (model_id, name_fa, name_en, year_from)
     SELECT m.id, 'تیپ ' || g, 'Trim ' || g, 1395
       FROM generate_series(1, ${rows}) g
       JOIN LATERAL (SELECT id FROM car_models WHERE name_en = 'Typed ' || (1 + g % 1000)) m ON true`,
    `INSERT INTO car_info (type_id, content, options, updated_by, updated_at)
     SELECT t.id, 'توضیح ' || t.id, ARRAY['کیسه هوا', 'ترمز ABS'], 'bench', now() - make_interval(mins => t.id::int)
       FROM car_types t WHERE t.name_en LIKE 'Trim %' AND t.id % 3 = 0`,
    `INSERT INTO car_info_notes (type_id, kind, author, body, rating, state, created_by)
     SELECT t.id, 'feedback', 'مشتری', 'بازخورد', 1 + t.id % 5, 'new', 'bench' FROM car_types t WHERE t.name_en LIKE 'Trim %' AND t.id % 7 = 0`,
    'VACUUM (ANALYZE) car_types',
    'VACUUM (ANALYZE) car_info',
    'VACUUM (ANALYZE) car_info_notes',
    // The per-model counts (migration 2902) took one trigger update per type seeded: 1,077 rows in
    // 721 pages and no statistics until vacuumed, as the deployed PGlite's periodic VACUUM (ANALYZE) does.
    'VACUUM (ANALYZE) car_info_model_counts',
  ],
  // A fixed model's name, «مدل تیپ‌دار 500» (its 100 types), every run: by id order the sample
  // depended on the seed's join order (decision 131). The broad search «مدل تیپ‌دار 5» is in the
  // names of 111 models (5, 50-59, 500-599): 11,100 types (decision 136).
  sample: () => `SELECT id, name_fa FROM car_models WHERE name_en = 'Typed 500'`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'brand', filter: { brand: 3 } },
    { name: 'has_info', filter: { hasInfo: true } },
    { name: 'without_info', filter: { hasInfo: false } },
    { name: 'search_model', filter: { search: String(s.name_fa) } },
    { name: 'search_broad', filter: { search: 'مدل تیپ‌دار 5' } },
    { name: 'sort_updated_desc', filter: { sort: 'updated_at', isAscending: false } },
    { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * PAGE))) } },
  ],
};
