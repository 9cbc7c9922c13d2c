import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CarInfoDetailSchema, CarInfoPageSchema } from '@panel/contracts/car-info';
import { sampleMedia } from '../../media/media';
import { startTestGateway } from '../../testing';
import { carInfoSeed } from './car-info.seed';

const drivers = [
  { name: 'PGlite', usePostgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', usePostgres: true }] : []),
];

describe.each(drivers)('car-info on $name', ({ usePostgres }) => {
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
