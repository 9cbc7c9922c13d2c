import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAR_DETAIL_MESSAGES } from '@panel/contracts/car-detail';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

// The demo seed's first car (gateway car-detail.seed.ts): a sale with its advert, an earlier
// advert of the same plate, an inspection order, a price estimate and tickets.
const DEMO_PLATE = '22 ب 365 ایران 10';

describe('carDetail procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  }, 180_000);
  afterAll(() => gateway?.close());

  it('looks a car up by plate, then by the post token the history names, and finds the same car', async () => {
    const caller = await staffCaller(gateway);
    const byPlate = await caller.carDetail.lookup({ q: '۲۲ب۳۶۵ ۱۰' });
    expect(byPlate).toMatchObject({ query: { kind: 'plate', display: DEMO_PLATE }, found: true });
    expect(byPlate.sections.find((s) => s.section === 'post')?.count).toBe(2);
    expect(byPlate.events.length).toBeGreaterThan(4);
    const token = byPlate.events.find((e) => e.ref.kind === 'car_post')!.ref.code!;
    const byPost = await caller.carDetail.lookup({ q: token, kind: 'post' });
    expect(byPost.events).toEqual(byPlate.events);
    expect(await caller.carDetail.lookup({ q: '1HGCM82633A004352' })).toMatchObject({ query: { kind: 'vin' }, found: false, events: [] });
  });

  it('refuses a malformed query in Persian and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.carDetail.lookup({ q: '12 345' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(CAR_DETAIL_MESSAGES.malformed) });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.carDetail.lookup({ q: DEMO_PLATE })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
  });
});
