import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepPgliteTidy, openPglite, tarEntries, withoutEntries } from './pglite';

// One database for the file: a PGlite made from nothing runs initdb, seconds of CPU.
let db: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  db = await openPglite();
});
afterAll(() => db.close());

// PGlite has no autovacuum: without the upkeep a table is never analyzed and the planner guesses.
describe('keepPgliteTidy', () => {
  let stop = () => undefined as void;
  afterEach(() => stop());

  it('analyzes what was written, at once and then on its interval', async () => {
    await db.query('CREATE TABLE rows (id int PRIMARY KEY, flag boolean NOT NULL)');
    await db.query('INSERT INTO rows SELECT g, g % 10 = 0 FROM generate_series(1, 5000) g');
    const tuples = async () => (await db.query<{ reltuples: number }>("SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'rows'"))[0]!.reltuples;
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

/** The names in a tar, in order. */
const entries = (tar: Uint8Array) => [...tarEntries(tar)].map((entry) => entry.name);

describe('a PGlite dump (the tests\' snapshots)', () => {
  it('holds one WAL segment after its checkpoint, and a database started from it has every row and takes writes', async () => {
    await db.query('CREATE TABLE t (id int PRIMARY KEY, v text)');
    // Rows on both sides of a switch to a new WAL segment, so the data folder holds two.
    await db.query("INSERT INTO t SELECT g, 'x' FROM generate_series(1, 1000) g");
    await db.query('SELECT pg_switch_wal()');
    await db.query("INSERT INTO t SELECT g, 'y' FROM generate_series(1001, 2000) g");
    const dump = new Uint8Array(await (await db.dump()).arrayBuffer());
    expect(entries(dump).filter((name) => /\/pg_wal\/[0-9A-F]{24}$/.test(name))).toHaveLength(1);

    const copy = await openPglite(undefined, new Blob([dump]));
    await copy.execute("INSERT INTO t VALUES (0, 'after')");
    expect(await copy.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 2_001 }]);
    await copy.close();
  });

  it('drops the picked entries of a tar and keeps the rest whole', () => {
    const block = (name: string, body: string) => {
      const header = new Uint8Array(512);
      header.set(new TextEncoder().encode(name), 0);
      header.set(new TextEncoder().encode(body.length.toString(8).padStart(11, '0')), 124);
      header[156] = '0'.charCodeAt(0);
      const data = new Uint8Array(Math.ceil(body.length / 512) * 512);
      data.set(new TextEncoder().encode(body));
      return [header, data];
    };
    const parts = [...block('/a', 'one'), ...block('/pg_wal/x', 'two'.repeat(300)), ...block('/b', 'three'), new Uint8Array(1024)];
    const tar = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (tar.set(p, at), at + p.length), 0);
    const kept = withoutEntries(tar, (name) => name.startsWith('/pg_wal/'));
    expect(entries(kept)).toEqual(['/a', '/b']);
    expect(new TextDecoder().decode(kept.subarray(1024 + 512, 1024 + 512 + 5))).toBe('three');
  });
});
