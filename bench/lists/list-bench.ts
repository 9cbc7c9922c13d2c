// What every list of bench/lists is declared with (catalogue.ts gathers them), and the values
// their seeds share: the catalogue's packages, cities, cars, national codes, days.
import { CITIES, DEFAULT_PAGE_SIZE, type QueryRecord } from '@panel/contracts/common';

/** The packages the inspection catalogue's migration (1600) holds, at their base prices. */
export const INSPECTION_PACKAGES = [
  { name: 'کارشناسی پایه', price: 650_000 },
  { name: 'کارشناسی استاندارد', price: 950_000 },
  { name: 'کارشناسی جامع', price: 1_450_000 },
  { name: 'کارشناسی فوری', price: 1_900_000 },
] as const;

export type Filter = Record<string, unknown>;
export type Sample = Record<string, string | number>;

export interface ListCase {
  name: string;
  filter: Filter;
  /** Another procedure of the same list (the tab counts); the list's own when absent. */
  route?: Route;
}

export interface Route {
  /** The tRPC procedure, 'router.procedure'. */
  procedure: string;
  /** The gateway path the BFF calls for it (the baseline calls it straight). */
  gatewayPath: string;
  /** The filter as the BFF sends it to the gateway (the list kit's `toQuery`). */
  toQuery: (filter: never) => QueryRecord;
}

export interface ListBench extends Route {
  /** The module that owns the list (whose migrations hold its indexes). */
  name: string;
  /** The table whose rows the list pages through (counted after seeding). */
  table: string;
  /** Lists whose rows this one's seed refers to (seeded first, never twice). */
  requires?: string[];
  /** Statements that add `rows` rows; the last ones VACUUM (ANALYZE) what they filled, as autovacuum would. */
  seed: (rows: number) => string[];
  /** One row of values the search cases look for, from the seeded row `middle` (half of `rows`). */
  sample?: (middle: number) => string;
  cases: (sample: Sample, rows: number) => ListCase[];
}

export const CITY_IDS = CITIES.map((c) => c.id);
export const MODEL_ARRAY = `(SELECT array_agg(id ORDER BY id) FROM car_models WHERE vehicle_type = 'light_car')`;
export const EXPERT_ARRAY = `(SELECT array_agg(pk ORDER BY pk) FROM experts)`;
export const usersWithRole = (role: string, column = 'id') => `(SELECT array_agg(${column} ORDER BY id) FROM users WHERE '${role}' = ANY(roles))`;
export const CARS = ['پژو ۲۰۶ تیپ ۲', 'پژو ۴۰۵ GLX', 'پژو پارس', 'سمند LX', 'دنا پلاس', 'پراید ۱۳۱', 'تیبا ۲', 'کوییک R', 'ساینا', 'شاهین', 'هیوندای سوناتا', 'کیا سراتو', 'تویوتا کرولا', 'رنو ساندرو'];
export const ORDER_CODE_BASE = 7_000_000;
export const REVIEW_CODE_BASE = 8_000_000;
export const TICKET_TITLES = ['تاخیر کارشناس', 'اعتراض به گزارش', 'درخواست بازدید مجدد', 'پیگیری پرداخت', 'ویرایش آگهی', 'قیمت پیشنهادی'];
export const SALE_TOKEN = (row: string) => `'cs-b' || lpad(${row}::text, 7, '0')`;

/** Sorting by each column the screen sorts by, descending (the index read backwards, or a sort). */
export const sortsDescending = (columns: readonly string[], base: Filter = {}): ListCase[] =>
  columns.map((sort) => ({ name: `sort_${sort}_desc`, filter: { ...base, sort, isAscending: false } }));

/** Page 2,000 of 20 at 100,000 rows (scaled with BENCH_ROWS): most of the table skipped. */
export const deepPage = (rows: number, base: Filter = {}): ListCase => ({
  name: 'deep_page',
  filter: { ...base, page: Math.max(2, Math.floor(rows / (2.5 * DEFAULT_PAGE_SIZE))) },
});

/** National codes whose check digit is right (the leasing orders' database check), 40 of them. */
export const NATIONAL_IDS = Array.from({ length: 40 }, (_, i) => {
  const body = String(123_456_00 + i * 7_919).padStart(9, '0').slice(0, 9);
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (10 - k), 0) % 11;
  return `${body}${sum < 2 ? sum : 11 - sum}`;
});

export const today = () => new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);
export const daysAgo = (days: number) => new Date(Date.now() + 3.5 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
