import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import type { SchemaTree } from '@panel/contracts/report-schemas';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const TREE: SchemaTree = [
  { key: 'body', title: 'بدنه', fields: [{ key: 'paint', label: 'رنگ', kind: 'choice', required: true, options: [{ value: 'ok', label: 'سالم' }, { value: 'bad', label: 'معیوب' }], photo_slot: null }] },
  { key: 'photos', title: 'عکس‌ها', fields: [{ key: 'front', label: 'عکس جلو', kind: 'photo', required: true, options: [], photo_slot: 'front' }] },
];

describe('reportSchemas procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists the active schemas by default, creates, saves a version, activates and customises', async () => {
    const caller = await staffCaller(gateway);
    const active = await caller.reportSchemas.list({});
    expect(active.results.every((r) => r.is_active)).toBe(true);
    expect((await caller.reportSchemas.export({ active: null })).rows.length).toBeGreaterThan(active.count);
    const { id } = await caller.reportSchemas.create({ name: 'اسکیمای آزمون', slug: 'bff-test', vehicle_types: ['light_car'], tree: TREE });
    const saved = await caller.reportSchemas.update({ id, name: 'اسکیمای آزمون', slug: 'bff-test', vehicle_types: ['light_car'], tree: TREE.slice(0, 1), base_version: 1, note: '' });
    expect(saved.version).toBe(2);
    expect(await caller.reportSchemas.impact({ id, tree: TREE })).toEqual([]);
    const renamed = [{ ...TREE[0]!, fields: [{ ...TREE[0]!.fields[0]!, label: 'رنگ بدنه' }] }];
    expect(await caller.reportSchemas.impact({ id, tree: renamed })).toEqual([{ key: 'paint', label: 'رنگ بدنه', change: 'renamed', in_progress: 0, done: 0 }]);
    expect((await caller.reportSchemas.version({ id, version: 1 }))).toHaveLength(2);
    expect((await caller.reportSchemas.activate({ id, vehicle_type: 'light_car', active: true })).message).toContain('فعال شد');
    expect((await caller.reportSchemas.vehicleSchemas()).find((v) => v.vehicle_type === 'light_car')!.schema_id).toBe(id);
    const [model] = await gateway.deps.db.query<{ id: number }>(`SELECT id FROM car_models WHERE vehicle_type = 'light_car' ORDER BY id LIMIT 1`);
    const custom = await caller.reportSchemas.customisation({ id, model_id: model!.id });
    expect(custom.row_version).toBe(0);
    await caller.reportSchemas.saveCustomisation({ id, model_id: model!.id, row_version: 0, patch: { hidden: [], added: [{ section: 'body', field: { key: 'roof', label: 'سقف', kind: 'text', required: false, options: [], photo_slot: null } }] } });
    expect((await caller.reportSchemas.customisation({ id, model_id: model!.id })).effective[0]!.fields.map((f) => f.key)).toEqual(['paint', 'roof']);
    expect((await caller.reportSchemas.history({ id })).map((h) => h.action)).toContain('activate');
  });

  it('refuses a bad input in Persian, a stale save and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.reportSchemas.create({ name: 'بد', slug: 'Bad Slug', vehicle_types: ['light_car'], tree: TREE })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { id } = await caller.reportSchemas.create({ name: 'کهنه', slug: 'bff-stale', vehicle_types: ['light_car'], tree: TREE });
    await caller.reportSchemas.update({ id, name: 'کهنه', slug: 'bff-stale', vehicle_types: ['light_car'], tree: TREE, base_version: 1, note: '' });
    await expect(caller.reportSchemas.update({ id, name: 'کهنه', slug: 'bff-stale', vehicle_types: ['light_car'], tree: TREE, base_version: 1, note: '' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.reportSchemas.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.reportSchemas.activate({ id, vehicle_type: 'light_car', active: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
