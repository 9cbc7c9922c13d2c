import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CarPostDetailSchema } from '@panel/contracts/car-posts';
import { OriginalityMapSchema, type OriginalityMap } from '@panel/contracts/originality-mapping';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('originality map on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let colleague: string;
  let viewer: string;
  let serial = 0;
  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const read = async (token = viewer) => OriginalityMapSchema.parse((await call('GET', '/api/originality-map/', token)).json());
  const rulesOf = (map: OriginalityMap) => map.rules.map(({ part, finding, label, priority }) => ({ part, finding, label, priority }));
  /** A new car post with these body findings, and the label its detail shows. */
  const labelOfNewPost = async (findings: { part: string; finding: string }[]) => {
    serial += 1;
    const [row] = await gateway.deps.db.query<{ id: number }>(
      `INSERT INTO car_posts (token, state, car_post_type, title, model_id, brand_model, year, usage, color, gearbox, document, body_status, city_id, price, owner_name, owner_phone_number, body_findings)
       VALUES ($1, 'pending', 'direct', 'پراید ۱۳۱ آزمایشی', (SELECT min(id) FROM car_models), 'پراید ۱۳۱', 1395, 120000, 'سفید', 'manual', 'سند تک برگ', 'بدون رنگ', 1, 250000000, 'علی رضایی', '09121234567', $2)
       RETURNING id`,
      [`orig${String(serial).padStart(4, '0')}`, JSON.stringify(findings)],
    );
    return CarPostDetailSchema.parse((await call('GET', `/api/car-posts/${row!.id}/`, staff)).json()).originality_label;
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    colleague = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
  });
  afterAll(() => gateway.close());

  once('starts from a map every signed-in user reads, and car posts are labelled by it', async () => {
    const map = await read();
    expect(map.version).toBe(1);
    expect(map.rules[0]!.priority).toBeGreaterThan(map.rules.at(-1)!.priority);
    expect(await labelOfNewPost([])).toBe('بدون رنگ');
    expect(await labelOfNewPost([{ part: 'front_door_left', finding: 'smoothed' }])).toBe('صافکاری بدون رنگ');
    expect(await labelOfNewPost([{ part: 'hood', finding: 'painted' }])).toBe('کاپوت رنگ');
    expect(await labelOfNewPost([{ part: 'hood', finding: 'painted' }, { part: 'rear_door_left', finding: 'changed' }])).toBe('تعویضی');
  });

  it('editing the map changes the label computed for the next post; a save on an older version is the Persian 409; viewers cannot save', async () => {
    const map = await read(staff);
    const rules = rulesOf(map).map((r) => (r.part === 'hood' && r.finding === 'painted' ? { ...r, label: 'کاپوت رنگ‌شده' } : r));
    const saved = await call('PUT', '/api/originality-map/', staff, { version: map.version, rules });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ version: map.version + 1, message: 'نگاشت اصالت ذخیره شد.' });
    expect(await labelOfNewPost([{ part: 'hood', finding: 'painted' }])).toBe('کاپوت رنگ‌شده');

    const late = await call('PUT', '/api/originality-map/', colleague, { version: map.version, rules: rulesOf(map) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('کاربر دیگری همین حالا نگاشت را ذخیره کرد؛ نگاشت تازه نمایش داده شد. تغییرات خود را دوباره اعمال کنید.');
    expect((await call('PUT', '/api/originality-map/', viewer, { version: map.version + 1, rules })).statusCode).toBe(403);

    const history = (await call('GET', '/api/originality-map/history/', viewer)).json().results as { action: string; reason: string; actor_fullname: string }[];
    expect(history[0]).toMatchObject({ action: 'edit', actor_fullname: 'سارا احمدی', reason: '«کاپوت / رنگ‌شدگی»: «کاپوت رنگ» ← «کاپوت رنگ‌شده»' });
    expect(await read()).toMatchObject({ version: map.version + 1, updated_by: 'سارا احمدی' });
  });

  once('refuses a map with Persian messages on the rule at fault', async () => {
    const map = await read(staff);
    const rules = rulesOf(map);
    const twice = await call('PUT', '/api/originality-map/', staff, { version: map.version, rules: [...rules, { ...rules[0]!, priority: 999 }] });
    expect(twice.statusCode).toBe(400);
    // The gateway answers per top-level field (the form shows each on its row).
    expect(twice.json()).toEqual({ rules: ['قاعده «سقف / تعویض» در ردیف ۱ هم آمده است.'] });
    const noNone = await call('PUT', '/api/originality-map/', staff, { version: map.version, rules: rules.filter((r) => r.finding !== 'none') });
    expect(noNone.json()).toEqual({ rules: ['نگاشت باید یک قاعده «بدون یافته» داشته باشد تا خودروی بدون یافته هم برچسب بگیرد.'] });
    const badLabel = await call('PUT', '/api/originality-map/', staff, { version: map.version, rules: rules.map((r, n) => (n === 0 ? { ...r, label: ' ' } : r)) });
    expect(badLabel.json()).toEqual({ rules: ['برچسب اصالت را بنویسید (۲ تا ۶۰ نویسه).'] });
  });
});
