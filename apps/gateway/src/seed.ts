import { CITIES } from '@panel/contracts/common';
import type { GatewayDeps } from './deps';
import type { GatewayModule } from './modules';

/**
 * The one seed runner, beside the gateway's start (start.ts `migrateAndSeed`): `npm start`, the
 * tests and the benches all seed through it, with the settings of the environment (`SEED`,
 * `SEED_*`) or of one of the profiles below.
 */

/** Every setting the seed reads. */
export const SEED_KEYS = ['SEED', 'SEED_EXPERTS', 'SEED_ORDERS', 'SEED_CONCIERGE_SALES', 'SEED_CAR_POSTS', 'SEED_SELL_TICKETS', 'SEED_MANUAL_SMS', 'SEED_LEASING_ORDERS', 'SEED_AFFIDAVITS', 'SEED_CMS_CONTENTS', 'SEED_NPS', 'SEED_AI_TEXTS', 'SEED_DISCOUNTS'] as const;
export type SeedKey = (typeof SEED_KEYS)[number];
export type SeedSettings = Partial<Record<SeedKey, string>>;

/**
 * What a database holds (decision 092). `none`: migrations and cities only, for tests that make
 * every row they read; `small`: a little of every module's demo data, for tests that need some
 * rows of each kind; `demo`: the demo data at its default sizes (40 experts), for paging,
 * sorting and filtering over many rows. Tests seed each once per run and copy it per test.
 */
export const SEED_PROFILES = {
  none: { SEED: 'none' },
  small: { SEED: 'demo', SEED_EXPERTS: '12', SEED_ORDERS: '30', SEED_CONCIERGE_SALES: '30', SEED_CAR_POSTS: '30', SEED_SELL_TICKETS: '45', SEED_MANUAL_SMS: '25', SEED_LEASING_ORDERS: '15', SEED_AFFIDAVITS: '20', SEED_CMS_CONTENTS: '12', SEED_NPS: '40', SEED_AI_TEXTS: '40', SEED_DISCOUNTS: '20' },
  demo: { SEED: 'demo', SEED_EXPERTS: '40' },
} satisfies Record<string, SeedSettings>;
export type SeedProfile = keyof typeof SEED_PROFILES;

/**
 * Seeds the demo data set once per database: core rows first, then each module in order.
 * `seed_runs` remembers what ran, so restarts keep the data a dispatcher changed.
 */
export async function seed(deps: GatewayDeps, modules: GatewayModule[]): Promise<void> {
  const { db } = deps;
  await db.query('CREATE TABLE IF NOT EXISTS seed_runs (name text PRIMARY KEY, ran_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM seed_runs')).map((row) => row.name));
  if (!done.has('core')) {
    for (const city of CITIES) {
      await db.query('INSERT INTO cities (id, name, key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
        city.id,
        city.name,
        city.key,
      ]);
    }
    await db.query('INSERT INTO seed_runs (name) VALUES ($1)', ['core']);
  }
  if (deps.env.SEED === 'none') return;
  for (const module of modules) {
    if (!module.seed || done.has(module.name)) continue;
    await module.seed(deps);
    await db.query('INSERT INTO seed_runs (name) VALUES ($1)', [module.name]);
  }
}
