import pg from 'pg';

/**
 * One mapping from PostgreSQL text values to JS values, given to both drivers (PGlite's
 * `parsers` option, node-postgres' per-pool `types`), so a service reads the same types on
 * either: int8 and numeric as numbers, timestamps as `toISOString()` strings, dates as
 * 'YYYY-MM-DD'. Left alone, node-postgres gives int8 and numeric as strings and PGlite gives
 * int8 as numbers, numeric as strings; both give timestamps as Dates and dates as Dates at a
 * midnight that depends on the host's zone.
 */

const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const ARRAY_OF: Record<number, number> = {
  1016: PG_TYPE.INT8,
  1231: PG_TYPE.NUMERIC,
  1182: PG_TYPE.DATE,
  1115: PG_TYPE.TIMESTAMP,
  1185: PG_TYPE.TIMESTAMPTZ,
};

// A number that cannot hold the stored value exactly would be a silent wrong answer; failing
// loudly tells the author to select that column `::text` instead.
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} does not fit a JS number; select it ::text`);
  return value;
}

const MAX_EXACT_DIGITS = 15;

function parseNumeric(text: string): number {
  const significant = text.replace(/^[-+]/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  const value = Number(text);
  if (significant.length > MAX_EXACT_DIGITS || !Number.isFinite(value)) {
    throw new RangeError(`numeric ${text} does not fit a JS number exactly; select it ::text`);
  }
  return value;
}

// node-postgres' own timestamp reader (postgres-date) knows every output form of the server
// (offsets like +03:30, microseconds, BC years); only its result is turned into a string.
const defaultParser = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (text: string) => unknown;
const readTimestamptz = defaultParser(PG_TYPE.TIMESTAMPTZ, 'text') as (text: string) => Date | number;

function toIso(text: string, zoned: string): string {
  const value = readTimestamptz(zoned);
  return value instanceof Date ? value.toISOString() : text;
}

const parseTimestamptz = (text: string) => toIso(text, text);
// A timestamp without zone is read as UTC, never in the host's zone.
const parseTimestamp = (text: string) => toIso(text, `${text}+00`);
const parseDate = (text: string) => text;

export const SCALAR_PARSERS: Record<number, (text: string) => unknown> = {
  [PG_TYPE.INT8]: parseInt8,
  [PG_TYPE.NUMERIC]: parseNumeric,
  [PG_TYPE.DATE]: parseDate,
  [PG_TYPE.TIMESTAMP]: parseTimestamp,
  [PG_TYPE.TIMESTAMPTZ]: parseTimestamptz,
};

const TEXT_ARRAY = 1009;
const readTextArray = defaultParser(TEXT_ARRAY, 'text') as (text: string) => unknown[];

function mapArray(values: unknown[], parse: (text: string) => unknown): unknown[] {
  return values.map((value) => (Array.isArray(value) ? mapArray(value, parse) : value === null ? null : parse(value as string)));
}

/** The `types` option of a node-postgres pool: ours first, then node-postgres' defaults. */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      const scalar = SCALAR_PARSERS[oid];
      if (scalar) return scalar;
      const element = ARRAY_OF[oid];
      if (element !== undefined) return (text: string) => mapArray(readTextArray(text), SCALAR_PARSERS[element]!);
    }
    return defaultParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};
