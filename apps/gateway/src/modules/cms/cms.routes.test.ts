import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CmsCategoryTreeSchema, CmsContentPageSchema, CmsContentSchema, CmsEditorsSchema, CmsPublicContentSchema } from '@panel/contracts/cms';
import { startTestGateway } from '../../testing';
import { seedCms } from './cms.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(TEST_DRIVERS)('cms on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let other: string;
  let viewer: string;
  let png: Buffer;
  const call = (method: Method, url: string, payload?: unknown, token: string | null = staff) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const tree = async () => CmsCategoryTreeSchema.parse((await call('GET', '/api/cms/categories/')).json()).results;
  const addCategory = async (name: string, parent_id: number | null = null) => {
    const response = await call('POST', '/api/cms/categories/', { name, parent_id });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  const store = (name: string, type: string, data: Buffer) =>
    gateway.app.inject({ method: 'POST', url: `/api/media/?name=${name}`, payload: data, headers: { authorization: `Bearer ${staff}`, 'content-type': type } });
  const upload = async () => {
    const response = await store('cover.png', 'image/png', png);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const fieldsFor = (category_id: number, over: object = {}) => ({ title: 'بررسی پژو ۲۰۶', body: '<p dir="rtl">متن</p>', category_id, cover_media_id: null, model_ids: [], ...over });
  const detail = async (id: number) => CmsContentSchema.parse((await call('GET', `/api/cms/contents/${id}/`)).json().result);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    other = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    png = await readFile(new URL('../../media/samples/hatch-red-rear.png', import.meta.url));
    await seedCms(gateway.deps.db, 25);
  }, 120_000);
  afterAll(() => gateway?.close());

  once('seeds a tree and lists contents twenty to a page, searched (Arabic letters too) and filtered in SQL', async () => {
    const categories = await tree();
    expect(categories.length).toBe(8);
    expect(categories[1]).toMatchObject({ name: 'بازار خودرو', parent_id: categories[0]!.id });
    const first = CmsContentPageSchema.parse((await call('GET', '/api/cms/contents/')).json());
    expect(first).toMatchObject({ count: 25, page: 1, pageSize: 20 });
    const published = CmsContentPageSchema.parse((await call('GET', '/api/cms/contents/?state=published')).json());
    expect(published.results.every((r) => r.state === 'published' && r.published_at)).toBe(true);
    const arabic = CmsContentPageSchema.parse((await call('GET', `/api/cms/contents/?search=${encodeURIComponent('بررسي')}`)).json());
    expect(arabic.count).toBeGreaterThan(0);
    expect(arabic.results.every((r) => r.title.includes('بررسی'))).toBe(true);
    expect((await call('GET', '/api/cms/contents/?state=nonsense')).statusCode).toBe(400);
    expect((await call('GET', '/api/cms/contents/', undefined, viewer)).statusCode).toBe(403);
  });

  it('writes an item with a cover and a body image, normalised and sanitised, publishes it, and the public endpoint serves it', async () => {
    const category = await addCategory('معرفی خودرو');
    const cover = await upload();
    const inBody = await upload();
    const [model] = await gateway.deps.db.query<{ id: number }>('SELECT id FROM car_models ORDER BY id LIMIT 1');
    const body = `<h2 dir="rtl">معرفي</h2><ul dir="rtl"><li>مدل ١٣٩٨</li></ul><img src="/api/media/${inBody}/"><script>alert(1)</script>`;
    const added = await call('POST', '/api/cms/contents/', fieldsFor(category, { title: 'پيكان  ', body, cover_media_id: cover, model_ids: [model!.id] }));
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json().data as { id: number };
    const item = await detail(id);
    expect(item).toMatchObject({ title: 'پیکان', state: 'draft', version: 0, cover_media_id: cover, tag_count: 1 });
    expect(item.body).toBe(`<h2 dir="rtl">معرفی</h2><ul dir="rtl"><li>مدل ۱۳۹۸</li></ul><img src="/api/media/${inBody}/" />`);

    // A draft is not public, nor are its files.
    expect((await call('GET', `/api/public/cms/contents/${id}/`, undefined, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/cms/media/${cover}/`, undefined, null)).statusCode).toBe(404);

    const published = await call('POST', `/api/cms/contents/${id}/update-state/`, { action: 'publish', version: 0 });
    expect(published.json(), published.body).toMatchObject({ data: { state: 'published', version: 1, message: 'محتوا منتشر شد.' } });
    const open = CmsPublicContentSchema.parse((await call('GET', `/api/public/cms/contents/${id}/`, undefined, null)).json().result);
    expect(open).toMatchObject({ title: 'پیکان', category: { id: category }, cover_url: `/api/public/cms/media/${cover}/`, tags: [{ model_id: model!.id }] });
    expect(open.body).toContain(`src="/api/public/cms/media/${inBody}/"`);
    const file = await call('GET', `/api/public/cms/media/${inBody}/`, undefined, null);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    const listed = (await call('GET', `/api/public/cms/contents/?category=${category}`, undefined, null)).json();
    expect(listed.results.map((r: { id: number }) => r.id)).toEqual([id]);

    // Taken back to draft: gone from the public endpoint again; the history shows each move.
    expect((await call('POST', `/api/cms/contents/${id}/update-state/`, { action: 'unpublish', version: 1 })).statusCode).toBe(200);
    expect((await call('GET', `/api/public/cms/contents/${id}/`, undefined, null)).statusCode).toBe(404);
    const history = (await call('GET', `/api/cms/contents/${id}/history/`)).json().results as { action: string }[];
    expect(history.map((h) => h.action).reverse()).toEqual(['add', 'publish', 'unpublish']);
  });

  it('refuses bad input in Persian with nothing written, a move the table forbids and a stale version', async () => {
    const category = await addCategory('آزمون');
    const before = await gateway.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cms_contents');
    const empty = await call('POST', '/api/cms/contents/', fieldsFor(category, { body: '<p dir="rtl"> </p><script>x</script>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ body: ['متن محتوا را بنویسید.'] });
    const pdf = await store('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4 x'));
    const notImage = await call('POST', '/api/cms/contents/', fieldsFor(category, { cover_media_id: pdf.json().id }));
    expect(notImage.json()).toEqual({ cover_media_id: ['تصویر کاور باید JPEG، PNG یا WebP باشد.'] });
    expect((await call('POST', '/api/cms/contents/', fieldsFor(999_999))).json()).toEqual({ category_id: ['دسته‌بندی را انتخاب کنید.'] });
    expect((await call('POST', '/api/cms/contents/', fieldsFor(category, { model_ids: [9_999_999] }))).json()).toEqual({ model_ids: ['خودروی برچسب در فهرست برند و مدل نیست.'] });
    expect(await gateway.deps.db.query('SELECT count(*)::int AS n FROM cms_contents')).toEqual(before);

    const { id } = (await call('POST', '/api/cms/contents/', fieldsFor(category))).json().data as { id: number };
    const twice = await call('POST', `/api/cms/contents/${id}/update-state/`, { action: 'unpublish', version: 0 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('«پیش‌نویس»');
    const saved = await call('PUT', `/api/cms/contents/${id}/`, { version: 0, fields: fieldsFor(category, { title: 'عنوان تازه' }) });
    expect(saved.json().data).toMatchObject({ version: 1, message: 'تغییرات محتوا ذخیره شد.' });
    const stale = await call('PUT', `/api/cms/contents/${id}/`, { version: 0, fields: fieldsFor(category, { title: 'نسخه کهنه' }) });
    expect(stale.statusCode).toBe(409);
    expect((await detail(id)).title).toBe('عنوان تازه');
    // Two editors saving the same version at once: one wins, the other is told.
    const race = await Promise.all(['الف', 'ب'].map((t) => call('PUT', `/api/cms/contents/${id}/`, { version: 1, fields: fieldsFor(category, { title: t }) })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Archived needs a reason, then refuses saving until restored.
    expect((await call('POST', `/api/cms/contents/${id}/update-state/`, { action: 'archive', version: 2 })).statusCode).toBe(400);
    expect((await call('POST', `/api/cms/contents/${id}/update-state/`, { action: 'archive', version: 2, reason: 'قدیمی' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/cms/contents/${id}/`, { version: 3, fields: fieldsFor(category) })).statusCode).toBe(409);
    expect((await call('POST', `/api/cms/contents/${id}/update-state/`, { action: 'restore', version: 3 })).json().data.state).toBe('draft');
  });

  it('keeps the tree: add under a parent, unique names among siblings, reorder, rename, remove only when empty', async () => {
    const root = await addCategory('ویدئو');
    const a = await addCategory('معرفی', root);
    const b = await addCategory('تست جاده', root);
    expect((await call('POST', '/api/cms/categories/', { name: 'معرفي', parent_id: root })).json()).toEqual({ name: ['دسته‌بندی دیگری با همین نام در این شاخه هست.'] });
    const children = () => tree().then((all) => all.filter((c) => c.parent_id === root));
    expect((await children()).map((c) => c.id)).toEqual([a, b]);
    const bRow = (await children())[1]!;
    expect((await call('POST', `/api/cms/categories/${b}/move/`, { direction: 'up', version: bRow.version })).statusCode).toBe(200);
    expect((await children()).map((c) => c.id)).toEqual([b, a]);
    const top = (await children())[0]!;
    expect((await call('POST', `/api/cms/categories/${b}/move/`, { direction: 'up', version: top.version })).statusCode).toBe(409);
    expect((await call('PUT', `/api/cms/categories/${a}/`, { name: 'معرفی خودرو', version: 0 })).statusCode).toBe(409); // moved: version 1
    expect((await call('PUT', `/api/cms/categories/${a}/`, { name: 'معرفی خودرو', version: 1 })).statusCode).toBe(200);

    await call('POST', '/api/cms/contents/', fieldsFor(a));
    const rootRow = (await tree()).find((c) => c.id === root)!;
    const refused = await call('DELETE', `/api/cms/categories/${root}/?version=${rootRow.version}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('دسته‌بندی «ویدئو» خالی نیست (۰ محتوا و ۲ زیردسته)؛ ابتدا آن‌ها را جابه‌جا یا حذف کنید.');
    const aRow = (await tree()).find((c) => c.id === a)!;
    expect((await call('DELETE', `/api/cms/categories/${a}/?version=${aRow.version}`)).json().message).toContain('۱ محتوا');
    const bNow = (await tree()).find((c) => c.id === b)!;
    expect((await call('DELETE', `/api/cms/categories/${b}/?version=${bNow.version}`)).json().data.message).toBe('دسته‌بندی حذف شد.');
    expect((await tree()).some((c) => c.id === b)).toBe(false);
  });

  once('tells a second editor who else has the item open, and forgets one who left', async () => {
    const category = await addCategory('حضور');
    const { id } = (await call('POST', '/api/cms/contents/', fieldsFor(category))).json().data as { id: number };
    expect(CmsEditorsSchema.parse((await call('POST', `/api/cms/contents/${id}/editing/`)).json()).results).toEqual([]);
    const seen = CmsEditorsSchema.parse((await call('POST', `/api/cms/contents/${id}/editing/`, undefined, other)).json()).results;
    expect(seen).toMatchObject([{ username: 'sara', fullname: 'سارا احمدی' }]);
    expect((await call('DELETE', `/api/cms/contents/${id}/editing/`)).statusCode).toBe(204);
    expect(CmsEditorsSchema.parse((await call('POST', `/api/cms/contents/${id}/editing/`, undefined, other)).json()).results).toEqual([]);
  });
});
