import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { ROLES, tehranDateKey } from '@panel/contracts/common';
import { RATE_MESSAGES } from '@panel/contracts/inspection-catalogue';
import { callerAs, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const day = (offset: number) => tehranDateKey(new Date(Date.now() + offset * 86_400_000));

describe('inspectionCatalogue procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  });
  afterAll(() => gateway.close());

  it('a supervisor adds a rate; the quote of a new order in that city follows it; an overlapping one is refused in Persian', async () => {
    const boss = await callerAs(gateway, { id: 5, username: 'boss', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff, ROLES.supervisor]);
    const options = await boss.inspectionCatalogue.packageOptions({ city: 2 });
    expect(options.map((p) => p.name)).toEqual(['کارشناسی پایه', 'کارشناسی استاندارد', 'کارشناسی جامع', 'کارشناسی فوری']);
    const rate = await boss.inspectionCatalogue.createRate({ condition: 'traffic', city_id: 2, package_id: null, starts_on: day(3), ends_on: day(4), ratio: '۱٫۱' });
    expect(rate).toMatchObject({ city: 'کرج', ratio: 1.1, scope: 'city' });
    const quoted = await boss.inspectionCatalogue.quote({ package: 'کارشناسی پایه', city_id: 2, day: day(3) });
    expect(quoted).toMatchObject({ price: 715_000, factors: [{ condition: 'traffic', rate_id: rate.id }] });
    await expect(boss.inspectionCatalogue.createRate({ condition: 'traffic', city_id: 2, package_id: null, starts_on: day(4), ends_on: day(6), ratio: 1.2 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(RATE_MESSAGES.overlap),
    });
    expect(await boss.inspectionCatalogue.deleteRate({ id: rate.id, version: rate.version })).toEqual({ id: rate.id, message: RATE_MESSAGES.deleted });
  });

  it('refuses staff without the supervisor role a change, and anyone without staff the catalogue; bad input never reaches the gateway', async () => {
    const staff = await staffCaller(gateway);
    const {
      results: [pkg],
      count,
    } = await staff.inspectionCatalogue.packages({});
    expect(count).toBe(4);
    expect((await staff.inspectionCatalogue.vehicleKinds({ active: true })).results.map((k) => k.name)).toEqual(['سواری', 'شاسی‌بلند', 'وانت']);
    expect(await staff.inspectionCatalogue.packagesExport({ type: 'employed' })).toEqual({ rows: [expect.objectContaining({ name: 'کارشناسی جامع' })], truncated: false });
    expect((await staff.inspectionCatalogue.ratesExport({})).truncated).toBe(false);
    await expect(staff.inspectionCatalogue.packages({ sort: 'price' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(pkg).toMatchObject({ name: 'کارشناسی پایه', vehicle_kind: 'سواری' });
    await expect(staff.inspectionCatalogue.configurePackage({ id: pkg!.id, version: pkg!.version, city_ids: [1], report_fields: ['body'] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const viewer = await viewerCaller(gateway);
    await expect(viewer.inspectionCatalogue.packages({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const boss = await callerAs(gateway, { id: 5, username: 'boss', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff, ROLES.supervisor]);
    await expect(boss.inspectionCatalogue.createRate({ condition: 'holiday', city_id: null, package_id: null, starts_on: day(9), ends_on: day(1), ratio: 1.2 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
