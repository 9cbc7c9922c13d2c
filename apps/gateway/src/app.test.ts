import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from './testing';
import { TEST_DRIVERS, onOneDriver } from './test-drivers';

describe.each(TEST_DRIVERS)('gateway on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'demo' });
  });
  afterAll(() => gateway.close());

  it('answers health with its database driver', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: usePostgres ? 'postgres' : 'pglite' });
  });

  once('has migrated and seeded the cities of the spec', async () => {
    const rows = await gateway.deps.db.query<{ id: number }>('SELECT id FROM cities ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 12, 103, 150, 1751, 1763]);
  });

  once('answers unknown paths in the upstream shape', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'یافت نشد' });
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      gateway.deps.db.transaction(async (tx) => {
        await tx.query("INSERT INTO cities (id, name, key) VALUES (9999, 'x', 'x')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gateway.deps.db.query('SELECT id FROM cities WHERE id = 9999')).toEqual([]);
  });
});
