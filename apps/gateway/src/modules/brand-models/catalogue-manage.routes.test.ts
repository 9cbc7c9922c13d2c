import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CatalogueModelSchema, ManagedBrandSchema, ManagedModelPageSchema, MergeSchema, ModelDetailSchema } from '@panel/contracts/brand-models';
import { sampleMedia } from '../../media/media';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('the catalogue write side on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let supervisor: string;
  let viewer: string;
  let logo: number;
  let pdf: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, token = staff) =>
    gateway.app.inject({ method, url, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body ?? {} }), headers: { authorization: `Bearer ${token}` } });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, token = staff) => {
    const response = await call(method, url, body, token);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const detail = async (id: number) => ModelDetailSchema.parse((await ok('GET', `/api/brand-models/catalogue/models/${id}/`)).result);
  const search = async (q: string) => (await ok('GET', '/api/brand-models/models/', { q })).results.map((m: unknown) => CatalogueModelSchema.parse(m).full_name) as string[];
  const count = async (sql: string, params: unknown[]) => Number((await gateway.deps.db.query<{ n: number }>(sql, params))[0]!.n);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    supervisor = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff, ROLES.supervisor]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    const samples = await sampleMedia(gateway.deps.db);
    logo = samples.get('hatch-red-rear.png')!.id;
    const [file] = await gateway.deps.db.query<{ id: number }>(
      `INSERT INTO media (name, content_type, size, sha256, data, created_by) VALUES ('catalog.pdf', 'application/pdf', 5, repeat('a', 64), '%PDF-'::bytea, 'test') RETURNING id`,
    );
    pdf = file!.id;
  }, 180_000);
  afterAll(() => gateway?.close());

  once('adds a brand, a model with a logo, a type, a file and an external name; the picker offers the model', async () => {
    const brand = (await ok('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'لاماری', name_en: 'Lamari', logo_media_id: logo })).data;
    const model = (
      await ok('POST', '/api/brand-models/catalogue/models/', { brand_id: brand.id, name_fa: 'ایما', name_en: 'Eama', body_type: 'suv', year_from: '۱۴۰۲', logo_media_id: logo })
    ).data;
    expect(model.message).toBe('مدل ثبت شد.');
    await ok('POST', `/api/brand-models/catalogue/models/${model.id}/types/`, { name_fa: 'اتوماتیک', year_from: 1402 });
    await ok('POST', `/api/brand-models/catalogue/models/${model.id}/files/`, { media_id: pdf, kind: 'file' });
    await ok('POST', '/api/brand-models/catalogue/mappings/', { source: 'divar', external_name: 'Lamari  EAMA', model_id: model.id });
    const one = await detail(model.id);
    expect(one).toMatchObject({ full_name: 'لاماری ایما', state: 'active', year_from: 1402, logo_url: `/api/media/${logo}/`, type_count: 1 });
    expect(one.types.map((t) => t.name_fa)).toEqual(['اتوماتیک']);
    expect(one.files).toEqual([expect.objectContaining({ name: 'catalog.pdf', url: `/api/media/${pdf}/` })]);
    expect(await search('ایما')).toEqual(['لاماری ایما']);
    // The external name finds it too, in any case and spacing.
    expect(await search('lamari eama')).toEqual(['لاماری ایما']);
    const selection = (await ok('GET', '/api/brand-models/selection/', { model_id: String(model.id) })).result;
    expect(selection).toEqual({ level: 'model', brand_id: brand.id, brand_name: 'لاماری', model_id: model.id, model_name: 'ایما', file_urls: [`/api/media/${pdf}/`], other_file_urls: [], logo_url: `/api/media/${logo}/` });
    const history = (await ok('GET', `/api/brand-models/catalogue/models/${model.id}/history/`)).results.map((e: { action: string }) => e.action);
    expect(history).toEqual(['add_mapping', 'add_file', 'add_type', 'create']);
  });

  once('refuses bad input beside its field, a taken name, a stale edit, a logo that is not an image, and callers without the role', async () => {
    const empty = await call('POST', '/api/brand-models/catalogue/models/', { brand_id: 1, name_fa: '  ', year_from: 1390 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().name_fa).toEqual(['نام فارسی مدل را بنویسید (تا ۸۰ نویسه).']);
    const years = await call('POST', '/api/brand-models/catalogue/models/', { brand_id: 1, name_fa: 'آزمون', year_from: 1400, year_to: 1390 });
    expect(years.json().year_to).toEqual(['سال پایان نباید پیش از سال شروع باشد.']);
    const taken = await call('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'پژو', name_en: 'Peugeot 2' });
    expect(taken.json()).toEqual({ name_fa: ['برندی با این نام پیش‌تر ثبت شده است.'] });
    const notImage = await call('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'برند بی‌لوگو', name_en: 'No Logo', logo_media_id: pdf });
    expect(notImage.json()).toEqual({ logo_media_id: ['لوگو باید تصویر باشد (JPEG، PNG یا WebP).'] });
    const page = ManagedModelPageSchema.parse(await ok('GET', '/api/brand-models/catalogue/models/', { search: 'دنا پلاس' }));
    const dena = page.results[0]!;
    const edit = { brand_id: dena.brand_id, name_fa: 'دنا پلاس', name_en: 'Dena Plus', body_type: 'sedan', year_from: dena.year_from };
    await ok('PUT', `/api/brand-models/catalogue/models/${dena.model_id}/`, { ...edit, version: dena.version });
    const stale = await call('PUT', `/api/brand-models/catalogue/models/${dena.model_id}/`, { ...edit, version: dena.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('این مورد همین حالا به دست کس دیگری تغییر کرد؛ نسخه تازه نمایش داده شد.');
    expect((await call('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'الف', name_en: 'Alef' }, viewer)).statusCode).toBe(403);
    const merge = await call('POST', `/api/brand-models/catalogue/models/${dena.model_id}/merge/`, { version: dena.version + 1, target_id: 1 });
    expect(merge.statusCode).toBe(403);
  });

  it('retires a model (no longer offered, kept by records) and restores it; a move the table does not allow is a Persian 409', async () => {
    const [tara] = ManagedModelPageSchema.parse(await ok('GET', '/api/brand-models/catalogue/models/', { search: 'تارا' })).results;
    await ok('POST', `/api/brand-models/catalogue/models/${tara!.model_id}/update-state/`, { version: tara!.version, action: 'retire', reason: 'توقف تولید' });
    expect(await search('تارا')).toEqual([]);
    const again = await call('POST', `/api/brand-models/catalogue/models/${tara!.model_id}/update-state/`, { version: tara!.version + 1, action: 'retire' });
    expect(again.statusCode).toBe(409);
    await ok('POST', `/api/brand-models/catalogue/models/${tara!.model_id}/update-state/`, { version: tara!.version + 1, action: 'restore' });
    expect(await search('تارا')).toEqual(['ایران‌خودرو تارا']);
  });

  it('merges a duplicate model: every record follows it, duplicate links are kept aside, external names follow; undo moves exactly that back', async () => {
    const db = gateway.deps.db;
    // The kept model: the one with the most car posts in the seed.
    const [kept] = await db.query<{ id: number; brand_id: number; name_fa: string }>(
      'SELECT m.id, m.brand_id, m.name_fa FROM car_models m JOIN car_posts p ON p.model_id = m.id GROUP BY m.id ORDER BY count(*) DESC, m.id LIMIT 1',
    );
    const dup = (await ok('POST', '/api/brand-models/catalogue/models/', { brand_id: kept!.brand_id, name_fa: `${kept!.name_fa} تکراری`, year_from: 1395 })).data.id as number;
    // Records made with the duplicate: two car posts, a concierge sale, a type, an external name, a tag both have.
    const posts = (await db.query<{ id: number }>('UPDATE car_posts SET model_id = $1 WHERE id IN (SELECT id FROM car_posts WHERE model_id = $2 ORDER BY id LIMIT 2) RETURNING id', [dup, kept!.id])).map((p) => p.id);
    expect(posts).toHaveLength(2);
    await db.query('UPDATE concierge_sales SET car_model_id = $1 WHERE id = (SELECT min(id) FROM concierge_sales)', [dup]);
    await ok('POST', `/api/brand-models/catalogue/models/${dup}/types/`, { name_fa: 'تیپ آزمون' });
    await ok('POST', '/api/brand-models/catalogue/mappings/', { source: 'dealer', external_name: 'دوبله آزمون', model_id: dup });
    const [content] = await db.query<{ id: number }>('SELECT id FROM cms_contents ORDER BY id LIMIT 1');
    await db.query('DELETE FROM cms_content_tags WHERE content_id = $1', [content!.id]);
    await db.query('INSERT INTO cms_content_tags (content_id, model_id) VALUES ($1, $2), ($1, $3)', [content!.id, kept!.id, dup]);
    const keptPostsBefore = await count('SELECT count(*)::int AS n FROM car_posts WHERE model_id = $1', [kept!.id]);

    const before = await detail(dup);
    expect(before.usage.find((u) => u.table === 'car_posts')).toMatchObject({ count: 2, label: 'آگهی‌های خودرو' });
    const merged = (await ok('POST', `/api/brand-models/catalogue/models/${dup}/merge/`, { version: before.version, target_id: kept!.id, reason: 'تکراری' }, supervisor)).data;
    const merge = MergeSchema.parse(merged);
    expect(merge.moved).toMatchObject({ 'car_posts.model_id': 2, 'concierge_sales.car_model_id': 1, 'car_types.model_id': 1, 'car_name_mappings.model_id': 1 });
    expect(merged.message).toMatch(/^ادغام انجام شد؛ .+ رکورد به مدل مقصد رفت\.$/);
    expect(await count('SELECT count(*)::int AS n FROM car_posts WHERE model_id = $1', [kept!.id])).toBe(keptPostsBefore + 2);
    expect(await count('SELECT count(*)::int AS n FROM cms_content_tags WHERE content_id = $1', [content!.id])).toBe(1);
    // Records keep the full name they were made with (decision 019).
    expect(await count('SELECT count(DISTINCT brand_model)::int AS n FROM car_posts WHERE id = ANY($1::int[])', [posts])).toBe(1);
    const gone = await detail(dup);
    expect(gone).toMatchObject({ state: 'merged', merged_into: kept!.id, open_merge: { id: merge.id } });
    expect(gone.usage.every((u) => u.count === 0)).toBe(true);
    // The picker no longer offers the duplicate; its name and its external names lead to the kept model.
    const keptName = (await detail(kept!.id)).full_name;
    expect(await search(`${kept!.name_fa} تکراری`)).toEqual([keptName]);
    expect((await ok('GET', '/api/brand-models/catalogue/mappings/resolve/', { source: 'dealer', name: 'دوبله آزمون' })).result).toMatchObject({ resolved_model_id: kept!.id });
    // Merging it again or merging into it is refused.
    expect((await call('POST', `/api/brand-models/catalogue/models/${dup}/merge/`, { version: gone.version, target_id: kept!.id }, supervisor)).statusCode).toBe(409);

    const undone = (await ok('POST', `/api/brand-models/catalogue/merges/${merge.id}/undo/`, {}, supervisor)).data;
    expect(undone.state).toBe('undone');
    expect(await count('SELECT count(*)::int AS n FROM car_posts WHERE model_id = $1', [dup])).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM car_posts WHERE model_id = $1', [kept!.id])).toBe(keptPostsBefore);
    expect(await count('SELECT count(*)::int AS n FROM cms_content_tags WHERE content_id = $1', [content!.id])).toBe(2);
    const back = await detail(dup);
    expect(back).toMatchObject({ state: 'active', merged_into: null, open_merge: null, type_count: 1 });
    expect(back.mappings.map((m) => m.external_name)).toEqual(['دوبله آزمون']);
    expect(await search(`${kept!.name_fa} تکراری`)).toEqual([`${keptName} تکراری`]);
    const twice = await call('POST', `/api/brand-models/catalogue/merges/${merge.id}/undo/`, {}, supervisor);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('این ادغام پیش‌تر برگردانده شده است.');
    const history = (await ok('GET', `/api/brand-models/catalogue/models/${dup}/history/`)).results.map((e: { action: string }) => e.action);
    expect(history.slice(0, 2)).toEqual(['unmerge', 'merge']);
  });

  it('refuses a merge whose types clash, and lets one of two merges of the same model at once win', async () => {
    const brand = (await ok('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'دوقلو', name_en: 'Twins' })).data.id;
    const make = async (name: string) => (await ok('POST', '/api/brand-models/catalogue/models/', { brand_id: brand, name_fa: name, year_from: 1400 })).data.id as number;
    const [a, b, c] = [await make('یک'), await make('دو'), await make('سه')];
    await ok('POST', `/api/brand-models/catalogue/models/${a}/types/`, { name_fa: 'دنده‌ای' });
    await ok('POST', `/api/brand-models/catalogue/models/${b}/types/`, { name_fa: 'دنده‌ای' });
    const clash = await call('POST', `/api/brand-models/catalogue/models/${a}/merge/`, { version: 1, target_id: b }, supervisor);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('«دنده‌ای»');
    expect((await detail(a)).state).toBe('active');
    const both = await Promise.all([
      call('POST', `/api/brand-models/catalogue/models/${c}/merge/`, { version: 1, target_id: a }, supervisor),
      call('POST', `/api/brand-models/catalogue/models/${c}/merge/`, { version: 1, target_id: b }, supervisor),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count("SELECT count(*)::int AS n FROM catalogue_merges WHERE source_model_id = $1 AND state = 'done'", [c])).toBe(1);
  });

  it('renames a type: version-checked and logged; an empty name, a name the model has and a stale version are refused in Persian', async () => {
    const brand = (await ok('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'تیپ‌دار', name_en: 'Typed' })).data.id;
    const model = (await ok('POST', '/api/brand-models/catalogue/models/', { brand_id: brand, name_fa: 'نمونه', year_from: 1400 })).data.id as number;
    await ok('POST', `/api/brand-models/catalogue/models/${model}/types/`, { name_fa: 'دنده‌ای' });
    await ok('POST', `/api/brand-models/catalogue/models/${model}/types/`, { name_fa: 'اتوماتیک' });
    const manual = (await detail(model)).types.find((t) => t.name_fa === 'دنده‌ای')!;
    const renamed = await ok('PUT', `/api/brand-models/catalogue/types/${manual.id}/`, { name_fa: 'دنده‌ای 6 سرعته', version: manual.version });
    expect(renamed.data.message).toBe('تغییرات ذخیره شد.');
    expect((await detail(model)).types.find((t) => t.id === manual.id)).toMatchObject({ name_fa: 'دنده‌ای ۶ سرعته', version: manual.version + 1 });
    const stale = await call('PUT', `/api/brand-models/catalogue/types/${manual.id}/`, { name_fa: 'دنده‌ای قدیم', version: manual.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('این مورد همین حالا به دست کس دیگری تغییر کرد؛ نسخه تازه نمایش داده شد.');
    const taken = await call('PUT', `/api/brand-models/catalogue/types/${manual.id}/`, { name_fa: 'اتوماتیک', version: manual.version + 1 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name_fa: ['این مدل تیپی با همین نام دارد.'] });
    const empty = await call('PUT', `/api/brand-models/catalogue/types/${manual.id}/`, { name_fa: '   ', version: manual.version + 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().name_fa).toEqual(['نام تیپ را بنویسید (تا ۸۰ نویسه).']);
    expect((await call('PUT', `/api/brand-models/catalogue/types/${manual.id}/`, { name_fa: 'دیگر', version: manual.version + 1 }, viewer)).statusCode).toBe(403);
    expect((await detail(model)).types.find((t) => t.id === manual.id)).toMatchObject({ name_fa: 'دنده‌ای ۶ سرعته', version: manual.version + 1 });
    const history = (await ok('GET', `/api/brand-models/catalogue/models/${model}/history/`)).results as { action: string; reason: string }[];
    expect(history[0]).toMatchObject({ action: 'edit_type', reason: 'از «دنده‌ای» به «دنده‌ای ۶ سرعته»' });
  });

  once('searches the management list from indexes and finds what the ILIKE over «brand model» found: across the names, Latin case, digits of both scripts, LIKE\'s characters', async () => {
    const brand = (await ok('POST', '/api/brand-models/catalogue/brands/', { name_fa: 'بنز جستجو', name_en: 'Benz Search' })).data.id as number;
    for (const [name_fa, name_en] of [['کلاس C ۲۰۰', 'C 200'], ['جی ال سی', 'GLC Coupe'], ['صد%_درصد', '100% Pure_x'], ['C کلاس', 'Class c']]) {
      await ok('POST', '/api/brand-models/catalogue/models/', { brand_id: brand, name_fa, name_en, year_from: 1400 });
    }
    const escape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const persianDigits = (text: string) => text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    // The list trims what is typed (the contract's text field).
    const searches = ['کلاس', 'جستجو کلاس', 'جو کل', 'جستجو ', ' C', 'جستجو C', 'سی جستجو', 'c ۲', '200', '۲۰۰', 'benz search c', 'SEARCH GLC', 'h 1', '%', '_d', 'پژو ۲۰۶', 'ال سی', 'ch C', 'نبود'];
    for (const text of searches) {
      const ilike = await gateway.deps.db.query<{ id: number }>(
        `SELECT m.id FROM car_models m JOIN car_brands b ON b.id = m.brand_id
          WHERE (b.name_fa || ' ' || m.name_fa) ILIKE $1 OR (b.name_fa || ' ' || m.name_fa) ILIKE $2 OR (b.name_en || ' ' || m.name_en) ILIKE $1 ORDER BY m.id`,
        [escape(text.trim()), escape(persianDigits(text.trim()))],
      );
      const page = ManagedModelPageSchema.parse(await ok('GET', '/api/brand-models/catalogue/models/', { search: text, pageSize: '100' }));
      expect(page.count, text).toBe(ilike.length);
      if (ilike.length <= 100) expect(page.results.map((m) => m.model_id).sort((a, b) => a - b), text).toEqual(ilike.map((r) => r.id));
    }
  });

  describe('brand merges', () => {
    const brands = async () => ((await ok('GET', '/api/brand-models/catalogue/brands/')).results as unknown[]).map((b) => ManagedBrandSchema.parse(b));
    const brandOf = async (id: number) => (await brands()).find((b) => b.brand_id === id)!;
    const newBrand = async (name_fa: string, name_en: string) => (await ok('POST', '/api/brand-models/catalogue/brands/', { name_fa, name_en })).data.id as number;
    const newModel = async (brand_id: number, name_fa: string) => (await ok('POST', '/api/brand-models/catalogue/models/', { brand_id, name_fa, year_from: 1400 })).data.id as number;
    const mergeBrand = (id: number, body: object, token = supervisor) => call('POST', `/api/brand-models/catalogue/brands/${id}/merge/`, body, token);
    const modelsOf = async (brand: number) =>
      (await gateway.deps.db.query<{ name_fa: string; state: string }>('SELECT name_fa, state FROM car_models WHERE brand_id = $1 ORDER BY name_fa', [brand])).map((m) => `${m.name_fa}:${m.state}`);

    it('moves the models and every reference to the kept brand, refuses what would clash or is not allowed, and the undo puts back exactly what moved', async () => {
      const kept = await newBrand('هیوندای آزمون', 'Hyundai Test');
      const dup = await newBrand('هیوندائی آزمون', 'Hyundai Dup');
      const keptSonata = await newModel(kept, 'سوناتا');
      await newModel(kept, 'النترا');
      const dupSonata = await newModel(dup, 'سوناتا');
      const tucson = await newModel(dup, 'توسان');
      await gateway.deps.db.query(`INSERT INTO car_catalogue_files (brand_id, media_id, kind, created_by) VALUES ($1, $2, 'file', 'test')`, [dup, pdf]);
      await gateway.deps.db.query('UPDATE concierge_sales SET car_model_id = $1 WHERE id = (SELECT max(id) FROM concierge_sales)', [tucson]);
      await ok('POST', '/api/brand-models/catalogue/mappings/', { source: 'divar', external_name: 'Hyundai Dup Tucson', model_id: tucson });
      const resolve = (source: string, name: string) => call('GET', '/api/brand-models/catalogue/mappings/resolve/', { source, name });
      const version = (await brandOf(dup)).version;

      // A model both brands have refuses the merge, naming it; nothing changes.
      const clash = await mergeBrand(dup, { version, target_id: kept });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('مدل‌های «سوناتا» در هر دو برند هست؛ پیش از ادغام برند، نخست آن مدل‌ها را در هم ادغام کنید یا نام یکی را تغییر دهید.');
      expect(await modelsOf(dup)).toEqual(['توسان:active', 'سوناتا:active']);
      // The two models merged first (across brands); the merged one is only a record of that merge and stays with its brand.
      const sonataMerge = MergeSchema.parse((await ok('POST', `/api/brand-models/catalogue/models/${dupSonata}/merge/`, { version: 1, target_id: keptSonata }, supervisor)).data);
      const before = await brandOf(dup);
      expect(before).toMatchObject({ version, model_count: 1 });

      // Refusals: into itself, into a retired brand, a stale version, a staff member who is not a supervisor. Nothing changes.
      const self = await mergeBrand(dup, { version: before.version, target_id: dup });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ target_id: ['یک برند را نمی‌توان در خودش ادغام کرد.'] });
      const retired = await newBrand('بایگانی آزمون', 'Retired Test');
      await ok('POST', `/api/brand-models/catalogue/brands/${retired}/update-state/`, { version: 1, action: 'retire' });
      const intoRetired = await mergeBrand(dup, { version: before.version, target_id: retired });
      expect(intoRetired.statusCode).toBe(409);
      expect(intoRetired.json().message).toBe('برند مقصد فعال نیست (بایگانی یا ادغام‌شده است)؛ فقط در برند فعال می‌توان ادغام کرد.');
      const stale = await mergeBrand(dup, { version: before.version + 5, target_id: kept });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('این مورد همین حالا به دست کس دیگری تغییر کرد؛ نسخه تازه نمایش داده شد.');
      const notSupervisor = await mergeBrand(dup, { version: before.version, target_id: kept }, staff);
      expect(notSupervisor.statusCode).toBe(403);
      expect(await brandOf(dup)).toEqual(before);
      expect(await modelsOf(dup)).toEqual(['توسان:active', 'سوناتا:merged']);
      expect(await count("SELECT count(*)::int AS n FROM catalogue_merges WHERE level = 'brand' AND source_brand_id = $1", [dup])).toBe(0);

      const merged = MergeSchema.parse((await ok('POST', `/api/brand-models/catalogue/brands/${dup}/merge/`, { version: before.version, target_id: kept, reason: 'املای دیگر' }, supervisor)).data);
      expect(merged).toMatchObject({ level: 'brand', source_brand_id: dup, target_brand_id: kept, source_model_id: null, source_name: 'هیوندائی آزمون', target_name: 'هیوندای آزمون', state: 'done' });
      expect(merged.moved).toEqual({ 'car_catalogue_files.brand_id': 1, 'car_models.brand_id': 1 });
      expect(await modelsOf(kept)).toEqual(['النترا:active', 'توسان:active', 'سوناتا:active']);
      expect(await modelsOf(dup)).toEqual(['سوناتا:merged']);
      expect(await count('SELECT count(*)::int AS n FROM car_catalogue_files WHERE brand_id = $1', [kept])).toBe(1);
      expect((await detail(tucson)).full_name).toBe('هیوندای آزمون توسان');
      expect(await count('SELECT count(*)::int AS n FROM concierge_sales WHERE car_model_id = $1', [tucson])).toBe(1);
      expect(await brandOf(dup)).toMatchObject({ state: 'merged', merged_into: kept, open_merge_id: merged.id, version: before.version + 1 });
      expect((await ok('GET', '/api/brand-models/catalogue/merges/')).results[0]).toMatchObject({ id: merged.id, level: 'brand' });
      expect((await ok('GET', '/api/brand-models/brands/', { q: 'هیوندائی آزمون' })).results).toEqual([]);
      // The external names follow the moved models, and each one's old full name is one of its external names now (decision 131).
      expect((await resolve('divar', 'hyundai dup tucson')).json().result).toMatchObject({ model_id: tucson, resolved_model_id: tucson, resolved_name: 'هیوندای آزمون توسان' });
      expect((await resolve('catalogue', 'هیوندائی آزمون توسان')).json().result).toMatchObject({ model_id: tucson, resolved_name: 'هیوندای آزمون توسان' });
      expect(await search('هیوندائی آزمون توسان')).toEqual(['هیوندای آزمون توسان']);
      // The model merged before keeps its own alias (to the kept «سوناتا»); it did not move, so no other is made.
      expect((await resolve('catalogue', 'هیوندائی آزمون سوناتا')).json().result).toMatchObject({ resolved_model_id: keptSonata });
      expect(await count('SELECT cardinality(alias_ids) AS n FROM catalogue_merges WHERE id = $1', [merged.id])).toBe(1);
      // The merged brand cannot be merged again nor take a model; the model merge inside it waits for the brand's undo.
      expect((await mergeBrand(dup, { version: before.version + 1, target_id: retired })).statusCode).toBe(409);
      expect((await call('POST', '/api/brand-models/catalogue/models/', { brand_id: dup, name_fa: 'تازه', year_from: 1400 })).statusCode).toBe(400);
      const blocked = await call('POST', `/api/brand-models/catalogue/merges/${sonataMerge.id}/undo/`, {}, supervisor);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().message).toBe('برند این مدل در برند دیگری ادغام شده است؛ نخست ادغام برند را برگردانید.');
      // A model made for the kept brand after the merge stays with it.
      await newModel(kept, 'کونا');

      const undone = (await ok('POST', `/api/brand-models/catalogue/merges/${merged.id}/undo/`, {}, supervisor)).data;
      expect(undone).toMatchObject({ state: 'undone', message: 'ادغام برگردانده شد؛ ۲ رکورد به جای خود بازگشت.' });
      expect(await modelsOf(dup)).toEqual(['توسان:active', 'سوناتا:merged']);
      expect(await modelsOf(kept)).toEqual(['النترا:active', 'سوناتا:active', 'کونا:active']);
      expect(await count('SELECT count(*)::int AS n FROM car_catalogue_files WHERE brand_id = $1', [dup])).toBe(1);
      expect(await brandOf(dup)).toMatchObject({ state: 'active', merged_into: null, open_merge_id: null });
      // The alias the merge made is gone; the model's own external names stay with it.
      expect((await resolve('catalogue', 'هیوندائی آزمون توسان')).statusCode).toBe(404);
      expect((await resolve('divar', 'hyundai dup tucson')).json().result).toMatchObject({ resolved_model_id: tucson, resolved_name: 'هیوندائی آزمون توسان' });
      expect((await resolve('catalogue', 'هیوندائی آزمون سوناتا')).json().result).toMatchObject({ resolved_model_id: keptSonata });
      const twice = await call('POST', `/api/brand-models/catalogue/merges/${merged.id}/undo/`, {}, supervisor);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('این ادغام پیش‌تر برگردانده شده است.');
      const history = (await gateway.deps.db.query<{ action: string }>("SELECT action FROM action_log WHERE entity = 'car_brand' AND entity_id = $1 ORDER BY id", [dup])).map((e) => e.action);
      expect(history).toEqual(['create', 'merge', 'unmerge']);
      // Now the model merge inside it can be undone.
      expect((await ok('POST', `/api/brand-models/catalogue/merges/${sonataMerge.id}/undo/`, {}, supervisor)).data.state).toBe('undone');
    });

    it('lets one of two merges of the same brand at once win', async () => {
      const a = await newBrand('برند الف همزمان', 'Concurrent A');
      const b = await newBrand('برند ب همزمان', 'Concurrent B');
      const c = await newBrand('برند پ همزمان', 'Concurrent C');
      await newModel(c, 'یگانه');
      const both = await Promise.all([mergeBrand(c, { version: 1, target_id: a }), mergeBrand(c, { version: 1, target_id: b })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await count("SELECT count(*)::int AS n FROM catalogue_merges WHERE source_brand_id = $1 AND state = 'done'", [c])).toBe(1);
      expect(await count('SELECT count(*)::int AS n FROM car_models WHERE brand_id = ANY($1::int[])', [[a, b]])).toBe(1);
    });
  });
});
