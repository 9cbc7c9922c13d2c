import { sql, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { kyselyOf } from './kysely';
import { COUNT_CAP, SURELY_OVER_CAP, cappedCountOf, keysetOrder, pagedList, readCursor, type PageRequest } from './list-query';
import { testDatabases } from './test-databases';
import { runsSingle } from '../test-drivers';

// Decision 123: the capped count and keyset paging of `pagedList`: the counts and plans on both drivers, the keyset's order on one (decision 137).

interface Tables {
  visits: { pk: Generated<number>; grp: number; day: string | null; slot: string | null; created_at: string };
  many: { pk: Generated<number>; kind: number };
  big: { pk: Generated<number>; kind: number };
}

const SORTS = {
  slot: ['v.day', 'v.slot', 'v.pk'],
  created_at: ['v.created_at', 'v.pk'],
  grp: ['v.grp', 'v.pk'],
} as const;
type Sort = keyof typeof SORTS;

describe.each(testDatabases())('list paging on $name', ({ name, open, dispose }) => {
  let db: Db;
  const q = () => kyselyOf<Tables>(db);

  beforeAll(async () => {
    db = await open();
    // 300 visits: a day missing on every 11th, a slot missing on every 7th (nulls in the middle
    // of a day and at the end), few distinct values so ties run across pages, instants to the microsecond.
    await db.query('CREATE TABLE visits (pk bigserial PRIMARY KEY, grp int NOT NULL, day date, slot text, created_at timestamptz NOT NULL)');
    await db.query(`INSERT INTO visits (grp, day, slot, created_at)
      SELECT g % 4, CASE WHEN g % 11 = 0 THEN NULL ELSE date '2026-01-01' + (g % 5) END,
             CASE WHEN g % 7 = 0 THEN NULL ELSE (ARRAY['08-10', '10-12', '14-16'])[1 + g % 3] END,
             timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(secs => (g % 50) * 0.000001 + (g % 13))
      FROM generate_series(1, 300) g`);
    await db.query(`CREATE TABLE many (pk bigserial PRIMARY KEY, kind int NOT NULL)`);
    await db.query(`INSERT INTO many (kind) SELECT CASE WHEN g <= ${COUNT_CAP + 500} THEN 1 ELSE 2 END FROM generate_series(1, ${COUNT_CAP + 600}) g`);
    await db.query(`CREATE TABLE big (pk bigserial PRIMARY KEY, kind int NOT NULL)`);
    await db.query(`INSERT INTO big (kind) SELECT CASE WHEN g % 2400 = 0 THEN 2 ELSE 1 END FROM generate_series(1, ${2 * SURELY_OVER_CAP + 20_000}) g`);
    await db.query('ANALYZE many');
    await db.query('ANALYZE big');
  });
  afterAll(() => dispose(db));

  // The request is the whole filter (as a list passes it): the cursor is bound to its sort and filter too.
  const list = (sort: Sort, ascending: boolean, request: { page: number; pageSize: number; after?: string; grp?: number }) => {
    const filter: PageRequest = { ...request, sort, ascending } as PageRequest;
    let filtered = q().selectFrom('visits as v');
    if (request.grp !== undefined) filtered = filtered.where('v.grp', '=', request.grp);
    return pagedList(
      filtered,
      { key: 'v.pk', ...keysetOrder(SORTS, sort, ascending, ['v.day', 'v.slot']), columns: (query) => query.select(['v.pk']) },
      filter,
    );
  };

  // Ordering and cursors are the same SQL on the same engine either way: one driver (test-drivers.ts).
  if (runsSingle({ name })) {
    it.each([
      ['slot', true],
      ['slot', false],
      ['created_at', true],
      ['created_at', false],
      ['grp', false],
    ] as const)('pages by keyset (%s, ascending %s) exactly as by offset, to the end', async (sort, ascending) => {
      const pageSize = 7;
      let after: string | undefined;
      let keyset = 0;
      for (let page = 1; page <= Math.ceil(300 / pageSize); page += 1) {
        const byKeyset = await list(sort, ascending, { page, pageSize, after });
        const byOffset = await list(sort, ascending, { page, pageSize });
        expect(byKeyset.results.map((r) => r.pk), `page ${page}`).toEqual(byOffset.results.map((r) => r.pk));
        if (after && readCursor(after, { columns: SORTS[sort], ascending, nullable: [] }, { page, pageSize, sort, ascending } as never)) keyset += 1;
        after = byKeyset.next;
      }
      // The last page is short: no next.
      expect(after).toBeUndefined();
      // Most pages were read after a cursor, not by OFFSET (pages that start on a null key are not).
      expect(keyset).toBeGreaterThan(20);
    });
    it.each([
      ['slot', true],
      ['slot', false],
      ['created_at', true],
      ['created_at', false],
      ['grp', true],
    ] as const)('pages back by keyset (%s, ascending %s) exactly as by offset, from the last page to the first', async (sort, ascending) => {
      const pageSize = 7;
      const pages = Math.ceil(300 / pageSize);
      let after: string | undefined;
      for (let page = 1; page < pages; page += 1) after = (await list(sort, ascending, { page, pageSize, after })).next;
      let read = await list(sort, ascending, { page: pages, pageSize, after });
      let back = 0;
      for (let page = pages - 1; page >= 1; page -= 1) {
        const previous = read.previous;
        expect(previous, `page ${page + 1} names the page before`).toBeDefined();
        if (readCursor(previous, { columns: SORTS[sort], ascending, nullable: [] }, { page, pageSize, sort, ascending } as never)?.back) back += 1;
        read = await list(sort, ascending, { page, pageSize, after: previous });
        const byOffset = await list(sort, ascending, { page, pageSize });
        expect(read.results.map((r) => r.pk), `page ${page}`).toEqual(byOffset.results.map((r) => r.pk));
      }
      // The first page has none before it.
      expect(read.previous).toBeUndefined();
      // Most pages were read before a cursor, not by OFFSET (a first row with a null key has no cursor).
      expect(back).toBeGreaterThan(20);
    });
  }

  it.each([
    ['slot', true],
    ['slot', false],
    ['created_at', false],
  ] as const)('counts and pages a filter planned under the cap in one pass (%s, ascending %s): the same pages, an exact count, next while more are left', async (sort, ascending) => {
    const pageSize = 9;
    const onePass = (page: number, after?: string) =>
      pagedList(
        q().selectFrom('visits as v').where('v.grp', '=', 1),
        { key: 'v.pk', ...keysetOrder(SORTS, sort, ascending, ['v.day', 'v.slot']), cappedCount: q(), onePass: true, columns: (query) => query.select(['v.pk']) },
        { page, pageSize, after, sort, ascending } as PageRequest,
      );
    let after: string | undefined;
    const pages = Math.ceil(75 / pageSize);
    for (let page = 1; page <= pages; page += 1) {
      const read = await onePass(page, after);
      const byOffset = await list(sort, ascending, { page, pageSize, grp: 1 });
      expect(read.results.map((r) => r.pk), `page ${page}`).toEqual(byOffset.results.map((r) => r.pk));
      expect(read.count).toBe(75);
      expect(read).not.toHaveProperty('estimated');
      expect(read.next === undefined, `page ${page}`).toBe(page === pages);
      after = read.next;
    }
    expect((await onePass(pages + 1)).results).toEqual([]);
  });

  it('pages and counts as usual when a filter planned under the cap keeps more (the planner was wrong)', async () => {
    // The planner cannot read `pk % 1 = 0` and expects a few rows; every one of 10,600 is kept.
    const page = await pagedList(
      q().selectFrom('many').where(sql<boolean>`pk % 1 = 0`),
      { key: 'pk', ...keysetOrder({ pk: ['pk'] }, 'pk', true), cappedCount: q(), onePass: true, columns: (query) => query.select('pk') },
      { page: 2, pageSize: 5 },
    );
    expect(page.results.map((r) => r.pk)).toEqual([6, 7, 8, 9, 10]);
    expect(page.estimated).toBe(true);
    expect(page.count).toBeGreaterThan(COUNT_CAP);
    expect(page.next).toBeDefined();
  });

  it('reads a page by OFFSET when the cursor is of another filter, page or a bad text', async () => {
    const first = await list('created_at', true, { page: 1, pageSize: 10, grp: 1 });
    expect(first.next).toBeDefined();
    const other = await list('created_at', true, { page: 2, pageSize: 10, grp: 2, after: first.next });
    const offset = await list('created_at', true, { page: 2, pageSize: 10, grp: 2 });
    expect(other.results).toEqual(offset.results);
    const skipped = await list('created_at', true, { page: 3, pageSize: 10, grp: 1, after: first.next });
    expect(skipped.results).toEqual((await list('created_at', true, { page: 3, pageSize: 10, grp: 1 })).results);
    const bad = await list('created_at', true, { page: 2, pageSize: 10, grp: 1, after: 'not-a-cursor' });
    expect(bad.results).toEqual((await list('created_at', true, { page: 2, pageSize: 10, grp: 1 })).results);
  });

  it('counts exactly up to the cap and estimates above it', async () => {
    const many = () => q().selectFrom('many');
    expect(await cappedCountOf(q(), many().where('kind', '=', 2))).toEqual({ count: 100 });
    expect(await cappedCountOf(q(), many().where('kind', '=', 3))).toEqual({ count: 0 });
    expect(await cappedCountOf(q(), many().where('kind', '=', 1).where('pk', '<=', COUNT_CAP))).toEqual({ count: COUNT_CAP });
    const estimated = await cappedCountOf(q(), many().where('kind', '=', 1));
    expect(estimated.estimated).toBe(true);
    // The planner's figure (10,500 rows, analyzed), rounded to three figures, never at or below the cap.
    expect(estimated.count).toBeGreaterThan(COUNT_CAP);
    expect(estimated.count).toBeLessThan(12_000);
    const page = await pagedList(many(), { key: 'pk', order: sql`pk`, cappedCount: q(), columns: (query) => query.select('pk') }, { page: 1, pageSize: 5 });
    expect(page).toMatchObject({ count: estimated.count > 0 ? expect.any(Number) : 0, estimated: true, page: 1, pageSize: 5 });
    expect(page.results.map((r) => r.pk)).toEqual([1, 2, 3, 4, 5]);
  });

  it('takes the plan alone for a filter it expects five times the cap, counts one it expects under, and knows the count from a short page', async () => {
    const big = () => q().selectFrom('big');
    const planned = await cappedCountOf(q(), big().where('kind', '=', 1));
    expect(planned.estimated).toBe(true);
    expect(planned.count).toBeGreaterThanOrEqual(SURELY_OVER_CAP);
    expect(await cappedCountOf(q(), big().where('kind', '=', 2))).toEqual({ count: 50 });
    // Estimated past the cap, but the first page is short: the count is that page's rows.
    const few = await pagedList(q().selectFrom('many').where('kind', '=', 1).where('pk', '>', COUNT_CAP + 497), { key: 'pk', order: sql`pk`, cappedCount: q(), columns: (query) => query.select('pk') }, { page: 1, pageSize: 20 });
    expect(few.count).toBe(few.results.length);
    expect(few).not.toHaveProperty('estimated');
  });
});
