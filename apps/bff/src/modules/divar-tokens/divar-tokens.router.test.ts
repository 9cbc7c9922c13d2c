import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('divarTokens procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
    caller = await staffCaller(gateway);
  }, 120_000);
  afterAll(() => gateway.close());

  it('lists twenty to a page with filters, looks a token up, links it once and unlinks it with a reason', async () => {
    const page = await caller.divarTokens.list({});
    expect(page.pageSize).toBe(20);
    expect(page.results.length).toBeGreaterThan(0);
    const unlinked = await caller.divarTokens.list({ linked: false });
    expect(unlinked.results.every((t) => t.target === null)).toBe(true);
    const sales = await caller.divarTokens.list({ kind: 'concierge_sale' });
    expect(sales.results.every((t) => t.target?.kind === 'concierge_sale')).toBe(true);
    const csv = await caller.divarTokens.export({ linked: true });
    expect(csv.rows.length).toBe((await caller.divarTokens.list({ linked: true })).count);

    const post = unlinked.results[0]!;
    expect(await caller.divarTokens.lookup({ token: 'NoSuch99' })).toBeNull();
    const [free] = await gateway.deps.db.query<{ token: string }>(
      'SELECT p.token FROM car_posts p WHERE NOT EXISTS (SELECT 1 FROM divar_tokens t WHERE t.car_post_id = p.id) ORDER BY p.id LIMIT 1',
    );
    expect(await caller.divarTokens.link({ token: ' BfF12345 ', kind: 'car_post', target: free!.token })).toMatchObject({ token: 'BfF12345', message: 'توکن متصل شد.' });
    const found = (await caller.divarTokens.lookup({ token: 'BfF12345' }))!;
    expect(found.target).toMatchObject({ kind: 'car_post', code: free!.token });
    await expect(caller.divarTokens.link({ token: 'BfF12345', kind: 'car_post', target: free!.token })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('توکن BfF12345 همین حالا به آگهی خودرو «'),
    });
    await expect(caller.divarTokens.link({ token: 'bad', kind: 'car_post', target: free!.token })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.divarTokens.unlink({ id: found.id, version: found.version, reason: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.divarTokens.unlink({ id: found.id, version: found.version, reason: 'آگهی اشتباه' })).toMatchObject({ message: 'اتصال توکن برداشته شد.' });
    expect((await caller.divarTokens.history({ id: found.id })).map((e) => e.action)).toEqual(['unlink', 'link']);
    expect((await caller.divarTokens.detail({ id: post.id })).token).toBe(post.token);
  });

  it('is the sale team staff’s: a user without backoffice#staff is refused', async () => {
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.divarTokens.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.divarTokens.link({ token: 'AbCd1234', kind: 'car_post', target: 'x1y2z3' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
