import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('carInfo procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists the types, saves a type’s contents and options, adds a feedback and publishes it', async () => {
    const caller = await staffCaller(gateway);
    const page = await caller.carInfo.list({ search: 'تارا' });
    expect(page.count).toBe(2);
    const id = page.results[0]!.id;
    await caller.carInfo.edit({ id, version: 0, content: 'سدان ملی', options: 'کیسه هوا\nسانروف' });
    const note = await caller.carInfo.addNote({ id, kind: 'feedback', author: 'مینا', body: 'راضی‌ام', rating: '۴' });
    await caller.carInfo.stepFeedback({ id: note.id, version: 1, action: 'publish' });
    const one = await caller.carInfo.detail({ id });
    expect(one).toMatchObject({ content: 'سدان ملی', options: ['کیسه هوا', 'سانروف'], notes: [{ rating: 4, state: 'published' }] });
    expect((await caller.carInfo.export({ search: 'تارا' })).rows).toHaveLength(2);
  });

  it('refuses a bad input in Persian and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.carInfo.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.carInfo.addNote({ id: 1, kind: 'comment', body: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.carInfo.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
  });
});
