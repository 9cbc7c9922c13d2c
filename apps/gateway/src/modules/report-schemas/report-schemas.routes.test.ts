import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CustomisationSchema, MergePlanSchema, ReportSchemaDetailSchema, ReportSchemasPageSchema, type SchemaTree } from '@panel/contracts/report-schemas';
import { startTestGateway } from '../../testing';
import { seedReportSchemas } from './report-schemas.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const TREE: SchemaTree = [
  { key: 'body', title: 'بدنه', fields: [{ key: 'paint', label: 'رنگ', kind: 'choice', required: true, options: [{ value: 'ok', label: 'سالم' }, { value: 'bad', label: 'معیوب' }], photo_slot: null }] },
  { key: 'photos', title: 'عکس‌ها', fields: [{ key: 'front', label: 'عکس جلو', kind: 'photo', required: true, options: [], photo_slot: 'front' }, { key: 'notes', label: 'توضیح', kind: 'text', required: false, options: [], photo_slot: null }] },
];

describe.each(TEST_DRIVERS)('report-schemas on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let other: string;
  let viewer: string;
  let modelId: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = staff) =>
    gateway.app.inject({ method, url: `/api/report-schemas${url}`, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const list = async (query: Record<string, string> = {}) => ReportSchemasPageSchema.parse((await gateway.app.inject({ method: 'GET', url: '/api/report-schemas/', query, headers: { authorization: `Bearer ${staff}` } })).json());
  const detail = async (id: number) => ReportSchemaDetailSchema.parse((await call('GET', `/${id}/`)).json().result);
  const create = async (slug: string, tree = TREE, vehicle_types = ['light_car']) => {
    const response = await call('POST', '/', { name: `اسكيماي ${slug}`, slug, vehicle_types, tree });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; version: number };
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    other = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    await seedReportSchemas(gateway.deps.db);
    const [model] = await gateway.deps.db.query<{ id: number }>(`SELECT id FROM car_models WHERE vehicle_type = 'light_car' ORDER BY id LIMIT 1`);
    modelId = model!.id;
  }, 120_000);
  afterAll(() => gateway?.close());

  once('lists the active schemas by default (§9), all of them on request, searched and filtered in SQL', async () => {
    const active = await list();
    expect(active).toMatchObject({ count: 2, page: 1, pageSize: 20 });
    expect(active.results.every((r) => r.is_active && r.active_for.length > 0)).toBe(true);
    expect((await list({ active: '' })).count).toBe(3);
    expect((await list({ active: 'false' })).results.map((r) => r.slug)).toEqual(['motorcycle-basic']);
    expect((await list({ search: 'سنگین' })).results.map((r) => r.slug)).toEqual(['heavy-vehicle']);
    expect((await list({ active: '', vehicleType: 'motorcycle' })).results.map((r) => r.slug)).toEqual(['motorcycle-basic']);
    const light = (await list()).results.find((r) => r.slug === 'light-car-standard')!;
    expect(light.version).toBe(3);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/report-schemas/', headers: { authorization: `Bearer ${viewer}` } })).statusCode).toBe(403);
    expect((await call('POST', '/', { name: 'x', slug: 'x-y', vehicle_types: ['light_car'], tree: TREE }, viewer)).statusCode).toBe(403);
  });

  once('creates a schema with Persian written one way; refuses a taken slug and a faulty tree naming the field, changing nothing', async () => {
    const { id } = await create('saved-one');
    const saved = await detail(id);
    expect(saved.name).toBe('اسکیمای saved-one');
    expect(saved).toMatchObject({ version: 1, is_active: false, vehicle_types: ['light_car'] });
    expect(saved.tree[1]!.fields[0]!.photo_slot).toBe('front');
    const before = (await list({ active: '' })).count;
    const taken = await call('POST', '/', { name: 'دیگر', slug: 'saved-one', vehicle_types: ['light_car'], tree: TREE });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().slug).toEqual(['این شناسه (slug) را اسکیمای دیگری دارد.']);
    const faulty = structuredClone(TREE);
    faulty[1]!.fields[0]!.photo_slot = null;
    const refused = await call('POST', '/', { name: 'دیگر', slug: 'faulty-one', vehicle_types: ['light_car'], tree: faulty });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('بخش «عکس‌ها»، فیلد «عکس جلو»: جایگاه عکس را انتخاب کنید');
    expect((await list({ active: '' })).count).toBe(before);
  });

  it('saves a new version each time, keeps published versions as they were and refuses a stale base (409)', async () => {
    const { id } = await create('versioned');
    const next = structuredClone(TREE);
    next[0]!.fields[0]!.label = 'رنگ بدنه';
    const saved = await call('PUT', `/${id}/`, { name: 'نسخه‌دار', slug: 'versioned', vehicle_types: ['light_car'], tree: next, base_version: 1, note: 'تغییر نام' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.version).toBe(2);
    expect((await call('GET', `/${id}/versions/1/`)).json().result[0].fields[0].label).toBe('رنگ');
    expect((await detail(id)).versions.map((v) => v.version)).toEqual([2, 1]);
    const stale = await call('PUT', `/${id}/`, { name: 'نسخه‌دار', slug: 'versioned', vehicle_types: ['light_car'], tree: TREE, base_version: 1 }, other);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('نسخه 2');
    await expect(gateway.deps.db.query(`UPDATE report_schema_versions SET note = 'x' WHERE schema_id = $1`, [id])).rejects.toThrow(/never changes/);
    // Two saves on the same base at once: one wins, the other is told.
    const racing = await Promise.all([2, 2].map((base, i) => call('PUT', `/${id}/`, { name: 'نسخه‌دار', slug: 'versioned', vehicle_types: ['light_car'], tree: TREE, base_version: base }, i ? other : staff)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('holds one active schema per vehicle type: activating one deactivates the one before, both logged; refuses a type the schema lacks', async () => {
    const { id } = await create('activate-me', TREE, ['light_car', 'motorcycle']);
    const light = (await list()).results.find((r) => r.slug === 'light-car-standard')!;
    const on = await call('POST', `/${id}/activate/`, { vehicle_type: 'light_car', active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await detail(id)).active_for).toEqual(['light_car']);
    expect((await detail(light.id)).active_for).toEqual([]);
    expect((await call('POST', `/${id}/activate/`, { vehicle_type: 'light_car', active: true })).statusCode).toBe(409);
    const wrong = await call('POST', `/${id}/activate/`, { vehicle_type: 'heavy_car', active: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().vehicle_type[0]).toContain('خودروی سنگین');
    await expect(gateway.deps.db.query(`INSERT INTO report_schema_activations (vehicle_type, schema_id, activated_by) VALUES ('light_car', $1, 'x')`, [light.id])).rejects.toThrow();
    const history = (await call('GET', `/${light.id}/history/`)).json().results as { action: string; to_state: string }[];
    expect(history[0]).toMatchObject({ action: 'deactivate', to_state: 'inactive' });
    // Several vehicle types at once (§7 update multiple vehicle schemas).
    const bulk = await call('PUT', '/vehicle-schemas/', { assignments: [{ vehicle_type: 'light_car', schema_id: light.id }, { vehicle_type: 'motorcycle', schema_id: id }] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const types = (await call('GET', '/vehicle-schemas/')).json().results as { vehicle_type: string; schema_id: number | null }[];
    expect(types.find((t) => t.vehicle_type === 'light_car')!.schema_id).toBe(light.id);
    expect(types.find((t) => t.vehicle_type === 'motorcycle')!.schema_id).toBe(id);
    expect((await detail(id)).active_for).toEqual(['motorcycle']);
  });

  once('counts, before publishing, the reports that use each removed, renamed or retyped field', async () => {
    const light = (await list({ active: '' })).results.find((r) => r.slug === 'light-car-standard')!;
    const tree = (await detail(light.id)).tree.map((s) => ({ ...s, fields: s.fields.filter((f) => f.key !== 'front_photo').map((f) => (f.key === 'mileage' ? { ...f, kind: 'text' as const } : f)) }));
    const impact = (await call('POST', `/${light.id}/impact/`, { tree })).json().results as { key: string; change: string; in_progress: number; done: number }[];
    const [front, mileage] = [impact.find((i) => i.key === 'front_photo')!, impact.find((i) => i.key === 'mileage')!];
    expect(front).toMatchObject({ change: 'removed', done: expect.any(Number) });
    expect(front.in_progress + front.done).toBe(255);
    expect(front.in_progress).toBeGreaterThan(0);
    expect(mileage.change).toBe('retyped');
  });

  once('customises a brand-model as a patch and syncs a master change through a three-way merge, conflicts first', async () => {
    const { id } = await create('custom-master');
    const path = `/${id}/customisations/${modelId}/`;
    const fresh = CustomisationSchema.parse((await call('GET', path)).json().result);
    expect(fresh).toMatchObject({ base_version: null, row_version: 0, master_version: 1 });
    const patch = { hidden: ['notes'], added: [{ section: 'body', field: { key: 'roof', label: 'سقف', kind: 'text', required: false, options: [], photo_slot: null } }] };
    expect((await call('PUT', path, { patch, row_version: 0 })).statusCode).toBe(200);
    expect((await call('PUT', path, { patch, row_version: 0 })).statusCode).toBe(409);
    const bad = await call('PUT', path, { patch: { hidden: ['ghost'], added: [] }, row_version: 1 });
    expect(bad.json().patch).toEqual(['فیلد «ghost» در اسکیمای اصلی نیست که پنهان شود']);
    const custom = CustomisationSchema.parse((await call('GET', path)).json().result);
    expect(custom.effective.flatMap((s) => s.fields.map((f) => f.key))).toEqual(['paint', 'roof', 'front']);

    // The master changes the field the brand-model hid and adds one: one conflict, one change.
    const master = structuredClone(TREE);
    master[1]!.fields[1]!.label = 'توضیحات کارشناس';
    master[0]!.fields.push({ key: 'hood', label: 'کاپوت', kind: 'text', required: false, options: [], photo_slot: null });
    expect((await call('PUT', `/${id}/`, { name: 'اصلی', slug: 'custom-master', vehicle_types: ['light_car'], tree: master, base_version: 1 })).statusCode).toBe(200);
    const plan = MergePlanSchema.parse((await call('GET', `${path}sync/`)).json().result);
    expect(plan).toMatchObject({ from_version: 1, to_version: 2, changes: [{ key: 'hood', change: 'added' }], conflicts: [{ key: 'notes', kind: 'hidden_changed' }] });
    const unresolved = await call('POST', `${path}sync/`, { row_version: 1, to_version: 2, resolutions: {} });
    expect(unresolved.statusCode).toBe(400);
    expect(unresolved.json().resolutions).toEqual(['برای فیلد «توضیحات کارشناس» یکی از دو راه را انتخاب کنید.']);
    expect(CustomisationSchema.parse((await call('GET', path)).json().result).base_version).toBe(1);
    const synced = await call('POST', `${path}sync/`, { row_version: 1, to_version: 2, resolutions: { notes: 'ours' } });
    expect(synced.statusCode, synced.body).toBe(200);
    const after = CustomisationSchema.parse((await call('GET', path)).json().result);
    expect(after).toMatchObject({ base_version: 2, row_version: 2, patch: { hidden: ['notes'] } });
    expect(after.effective.flatMap((s) => s.fields.map((f) => f.key))).toEqual(['paint', 'hood', 'roof', 'front']);
    expect((await call('GET', `/${id}/customisations/`)).json().results).toHaveLength(1);
  });

  once('tells a second editor who else has the schema open', async () => {
    const { id } = await create('presence');
    expect((await call('POST', `/${id}/presence/`)).json().results).toEqual([]);
    const seen = (await call('POST', `/${id}/presence/`, undefined, other)).json().results as { fullname: string }[];
    expect(seen.map((e) => e.fullname)).toEqual(['سارا احمدی']);
    expect((await call('DELETE', `/${id}/presence/`)).statusCode).toBe(204);
    expect((await call('POST', `/${id}/presence/`, undefined, other)).json().results).toEqual([]);
  });
});
