import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';
import { bodyForBrowser, bodyForGateway } from './cms.service';

describe('cms procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists, searches and exports the seeded contents, covers at the BFF’s media address', async () => {
    const caller = await staffCaller(gateway);
    const page = await caller.cms.list({ state: 'published' });
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((r) => r.state === 'published')).toBe(true);
    expect(page.results.find((r) => r.cover_url)?.cover_url).toMatch(/^\/media\/\d+$/);
    expect((await caller.cms.export({ state: 'published' })).rows).toHaveLength(page.count);
    expect((await caller.cms.categories()).results.length).toBeGreaterThan(3);
  });

  it('writes an item with a body image, publishes it, and shows its history; the second editor sees the first', async () => {
    const caller = await staffCaller(gateway);
    const [media] = await gateway.deps.db.query<{ id: number }>(`SELECT id FROM media WHERE content_type = 'image/png' ORDER BY id LIMIT 1`);
    const { results } = await caller.cms.categories();
    const body = `<p dir="rtl">متن با تصویر</p><img src="/media/${media!.id}">`;
    const { id } = await caller.cms.add({ title: 'راهنمای خريد', body, category_id: results[0]!.id, cover_media_id: media!.id, model_ids: [] });
    const item = await caller.cms.content({ id });
    expect(item).toMatchObject({ title: 'راهنمای خرید', cover_url: `/media/${media!.id}` });
    expect(item.body).toContain(`src="/media/${media!.id}"`);
    expect(await caller.cms.updateState({ id, version: 0, action: 'publish' })).toMatchObject({ state: 'published', message: 'محتوا منتشر شد.' });
    expect((await caller.cms.history({ id })).map((h) => h.action)).toEqual(['publish', 'add']);

    expect((await caller.cms.editing({ id })).results).toEqual([]);
    const other = await staffCaller(gateway, { id: 9, username: 'reza', first_name: 'رضا', last_name: 'کریمی' });
    expect((await other.cms.editing({ id })).results).toMatchObject([{ username: 'neda', fullname: 'ندا قاسمی' }]);
    await caller.cms.leave({ id });
    expect((await other.cms.editing({ id })).results).toEqual([]);
  });

  it('refuses removing a category that holds content, a bad input and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    const full = (await caller.cms.categories()).results.find((c) => c.content_count > 0)!;
    await expect(caller.cms.removeCategory({ id: full.id, version: full.version })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('خالی نیست') });
    await expect(caller.cms.add({ title: '', body: '', category_id: 0, cover_media_id: null, model_ids: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.cms.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
  });

  it('shows a category\'s history: its adding, and a rename as the old name and the new', async () => {
    const caller = await staffCaller(gateway);
    const { id } = await caller.cms.addCategory({ name: 'دسته سابقه', parent_id: null });
    const added = (await caller.cms.categories()).results.find((c) => c.id === id)!;
    await caller.cms.renameCategory({ id, version: added.version, name: 'دسته سابقه تازه' });
    const history = await caller.cms.categoryHistory({ id });
    expect(history.map((h) => [h.action, h.from_state, h.to_state])).toEqual([
      ['rename', 'دسته سابقه', 'دسته سابقه تازه'],
      ['add', null, null],
    ]);
    await expect(caller.cms.categoryHistory({ id: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('turns image addresses both ways and leaves other addresses alone', () => {
    expect(bodyForGateway('<img src="/media/12"><a href="/media/3">x</a>')).toBe('<img src="/api/media/12/"><a href="/media/3">x</a>');
    expect(bodyForBrowser('<img src="/api/media/12/" alt="a" />')).toBe('<img src="/media/12" alt="a" />');
  });
});
