import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, toPersianDigits } from '@panel/contracts/common';
import { CarInfoDetailSchema, CarInfoPageSchema } from '@panel/contracts/car-info';
import { sampleMedia } from '../../media/media';
import { SINGLE_DRIVER, TEST_DRIVERS } from '../../test-drivers';
import { startTestGateway } from '../../testing';
import { carInfoSeed } from './car-info.seed';


describe.each(TEST_DRIVERS)('car-info on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let viewer: string;
  let image: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, token = staff) =>
    gateway.app.inject({ method, url, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body ?? {} }), headers: { authorization: `Bearer ${token}` } });
  const detail = async (id: number) => CarInfoDetailSchema.parse((await call('GET', `/api/car-info/types/${id}/`)).json().result);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    image = (await sampleMedia(gateway.deps.db)).get('sedan-white-front.jpg')!.id;
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists the catalogue types twenty to a page, searched and filtered in SQL', async () => {
    const first = CarInfoPageSchema.parse((await call('GET', '/api/car-info/')).json());
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.count).toBeGreaterThan(60);
    const dena = CarInfoPageSchema.parse((await call('GET', '/api/car-info/', { search: 'دنا پلاس' })).json());
    expect(dena.results.map((r) => `${r.full_name} ${r.type_name}`)).toEqual(['ایران‌خودرو دنا پلاس اتوماتیک', 'ایران‌خودرو دنا پلاس دنده‌ای']);
    expect(CarInfoPageSchema.parse((await call('GET', '/api/car-info/', { hasInfo: 'true' })).json()).count).toBe(0);
  });

  it('saves contents and options with the version read, adds an image, a comment and a feedback, and walks the feedback table', async () => {
    const [row] = CarInfoPageSchema.parse((await call('GET', '/api/car-info/', { search: 'سراتو' })).json()).results;
    const id = row!.id;
    expect((await detail(id)).version).toBe(0);
    const saved = await call('PUT', `/api/car-info/types/${id}/`, { version: 0, content: 'سدان خانوادگی با موتور ۲ لیتری', options: 'کیسه هوا\nترمز ABS\nکیسه هوا' });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await call('PUT', `/api/car-info/types/${id}/`, { version: 0, content: 'دیگر', options: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('اطلاعات این تیپ همین حالا به دست کس دیگری تغییر کرد؛ نسخه تازه نمایش داده شد.');
    expect((await call('POST', `/api/car-info/types/${id}/images/`, { media_id: image, caption: 'نمای جلو' })).statusCode).toBe(201);
    expect((await call('POST', `/api/car-info/types/${id}/notes/`, { kind: 'comment', body: 'مصرف سوخت مناسب' })).statusCode).toBe(201);
    const noRating = await call('POST', `/api/car-info/types/${id}/notes/`, { kind: 'feedback', author: 'علی', body: 'عالی' });
    expect(noRating.json()).toMatchObject({ rating: ['امتیاز را از ۱ تا ۵ انتخاب کنید.'] });
    const feedback = (await call('POST', `/api/car-info/types/${id}/notes/`, { kind: 'feedback', author: 'علی رضایی', body: 'خیلی راضی‌ام', rating: 5 })).json().data.id as number;
    const one = await detail(id);
    expect(one).toMatchObject({ version: 1, options: ['کیسه هوا', 'ترمز ABS'], has_content: true, option_count: 2, image_count: 1, comment_count: 1, feedback_count: 1 });
    expect(one.images[0]!.url).toBe(`/api/media/${image}/`);
    expect(one.notes.find((n) => n.kind === 'comment')).toMatchObject({ author: 'سارا احمدی', state: 'published' });
    const step = (action: string, version: number, reason = '') => call('POST', `/api/car-info/notes/${feedback}/update-state/`, { action, version, reason });
    expect((await step('publish', 1)).statusCode).toBe(200);
    expect((await step('publish', 2)).statusCode).toBe(409);
    expect((await step('hide', 2)).statusCode).toBe(400);
    expect((await step('hide', 2, 'ناسزا')).statusCode).toBe(200);
    expect((await step('publish', 3)).statusCode).toBe(200);
    expect((await step('hide', 3, 'دوباره')).statusCode).toBe(409);
    const history = (await call('GET', `/api/car-info/types/${id}/history/`)).json().results.map((e: { action: string }) => e.action);
    expect(history).toEqual(['publish_feedback', 'hide_feedback', 'publish_feedback', 'add_feedback', 'add_comment', 'add_image', 'edit']);
    expect(CarInfoPageSchema.parse((await call('GET', '/api/car-info/', { hasInfo: 'true' })).json()).results.map((r) => r.id)).toEqual([id]);
  });

  it('lets one of two first saves at once win, refuses a non-image and a caller without the role', async () => {
    const [row] = CarInfoPageSchema.parse((await call('GET', '/api/car-info/', { search: 'سورنتو' })).json()).results;
    const both = await Promise.all([1, 2].map((n) => call('PUT', `/api/car-info/types/${row!.id}/`, { version: 0, content: `نسخه ${n}`, options: [] })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [pdf] = await gateway.deps.db.query<{ id: number }>(`INSERT INTO media (name, content_type, size, sha256, data, created_by) VALUES ('a.pdf', 'application/pdf', 5, repeat('b', 64), '%PDF-'::bytea, 'test') RETURNING id`);
    expect((await call('POST', `/api/car-info/types/${row!.id}/images/`, { media_id: pdf!.id })).json()).toEqual({ media_id: ['فقط تصویر (JPEG، PNG یا WebP) پذیرفته است.'] });
    expect((await call('GET', '/api/car-info/', {}, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/car-info/', { page: 'x' })).statusCode).toBe(400);
  });
});

// The list's SQL against the plain query it replaced: the same on either driver, so run on one.
describe.each(SINGLE_DRIVER)('the car-info list read from its counts and indexes (decision 128) on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  const sql = <T>(text: string, params: unknown[] = []) => gateway.deps.db.query<T>(text, params);
  const list = async (query: Record<string, string>) => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/car-info/', query, headers: { authorization: `Bearer ${staff}` } });
    expect(res.statusCode, res.body).toBe(200);
    return CarInfoPageSchema.parse(res.json());
  };
  // What the list answered before decision 128: one query over the joined view, OFFSET and count(*).
  const FROM = `FROM car_types t JOIN car_models m ON m.id = t.model_id JOIN car_brands b ON b.id = m.brand_id LEFT JOIN car_info i ON i.type_id = t.id
    WHERE t.state = 'active' AND m.state = 'active'`;
  const plain = async (where: string, order: string, page: number, pageSize: number, params: unknown[] = []) => ({
    ids: (await sql<{ id: number }>(`SELECT t.id ${FROM} ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, params)).map((r) => r.id),
    count: (await sql<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where}`, params))[0]!.n,
  });
  const countsAreTrue = async () => {
    const kept = await sql<{ model_id: number; types: number; with_info: number }>('SELECT model_id, types, with_info FROM car_info_model_counts WHERE types > 0 ORDER BY model_id');
    const counted = await sql<{ model_id: number; types: number; with_info: number }>(
      `SELECT t.model_id, count(*)::int AS types, count(i.type_id)::int AS with_info FROM car_types t LEFT JOIN car_info i ON i.type_id = t.id WHERE t.state = 'active' GROUP BY t.model_id ORDER BY t.model_id`,
    );
    expect(kept).toEqual(counted);
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
  }, 120_000);
  afterAll(() => gateway?.close());

  it('keeps each model’s counts true through the catalogue’s and the information’s writes', async () => {
    await countsAreTrue();
    const types = await sql<{ id: number; model_id: number }>("SELECT id, model_id FROM car_types WHERE state = 'active' ORDER BY id LIMIT 12");
    for (const [n, type] of types.entries()) {
      if (n % 2 === 0) await sql(`INSERT INTO car_info (type_id, content, updated_by, updated_at) VALUES ($1, 'متن', 'test', now() - make_interval(mins => $2::int))`, [type.id, n]);
    }
    const saved = await gateway.app.inject({ method: 'PUT', url: `/api/car-info/types/${types[1]!.id}/`, payload: { version: 0, content: 'متن', options: [] }, headers: { authorization: `Bearer ${staff}` } });
    expect(saved.statusCode, saved.body).toBe(200);
    await countsAreTrue();
    await sql("UPDATE car_types SET state = 'retired' WHERE id = $1", [types[0]!.id]);
    await sql("UPDATE car_types SET model_id = $1, name_fa = name_fa || ' منتقل‌شده' WHERE id = $2", [types[11]!.model_id, types[2]!.id]);
    await sql("UPDATE car_types SET name_fa = 'تیپ ویژه LX' WHERE id = $1", [types[3]!.id]);
    await sql('DELETE FROM car_info WHERE type_id = $1', [types[4]!.id]);
    await sql("INSERT INTO car_types (model_id, name_fa) VALUES ($1, 'نمونه تازه'), ($1, 'پلاس ۲')", [types[5]!.model_id]);
    await sql('UPDATE car_types SET state = $1 WHERE id = $2', ['active', types[0]!.id]);
    await countsAreTrue();
    await sql("UPDATE car_models SET state = 'retired' WHERE id = $1", [types[6]!.model_id]);
  });

  it('answers the same rows, order and totals as one query over the joined types', async () => {
    const [brand] = await sql<{ brand_id: number }>("SELECT brand_id FROM car_models WHERE state = 'active' GROUP BY brand_id ORDER BY count(*) DESC LIMIT 1");
    const filters: { query: Record<string, string>; where: string }[] = [
      { query: {}, where: '' },
      { query: { brand: String(brand!.brand_id) }, where: `AND m.brand_id = ${brand!.brand_id}` },
      { query: { hasInfo: 'true' }, where: 'AND i.type_id IS NOT NULL' },
      { query: { hasInfo: 'false' }, where: 'AND i.type_id IS NULL' },
    ];
    const sorts: { query: Record<string, string>; order: string }[] = [
      { query: {}, order: 't.model_id asc, t.name_fa asc' },
      { query: { isAscending: 'false' }, order: 't.model_id desc, t.name_fa desc' },
      { query: { sort: 'updated_at', isAscending: 'false' }, order: 'i.updated_at desc, t.id desc' },
      { query: { sort: 'updated_at' }, order: 'i.updated_at asc, t.id asc' },
    ];
    for (const filter of filters) {
      for (const sort of sorts) {
        for (const [page, pageSize] of [[1, 20], [3, 7], [4, 3], [50, 20]] as const) {
          const answer = await list({ ...filter.query, ...sort.query, page: String(page), pageSize: String(pageSize) });
          const expected = await plain(filter.where, sort.order, page, pageSize);
          expect({ ids: answer.results.map((r) => r.id), count: answer.count }, JSON.stringify({ filter, sort, page })).toEqual(expected);
        }
      }
    }
  });

  it('finds a search anywhere in «brand model type», across the two names too, as ILIKE did', async () => {
    // A brand and model names of several words, so a search can start in the brand, span the
    // model and end in the type (decision 136: the models are read from the catalogue's suffixes).
    const [brand] = await sql<{ id: number }>("INSERT INTO car_brands (name_fa, name_en) VALUES ('بنز آلمان', 'Benz DE') RETURNING id");
    const [other] = await sql<{ id: number }>("SELECT id FROM car_brands WHERE id <> $1 ORDER BY id LIMIT 1", [brand!.id]);
    const made = await sql<{ id: number }>(
      "INSERT INTO car_models (brand_id, name_fa, name_en, body_type, year_from) VALUES ($1, 'کلاس سی ۲۰۰', 'C 200', 'sedan', 1398), ($1, 'مدل کلاس', 'Klasse', 'sedan', 1398), ($2, 'سی ۲۰۰', 'C200', 'sedan', 1398) RETURNING id",
      [brand!.id, other!.id],
    );
    for (const model of made) await sql("INSERT INTO car_types (model_id, name_fa) VALUES ($1, 'تیپ ۱'), ($1, 'AMG لاین'), ($1, 'کلاس ویژه')", [model.id]);
    const words = [
      ...['دنا پلاس', 'پلاس اتو', 'خودرو دنا', 'LX تیپ', 'lx', 'ودرو', 'تیپ ۲', 'تیپ 2', 'ویژه l', 'پلاس ', 'تازه', "a'b\\%_", 'پژو ۲۰۶ تیپ ۲ اتوماتیک'],
      ...['بنز', 'بنز آلمان', 'آلمان کلاس', 'ن کلاس سی ۲', 'سی ۲۰۰ تیپ', '200 AMG', 'آلمان کلاس سی 200 تیپ ۱', 'مان کل', 'س سی', 'سی 200', 'کلاس تیپ', 'کلاس کلاس', 'آلمان مدل کلاس ک'],
      ...['پژو', 'خودرو پژو ۲۰۶ ت', 'ایران‌خودرو دنا', 'دنا پلاس اتوماتیک', 'لاس ا', '۲۰۶ ت', 'رو د', 'و', 'ناموجود ۲'],
    ];
    for (const word of words) {
      const answer = await list({ search: word, pageSize: '100' });
      const persian = toPersianDigits(word);
      const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const expected = await plain(
        "AND ((b.name_fa || ' ' || m.name_fa || ' ' || t.name_fa) ILIKE $1 OR (b.name_fa || ' ' || m.name_fa || ' ' || t.name_fa) ILIKE $2)",
        't.model_id, t.name_fa',
        1,
        100,
        [like(word), like(persian)],
      );
      expect({ ids: answer.results.map((r) => r.id), count: answer.count }, word).toEqual(expected);
    }
  });
});

describe('the car-info demo seed', () => {
  it('gives the best-known types their information once, whatever how often it runs', async () => {
    const gateway = await startTestGateway({}, { seed: 'small' });
    try {
      const count = async () => (await gateway.deps.db.query<{ n: number }>('SELECT (SELECT count(*) FROM car_info)::int + (SELECT count(*) FROM car_info_notes)::int AS n'))[0]!.n;
      const before = await count();
      expect(before).toBeGreaterThan(20);
      await carInfoSeed(gateway.deps);
      expect(await count()).toBe(before);
      const [hidden] = await gateway.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM car_info_notes WHERE kind = 'feedback' AND state = 'hidden'");
      expect(hidden!.n).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  }, 180_000);
});
