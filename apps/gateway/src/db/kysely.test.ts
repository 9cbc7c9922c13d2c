import { sql, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from './db';
import { kyselyOf } from './kysely';
import { likeContains, likePrefix, pagedList, sortOrder, tehranDayRange } from './list-query';
import { testDatabases } from './test-databases';

interface Tables {
  notes: { pk: Generated<number>; title: string; hits: number; created_at: string };
}

describe.each(testDatabases())('kysely over the seam on $name', ({ open, dispose }) => {
  let db: Db;
  const q = () => kyselyOf<Tables>(db);
  const titles = async () => (await q().selectFrom('notes').select('title').orderBy('pk').execute()).map((r) => r.title);

  beforeAll(async () => {
    db = await open();
    await db.query('CREATE TABLE notes (pk bigserial PRIMARY KEY, title text NOT NULL, hits int8 NOT NULL DEFAULT 0, created_at timestamptz NOT NULL)');
    await q()
      .insertInto('notes')
      .values([
        // 2025-03-20 23:00 UTC is already 21 March in Tehran; 20:29 UTC is still the 20th.
        { title: 'late', hits: 0, created_at: '2025-03-20T20:29:00Z' },
        { title: 'first of day', hits: 0, created_at: '2025-03-20T20:30:00Z' },
        { title: '50% off_sale', hits: 0, created_at: '2025-03-21T10:00:00Z' },
        { title: '50 percent', hits: 0, created_at: '2025-03-21T20:29:59Z' },
      ])
      .execute();
  });
  afterAll(() => dispose(db));

  it('gives one Kysely per seam and rows in the parsed types', async () => {
    expect(kyselyOf<Tables>(db)).toBe(q());
    const row = await q().selectFrom('notes').selectAll().where('title', '=', 'late').executeTakeFirstOrThrow();
    expect(row).toEqual({ pk: 1, title: 'late', hits: 0, created_at: '2025-03-20T20:29:00.000Z' });
  });

  it('reports how many rows a statement without RETURNING changed', async () => {
    const result = await q().updateTable('notes').set({ hits: 0 }).where('title', 'like', likePrefix('50')).executeTakeFirstOrThrow();
    expect(result.numUpdatedRows).toBe(2n);
  });

  it('commits a transaction through Db.transaction and rolls it back when the callback throws', async () => {
    await db.transaction(async (tx) => {
      await kyselyOf<Tables>(tx).insertInto('notes').values({ title: 'kept', hits: 0, created_at: '2025-01-01T00:00:00Z' }).execute();
    });
    const failure = new Error('refused');
    await expect(
      db.transaction(async (tx) => {
        await kyselyOf<Tables>(tx).insertInto('notes').values({ title: 'dropped', hits: 0, created_at: '2025-01-01T00:00:00Z' }).execute();
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await titles()).toContain('kept');
    expect(await titles()).not.toContain('dropped');
    await q().deleteFrom('notes').where('title', '=', 'kept').execute();
  });

  it('serialises concurrent read-then-write transactions on a FOR UPDATE lock', async () => {
    const bump = () =>
      db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const row = await trx.selectFrom('notes').select('hits').where('title', '=', 'late').forUpdate().executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await trx.updateTable('notes').set({ hits: row.hits + 1 }).where('title', '=', 'late').execute();
      });
    await Promise.all([bump(), bump(), bump()]);
    expect((await q().selectFrom('notes').select('hits').where('title', '=', 'late').executeTakeFirstOrThrow()).hits).toBe(3);
  });

  it("refuses Kysely's own transaction: the gateway's one way is db.transaction", async () => {
    const callback = vi.fn();
    await expect(q().transaction().execute(callback)).rejects.toThrow(/db\.transaction/);
    expect(callback).not.toHaveBeenCalled();
  });

  it('pages with the count of the whole filter, the columns computed for the page only', async () => {
    const filtered = q().selectFrom('notes').where('title', 'like', likeContains('5'));
    const order = sortOrder({ pk: ['pk'] }, 'pk', false);
    const columns = (query: typeof filtered) => query.select(['title', sql<number>`(SELECT count(*) FROM notes n WHERE n.pk <= notes.pk)`.as('rank')]);
    const page = await pagedList(filtered, { key: 'notes.pk', order, columns }, { page: 2, pageSize: 1 });
    expect(page).toEqual({ results: [{ title: '50% off_sale', rank: 3 }], count: 2, page: 2, pageSize: 1 });
    expect((await pagedList(filtered, { key: 'notes.pk', order, columns }, { page: 3, pageSize: 1 })).results).toEqual([]);
  });

  it('pages with totals counted in one pass when the list declares them', async () => {
    const filtered = q().selectFrom('notes').where('title', 'like', likeContains('5'));
    const totals = (notes: typeof filtered) =>
      notes.select([sql<number>`count(*)`.as('count'), sql<number>`min(pk)`.as('first')]).$castTo<{ count: number; first: number }>().executeTakeFirstOrThrow();
    const page = await pagedList(filtered, { key: 'pk', order: sql`pk`, columns: (query) => query.select('title'), totals }, { page: 1, pageSize: 1 });
    expect(page).toEqual({ results: [{ title: '50% off_sale' }], count: 2, page: 1, pageSize: 1, totals: { count: 2, first: 3 } });
  });

  it('takes LIKE wildcards in a search literally', async () => {
    const match = async (pattern: string) =>
      (await q().selectFrom('notes').select('title').where('title', 'like', pattern).orderBy('pk').execute()).map((r) => r.title);
    expect(await match(likeContains('0%'))).toEqual(['50% off_sale']);
    expect(await match(likeContains('f_s'))).toEqual(['50% off_sale']);
    expect(await match(likePrefix('50 '))).toEqual(['50 percent']);
  });

  it('selects a Tehran day as an instant range', async () => {
    const [start, end] = tehranDayRange('2025-03-21');
    expect([start, end]).toEqual(['2025-03-20T20:30:00.000Z', '2025-03-21T20:30:00.000Z']);
    const rows = await q().selectFrom('notes').select('title').where('created_at', '>=', start).where('created_at', '<', end).orderBy('pk').execute();
    expect(rows.map((r) => r.title)).toEqual(['first of day', '50% off_sale', '50 percent']);
    expect(() => tehranDayRange("2025-03-21' OR true")).toThrow(RangeError);
  });

  it('sorts by a whitelisted key only', async () => {
    const sorts = { newest: ['created_at', 'pk'], title: ['title'] } as const;
    const sorted = async (key: keyof typeof sorts, ascending: boolean) =>
      (await q().selectFrom('notes').select('title').orderBy(sortOrder(sorts, key, ascending)).execute()).map((r) => r.title);
    expect(await sorted('newest', false)).toEqual(['50 percent', '50% off_sale', 'first of day', 'late']);
    expect(await sorted('title', true)).toEqual(['50 percent', '50% off_sale', 'first of day', 'late']);
    expect(() => sortOrder(sorts, 'pk; DROP TABLE notes' as never, true)).toThrow(RangeError);
  });
});
