import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { ROLES } from '@panel/contracts/common';
import { createTestCaller, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('brandModels procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  });
  afterAll(() => gateway.close());

  it('lets any signed-in user search the catalogue, with digits of any script', async () => {
    const caller = await viewerCaller(gateway, []);
    const [sorento] = await caller.brandModels.search({ q: 'سورنتو' });
    expect(sorento).toMatchObject({ full_name: 'کیا سورنتو', body_type: 'suv' });
    expect(await caller.brandModels.model({ model_id: sorento!.model_id })).toEqual(sorento);
    expect((await caller.brandModels.search({ q: '۴۰۵' })).map((m) => m.full_name)).toEqual(['پژو ۴۰۵ جی‌ال‌ایکس']);
    const kia = (await caller.brandModels.brands({ q: 'کیا' }))[0]!;
    expect((await caller.brandModels.search({ q: '', brand_id: kia.brand_id })).length).toBe(kia.model_count);
  });

  it('refuses a caller without a session and an unknown field', async () => {
    const anonymous = createTestCaller({ gatewayUrl: gateway.url });
    await expect(anonymous.brandModels.search({ q: 'پژو' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const caller = await viewerCaller(gateway, []);
    await expect(caller.brandModels.search({ q: 'پژو', colour: 'red' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('the catalogue management procedures', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  });
  afterAll(() => gateway.close());

  it('lets staff add a brand, a model and a type, and a supervisor merge and undo; the picker follows', async () => {
    const staff = await staffCaller(gateway);
    const brand = await staff.brandModels.createBrand({ name_fa: 'آزمون‌خودرو', name_en: 'Azmoon', logo_media_id: null });
    const one = await staff.brandModels.createModel({ brand_id: brand.id, name_fa: 'ایکس', year_from: '۱۴۰۰' } as never);
    const two = await staff.brandModels.createModel({ brand_id: brand.id, name_fa: 'ایکس تکراری', year_from: 1400 } as never);
    await staff.brandModels.createType({ model_id: two.id, name_fa: 'اتوماتیک' } as never);
    expect((await staff.brandModels.list({ brand: brand.id })).count).toBe(2);
    const detail = await staff.brandModels.detail({ id: two.id });
    await expect(staff.brandModels.merge({ id: two.id, version: detail.version, target_id: one.id, reason: '' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const supervisor = await viewerCaller(gateway, [ROLES.staff, ROLES.supervisor]);
    const merged = await supervisor.brandModels.merge({ id: two.id, version: detail.version, target_id: one.id, reason: 'تکراری' });
    expect(merged.moved).toMatchObject({ 'car_types.model_id': 1 });
    expect((await staff.brandModels.search({ q: 'آزمون‌خودرو' })).map((m) => m.full_name)).toEqual(['آزمون‌خودرو ایکس']);
    expect((await staff.brandModels.merges())[0]).toMatchObject({ id: merged.id, state: 'done' });
    expect(await supervisor.brandModels.undoMerge({ id: merged.id })).toMatchObject({ state: 'undone' });
    expect((await staff.brandModels.detail({ id: two.id })).types.map((t) => t.name_fa)).toEqual(['اتوماتیک']);
  });

  it('refuses bad input in Persian and a signed-in user without the staff role', async () => {
    const staff = await staffCaller(gateway);
    await expect(staff.brandModels.createModel({ brand_id: 1, name_fa: '', year_from: 1400 } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.brandModels.createBrand({ name_fa: 'الف', name_en: 'Alef', logo_media_id: null })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.brandModels.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets a supervisor merge a brand into another and undo it, refuses it to staff; staff rename a type, refused to a user without the role', async () => {
    const staff = await staffCaller(gateway);
    const supervisor = await viewerCaller(gateway, [ROLES.staff, ROLES.supervisor]);
    const kept = await staff.brandModels.createBrand({ name_fa: 'هیوندای بی‌اف‌اف', name_en: 'Hyundai BFF', logo_media_id: null });
    const dup = await staff.brandModels.createBrand({ name_fa: 'هیوندائی بی‌اف‌اف', name_en: 'Hyundai BFF 2', logo_media_id: null });
    const model = await staff.brandModels.createModel({ brand_id: dup.id, name_fa: 'توسان', year_from: 1400 } as never);
    const input = { id: dup.id, version: 1, target_id: kept.id, reason: '' };
    await expect(staff.brandModels.mergeBrand(input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(supervisor.brandModels.mergeBrand({ ...input, target_id: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const merged = await supervisor.brandModels.mergeBrand(input);
    expect(merged).toMatchObject({ level: 'brand', source_brand_id: dup.id, target_brand_id: kept.id, moved: { 'car_models.brand_id': 1 } });
    expect((await staff.brandModels.detail({ id: model.id })).full_name).toBe('هیوندای بی‌اف‌اف توسان');
    expect((await staff.brandModels.managedBrands()).find((b) => b.brand_id === dup.id)).toMatchObject({ state: 'merged', open_merge_id: merged.id });
    await expect(staff.brandModels.undoMerge({ id: merged.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await supervisor.brandModels.undoMerge({ id: merged.id })).toMatchObject({ state: 'undone' });
    expect((await staff.brandModels.detail({ id: model.id })).full_name).toBe('هیوندائی بی‌اف‌اف توسان');

    const type = await staff.brandModels.createType({ model_id: model.id, name_fa: 'دنده‌ای' } as never);
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.brandModels.editType({ id: type.id, version: 1, name_fa: 'اتوماتیک' } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(staff.brandModels.editType({ id: type.id, version: 1, name_fa: '' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await staff.brandModels.editType({ id: type.id, version: 1, name_fa: 'اتوماتیک' } as never)).toMatchObject({ message: 'تغییرات ذخیره شد.' });
    expect((await staff.brandModels.detail({ id: model.id })).types.map((t) => t.name_fa)).toEqual(['اتوماتیک']);
  });
});
