import { it } from 'vitest';

/**
 * The databases a gateway test runs on (decision 137). MODULE-STANDARD asks for both drivers
 * where the engine is the point: a state table's walk and a concurrent-change rule (PGlite runs
 * one statement at a time, the server runs transactions side by side), and whatever reaches the
 * engine's own ways (LISTEN, its disk, its files). A list, a filter, bad input and the rest run the
 * same SQL on the same PostgreSQL either way, so they run on one driver: the server when the run
 * has one (the same tests take 2.8× as long on PGlite), else PGlite, so a run without a server
 * still runs every test once.
 */
export interface TestDriver {
  readonly name: 'PGlite' | 'PostgreSQL';
  readonly usePostgres: boolean;
}

const PGLITE: TestDriver = { name: 'PGlite', usePostgres: false };
const SERVER: TestDriver = { name: 'PostgreSQL', usePostgres: true };
const hasServer = Boolean(process.env.TEST_DATABASE_URL);

/** Every driver this run has: for the state walks and the concurrency rules. */
export const TEST_DRIVERS: readonly TestDriver[] = hasServer ? [PGLITE, SERVER] : [PGLITE];

/** The one driver of a file whose every case needs only one. */
export const SINGLE_DRIVER: readonly TestDriver[] = [hasServer ? SERVER : PGLITE];

/** Whether the driver of this name runs the cases that need only one (for `it.each` and the like, registered under an `if`). */
export const runsSingle = (driver: { name: string }): boolean => driver.name === SINGLE_DRIVER[0]!.name;

type Case = (name: string, fn: () => unknown, timeout?: number) => void;

/**
 * `it` for a case that needs one driver: in the describe of the driver that runs those, a test;
 * in the other's, nothing (not a skipped test: the case is run, once).
 */
export function onOneDriver(driver: { name: string }): Case {
  return runsSingle(driver) ? (name, fn, timeout) => it(name, fn, timeout) : () => undefined;
}
