import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGatewayEnv } from './env';
import { SEED_PROFILES } from './seed';
import { prepareGateway } from './start';
import { TEST_ENV } from './testing';

// The start command's defaults: the gateway on an embedded PGlite whose data folder it creates,
// migrates and seeds at its first start and keeps across restarts: the restart is proven nowhere
// else (the end-to-end panels start once), nor the first start where they run on a server (decision 135).
describe('a gateway on a PGlite data folder, as `npm start` runs it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-gateway-start-'));
  const env = parseGatewayEnv({ ...TEST_ENV, JWT_SECRET: randomBytes(32).toString('base64url'), GATEWAY_DATA_DIR: dataDir, ...SEED_PROFILES.small });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates and seeds the new folder at its first start, and a restart keeps what changed without seeding again', async () => {
    const first = await prepareGateway(env);
    const migrations = await first.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    const seeded = await first.deps.db.query<{ name: string; ran_at: Date }>('SELECT name, ran_at FROM seed_runs ORDER BY name');
    const [order] = await first.deps.db.query<{ pk: number }>('SELECT pk FROM inspections ORDER BY pk LIMIT 1');
    await first.deps.db.query("UPDATE inspections SET customer_name = 'نام پس از شروع' WHERE pk = $1", [order!.pk]);
    const [orders] = await first.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inspections');
    expect(migrations[0]!.n).toBeGreaterThan(50);
    expect(seeded.map((run) => run.name)).toContain('core');
    expect(orders!.n).toBeGreaterThan(0);
    await first.close();

    const second = await prepareGateway(env);
    try {
      expect(await second.deps.db.query('SELECT count(*)::int AS n FROM schema_migrations')).toEqual(migrations);
      expect(await second.deps.db.query('SELECT name, ran_at FROM seed_runs ORDER BY name')).toEqual(seeded);
      expect(await second.deps.db.query('SELECT count(*)::int AS n FROM inspections')).toEqual([orders]);
      expect(await second.deps.db.query('SELECT customer_name FROM inspections WHERE pk = $1', [order!.pk])).toEqual([{ customer_name: 'نام پس از شروع' }]);
      expect((await second.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
    // Two starts, the first migrating and seeding: a minute and more on a loaded two-core machine.
  }, 180_000);
});
