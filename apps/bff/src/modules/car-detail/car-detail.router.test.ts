import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller } from '../../testing';

describe('carDetail procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { listen: true, seed: 'none' });
    await gateway.deps.db.query(`INSERT INTO car_detail (name, created_by) SELECT 'نمونه ' || n, 'staff' FROM generate_series(1, 3) n`);
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists and exports the filtered rows', async () => {
    const caller = await staffCaller(gateway);
    const page = await caller.carDetail.list({ search: 'نمونه' });
    expect(page.count).toBe(3);
    expect((await caller.carDetail.export({})).rows).toHaveLength(3);
  });

  it('refuses a bad input in Persian and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.carDetail.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.carDetail.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
  });
});
