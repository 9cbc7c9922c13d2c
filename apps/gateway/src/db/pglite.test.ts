import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { keepPgliteTidy, openPglite } from './pglite';

// PGlite has no autovacuum: without the upkeep a table is never analyzed and the planner guesses.
describe('keepPgliteTidy', () => {
  let db: Db | undefined;
  let stop = () => undefined as void;
  afterEach(async () => {
    stop();
    await db?.close();
  });

  it('analyzes what was written, at once and then on its interval', async () => {
    db = await openPglite();
    await db.query('CREATE TABLE rows (id int PRIMARY KEY, flag boolean NOT NULL)');
    await db.query('INSERT INTO rows SELECT g, g % 10 = 0 FROM generate_series(1, 5000) g');
    const tuples = async () => (await db!.query<{ reltuples: number }>("SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'rows'"))[0]!.reltuples;
    expect(await tuples()).toBeLessThan(1); // never analyzed: the planner knows nothing of the rows

    const runs: number[] = [];
    let ran = () => undefined as void;
    const next = () => new Promise<void>((resolve) => (ran = resolve));
    let round = next();
    stop = keepPgliteTidy(db, 50, (ms) => (runs.push(ms), ran()), (error) => expect.fail(String(error)));
    await round;
    expect(await tuples()).toBe(5000);

    await db.query('INSERT INTO rows SELECT g, false FROM generate_series(5001, 8000) g');
    round = next();
    await round; // the next round, on the interval
    expect(await tuples()).toBe(8000);
    expect(runs.length).toBeGreaterThanOrEqual(2);
  });
});
