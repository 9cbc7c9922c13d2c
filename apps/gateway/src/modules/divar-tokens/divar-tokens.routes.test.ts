import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { DivarTokenPageSchema, DivarTokenSchema } from '@panel/contracts/divar-tokens';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('divar tokens on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let colleague: string;
  let viewer: string;
  let serial = 0;
  const call = (method: 'GET' | 'POST', url: string, options: { token?: string; query?: Record<string, string>; payload?: unknown } = {}) =>
    gateway.app.inject({ method, url, query: options.query, payload: options.payload as never, headers: { authorization: `Bearer ${options.token ?? staff}` } });
  const insertPost = async () => {
    serial += 1;
    const [row] = await gateway.deps.db.query<{ id: number; token: string }>(
      `INSERT INTO car_posts (token, state, car_post_type, title, model_id, brand_model, year, usage, color, gearbox, document, body_status, city_id, price, owner_name, owner_phone_number)
       VALUES ($1, 'published', 'direct', $2, (SELECT min(id) FROM car_models), 'پژو ۲۰۶ تیپ ۲', 1398, 85000, 'سفید', 'manual', 'سند تک برگ', 'بدون رنگ', 1, 650000000, 'علی رضایی', '09121234567')
       RETURNING id, token`,
      [`dvt${String(serial).padStart(4, '0')}`, `پژو ۲۰۶ آزمایشی ${serial}`],
    );
    return row!;
  };
  const link = (token: string, kind: string, target: string, as = staff) => call('POST', '/api/divar-tokens/link/', { token: as, payload: { token, kind, target } });
  const lookup = async (token: string) => DivarTokenSchema.nullable().parse((await call('GET', '/api/divar-tokens/lookup/', { query: { token } })).json().data);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    colleague = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
  }, 120_000);
  afterAll(() => gateway.close());

  once('seeds linked sales whose copy of the token is the link itself, and the foreign key refuses a copy that disagrees', async () => {
    const [counts] = await gateway.deps.db.query<{ linked: number; disagree: number }>(
      `SELECT (SELECT count(*) FROM divar_tokens WHERE concierge_sale_id IS NOT NULL)::int AS linked,
              (SELECT count(*) FROM concierge_sales s LEFT JOIN divar_tokens t ON t.concierge_sale_id = s.id WHERE s.divar_post_token IS DISTINCT FROM t.token)::int AS disagree`,
    );
    expect(counts!.linked).toBeGreaterThan(0);
    expect(counts!.disagree).toBe(0);
    const [other] = await gateway.deps.db.query<{ token: string }>('SELECT token FROM divar_tokens WHERE car_post_id IS NOT NULL LIMIT 1');
    await expect(gateway.deps.db.query(`UPDATE concierge_sales SET divar_post_token = $1 WHERE id = (SELECT min(id) FROM concierge_sales)`, [other!.token])).rejects.toThrow();
    const page = DivarTokenPageSchema.parse((await call('GET', '/api/divar-tokens/', { query: { linked: 'false' } })).json());
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((t) => t.target === null)).toBe(true);
  });

  once('links a token once: a second link is the Persian 409 naming the link; a bad token is refused in Persian', async () => {
    const [first, second] = [await insertPost(), await insertPost()];
    const done = await link('AbCd1234', 'car_post', first.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ token: 'AbCd1234', version: 1, message: 'توکن متصل شد.' });
    expect(await lookup('AbCd1234')).toMatchObject({ target: { kind: 'car_post', id: first.id, code: first.token, url: `/panel/car-posts/${first.id}` }, linked_by: 'سارا احمدی' });
    expect(await lookup('abcd1234')).toBeNull();

    const again = await link('AbCd1234', 'car_post', second.token, colleague);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`توکن AbCd1234 همین حالا به آگهی خودرو «پژو ۲۰۶ آزمایشی ${'۱'}» (dvt0001) متصل است؛ اول اتصال قبلی را بردارید.`);
    const taken = await link('XyZw9876', 'car_post', first.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('آگهی خودرو dvt0001 همین حالا به توکن AbCd1234 متصل است.');

    const bad = await link('AbC-12', 'car_post', second.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ token: ['توکن دیوار باید ۸ نویسه از حروف انگلیسی و رقم باشد.'] });
    const missing = await link('QwEr5678', 'concierge_sale', 'cs-nothere');
    expect(missing.json()).toEqual({ target: ['فروش همراهی با این کد یافت نشد.'] });
    expect((await call('GET', '/api/divar-tokens/', { token: viewer })).statusCode).toBe(403);
  });

  it('links a sale and unlinks it with a reason: the sale copy follows, the history shows both, a stale unlink is a 409', async () => {
    const [sale] = await gateway.deps.db.query<{ id: number; token: string }>('SELECT id, token FROM concierge_sales WHERE divar_post_token IS NULL ORDER BY id LIMIT 1');
    expect((await link('SaLe2024', 'concierge_sale', sale!.token)).statusCode).toBe(200);
    const [copy] = await gateway.deps.db.query<{ divar_post_token: string; divar_post_link: string }>('SELECT divar_post_token, divar_post_link FROM concierge_sales WHERE id = $1', [sale!.id]);
    expect(copy).toEqual({ divar_post_token: 'SaLe2024', divar_post_link: 'https://divar.ir/v/SaLe2024' });
    const token = (await lookup('SaLe2024'))!;
    expect(token.target).toMatchObject({ kind: 'concierge_sale', url: `/panel/concierge-sale/${sale!.id}` });
    const listed = DivarTokenPageSchema.parse((await call('GET', '/api/divar-tokens/', { query: { search: 'sale20', kind: 'concierge_sale' } })).json());
    expect(listed.results.map((t) => t.token)).toEqual(['SaLe2024']);

    const noReason = await call('POST', `/api/divar-tokens/${token.id}/unlink/`, { payload: { version: token.version, reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['دلیل برداشتن اتصال را بنویسید.'] });
    const unlinked = await call('POST', `/api/divar-tokens/${token.id}/unlink/`, { payload: { version: token.version, reason: 'آگهی دیوار حذف شد' } });
    expect(unlinked.json().data).toMatchObject({ version: token.version + 1, message: 'اتصال توکن برداشته شد.' });
    const stale = await call('POST', `/api/divar-tokens/${token.id}/unlink/`, { payload: { version: token.version, reason: 'دوباره' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('این توکن همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.');
    const [cleared] = await gateway.deps.db.query('SELECT divar_post_token, divar_post_link FROM concierge_sales WHERE id = $1', [sale!.id]);
    expect(cleared).toEqual({ divar_post_token: null, divar_post_link: null });
    const history = (await call('GET', `/api/divar-tokens/${token.id}/history/`)).json().results as { action: string; reason: string; actor_fullname: string }[];
    expect(history.map((e) => [e.action, e.reason])).toEqual([
      ['unlink', 'آگهی دیوار حذف شد'],
      ['link', expect.stringContaining('به فروش همراه «')],
    ]);
    // Unlinked, the token links again (once).
    expect((await link('SaLe2024', 'concierge_sale', sale!.token, colleague)).statusCode).toBe(200);
  });

  it('two staff linking one new token at once: one wins, the other gets the Persian 409 naming the winner', async () => {
    const [a, b] = [await insertPost(), await insertPost()];
    const answers = await Promise.all([link('RaCe0001', 'car_post', a.token), link('RaCe0001', 'car_post', b.token, colleague)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = (await lookup('RaCe0001'))!.target!;
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toContain(`(${winner.code})`);
    const [count] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM divar_tokens WHERE token = 'RaCe0001'`);
    expect(count!.n).toBe(1);
  });
});
