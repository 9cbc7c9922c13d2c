import { CITIES } from '@panel/contracts/common';
import type { GatewayDeps } from '../deps';
import type { GatewayModule } from '../modules';

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
