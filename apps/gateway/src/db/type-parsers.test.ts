import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { testDatabases } from './test-databases';

// What every driver must answer for these values, value and JS type alike.
const EXPECTED = {
  big: 9007199254740991,
  count: 3,
  money: 1250000,
  ratio: -12.5,
  at: '2025-03-20T20:30:00.123Z',
  plain: '2025-03-21T08:30:00.000Z',
  day: '2025-03-21',
  none: null,
  bigs: [1, null, 5000001],
  ats: ['2025-03-20T20:30:00.000Z'],
  days: ['2025-03-21', '2025-03-22'],
  small: 7,
  flag: true,
  names: ['a', 'b'],
};

describe.each(testDatabases())('column types on $name', ({ open, dispose }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    // A server in another zone writes timestamps with another offset; the instant must not move.
    await db.query("SET TIME ZONE 'Asia/Tehran'");
  });
  afterAll(() => dispose(db));

  const read = (q: { query: Db['query'] }) =>
    q.query(
      `SELECT 9007199254740991::int8 AS big, count(*) AS count, 1250000::numeric AS money, (-12.50)::numeric(6, 2) AS ratio,
         '2025-03-21T00:00:00.123+03:30'::timestamptz AS at, '2025-03-21 08:30:00'::timestamp AS plain,
         '2025-03-21'::date AS day, NULL::int8 AS none, ARRAY[1, NULL, 5000001]::int8[] AS bigs,
         ARRAY['2025-03-21T00:00:00+03:30']::timestamptz[] AS ats, ARRAY['2025-03-21', '2025-03-22']::date[] AS days,
         7::int4 AS small, true AS flag, ARRAY['a', 'b'] AS names
       FROM (VALUES (1), (2), (3)) AS v(n)`,
    );

  it('reads int8, numeric, timestamps and dates as the same JS values', async () => {
    const [row] = await read(db);
    expect(row).toStrictEqual(EXPECTED);
  });

  it('reads them the same inside a transaction', async () => {
    const [row] = await db.transaction((tx) => read(tx));
    expect(row).toStrictEqual(EXPECTED);
  });

  it('refuses a value a JS number cannot hold exactly instead of rounding it', async () => {
    await expect(db.query('SELECT 9007199254740993::int8 AS v')).rejects.toThrow(RangeError);
    await expect(db.query('SELECT 1234567890.1234567::numeric AS v')).rejects.toThrow(RangeError);
    expect(await db.query('SELECT 9007199254740993::int8::text AS v')).toEqual([{ v: '9007199254740993' }]);
  });
});
