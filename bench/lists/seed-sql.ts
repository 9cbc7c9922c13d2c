// SQL fragments for seeding 100,000 rows in one INSERT ... SELECT over generate_series(1, n) g.
// Every "random" choice is a hash of the row number and a salt, so a run seeds the same rows on
// PGlite and PostgreSQL and two runs are comparable; no round trip per row.

/** A whole number in [0, modulo) chosen by row `g` and `salt`. */
export const hash = (salt: string, modulo: number, row = 'g') => `(abs(hashtext(${row}::text || '${salt}')) % ${modulo})`;

const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);

/** One of `values`, the same for the same row and salt. */
export function pick(values: readonly (string | number)[], salt: string, row = 'g'): string {
  return `(ARRAY[${values.map(literal).join(', ')}])[1 + ${hash(salt, values.length, row)}]`;
}

/** One of `weights`' keys, each as often as its weight (the weights are small whole numbers). */
export function weighted(weights: Record<string, number>, salt: string, row = 'g'): string {
  return pick(
    Object.entries(weights).flatMap(([value, weight]) => Array.from({ length: weight }, () => value)),
    salt,
    row,
  );
}

/** An element of a SQL array expression (`(SELECT array_agg(...))`), chosen by row and salt. */
export const pickFrom = (array: string, salt: string, row = 'g') => `(${array})[1 + ${hash(salt, 1_000_003, row)} % cardinality(${array})]`;

/** An instant in the last `days` days, to the minute. */
export const minutesAgo = (salt: string, days: number, row = 'g') => `(now() - make_interval(mins => ${hash(salt, days * 1440, row)}))`;

/** A mobile number '09..' that differs for each row below 10 million. */
export const phone = (prefix: '0912' | '0935' | '0919', row = 'g', salt = 7919) => `'${prefix}' || lpad(((${row}::bigint * ${salt}) % 10000000)::text, 7, '0')`;

export const FIRST_NAMES = ['علی', 'محمد', 'رضا', 'حسین', 'مهدی', 'زهرا', 'فاطمه', 'مریم', 'سارا', 'نرگس', 'امیر', 'حمید', 'نیلوفر', 'پریسا', 'کاوه', 'بهاره'];
export const LAST_NAMES = ['رضایی', 'احمدی', 'محمدی', 'حسینی', 'کریمی', 'موسوی', 'جعفری', 'کاظمی', 'صادقی', 'نوری', 'رحیمی', 'طاهری', 'قاسمی', 'شریفی'];
/** A Persian full name: 224 combinations, so one name matches about 450 of 100,000 rows. */
export const personName = (salt: string, row = 'g') => `${pick(FIRST_NAMES, `${salt}f`, row)} || ' ' || ${pick(LAST_NAMES, `${salt}l`, row)}`;
