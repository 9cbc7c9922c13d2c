import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { ROLES } from '@panel/contracts/common';
import { callerAs, staffCaller, startTestPanel, viewerCaller } from '../../testing';

// One panel for the file: its gateway answers the procedures' callers, its BFF serves the media.
let panel: Awaited<ReturnType<typeof startTestPanel>>;
beforeAll(async () => {
  panel = await startTestPanel({ seed: 'small' });
});
afterAll(() => panel?.close());

describe('carPosts procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = panel.gateway;
    caller = await staffCaller(gateway);
  });

  it('lists the queue with counted tabs; the detail carries its gallery at the BFF’s media address', async () => {
    const tabs = await caller.carPosts.stateCounts({});
    expect(tabs[0]!.state).toBe('pending');
    const queue = await caller.carPosts.list({});
    expect(queue.count).toBe(tabs[0]!.count);
    const waiting = queue.results.map((p) => Date.parse(p.submitted_at));
    expect(waiting).toEqual([...waiting].sort((a, b) => a - b));
    const post = await caller.carPosts.detail({ id: queue.results[0]!.id });
    expect(post.car_images[0]).toMatchObject({ is_cover: true, url: expect.stringMatching(/^\/media\/\d+$/) });
    expect(queue.results[0]!.cover_url).toMatch(/^\/media\/\d+$/);
    const csv = await caller.carPosts.export({ state: 'all' });
    expect(csv.rows).toHaveLength(30);
  });

  it('approves, rejects with reasons and returns to editing; a stale version is the Persian 409', async () => {
    const [first, second, third] = (await caller.carPosts.list({})).results;
    const reasons = await caller.carPosts.rejectionReasons();
    const edit = await caller.carPosts.editReasons();
    expect(await caller.carPosts.approve({ id: first!.id, version: first!.version })).toMatchObject({ state: 'published', message: 'آگهی تأیید و منتشر شد.' });
    expect(await caller.carPosts.reject({ id: second!.id, version: second!.version, reasons: [reasons[0]!.id, reasons[1]!.id], text: 'لطفا اصلاح کنید' })).toMatchObject({ state: 'rejected' });
    expect(await caller.carPosts.returnToEditing({ id: third!.id, version: third!.version, reasons: [edit[0]!.id], text: '' })).toMatchObject({ state: 'editing' });
    await expect(caller.carPosts.approve({ id: first!.id, version: first!.version })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'پیام: این آگهی همین حالا تغییر کرد («تأیید و انتشار» توسط ندا قاسمی). وضعیت تازه آگهی نمایش داده شد؛ دوباره تصمیم بگیرید.',
    });
    const history = await caller.carPosts.history({ id: second!.id });
    expect(history[0]).toMatchObject({ action: 'reject', from_state: 'pending', to_state: 'rejected', actor_username: 'neda' });
    expect((await caller.carPosts.feedback({ id: second!.id }))[0]!.reasons).toEqual([reasons[0]!.title, reasons[1]!.title]);
  });

  it('refuses input before the gateway, and anyone without the staff role', async () => {
    await expect(caller.carPosts.reject({ id: 1, version: 1, reasons: [], text: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.carPosts.changeOwnership({ id: 1, version: 1, phone_number: '12345', owner_name: 'علی' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway);
    await expect(viewer.carPosts.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    const priceExpert = await callerAs(gateway, { id: 9, username: 'pe', first_name: 'کارشناس', last_name: 'قیمت' }, [ROLES.priceExpert]);
    await expect(priceExpert.carPosts.approve({ id: 1, version: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('media through the BFF', () => {
  it('serves a gallery image with the session, with its type and cache headers; not without one', async () => {
    const cookie = await panel.signIn('staff', 'staff1234');
    const list = await fetch(`${panel.url}/trpc/carPosts.list?input=${encodeURIComponent(JSON.stringify({ state: 'all' }))}`, { headers: { cookie, 'x-panel-request': '1' } });
    const cover = ((await list.json()) as { result: { data: { results: { cover_url: string }[] } } }).result.data.results[0]!.cover_url;
    const image = await fetch(`${panel.url}${cover}`, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const anonymous = await fetch(`${panel.url}${cover}`);
    expect(anonymous.status).toBe(401);
  });
});
