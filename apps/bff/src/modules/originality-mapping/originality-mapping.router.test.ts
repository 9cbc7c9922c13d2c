import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import type { SaveOriginalityMapInput } from '@panel/contracts/originality-mapping';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('originalityMapping procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  });
  afterAll(() => gateway.close());

  it('every signed-in user reads the map; staff save it; a save on an older version is the Persian 409', async () => {
    const viewer = await viewerCaller(gateway, []);
    const map = await viewer.originalityMapping.map();
    expect(map.rules.find((r) => r.part === '*' && r.finding === 'none')?.label).toBe('بدون رنگ');
    await expect(viewer.originalityMapping.save({ version: map.version, rules: map.rules.map(({ id: _id, ...rule }) => rule) })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const staff = await staffCaller(gateway);
    const rules: SaveOriginalityMapInput['rules'] = map.rules.map(({ part, finding, label, priority }) => ({ part, finding, label: finding === 'none' ? 'بدون رنگ و بدون تصادف' : label, priority }));
    expect(await staff.originalityMapping.save({ version: map.version, rules })).toEqual({ version: map.version + 1, message: 'نگاشت اصالت ذخیره شد.' });
    await expect(staff.originalityMapping.save({ version: map.version, rules })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('کاربر دیگری همین حالا نگاشت را ذخیره کرد') });
    await expect(staff.originalityMapping.save({ version: map.version + 1, rules: rules.filter((r) => r.finding !== 'none') })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const history = await viewer.originalityMapping.history();
    expect(history[0]).toMatchObject({ action: 'edit', reason: '«هر قطعه / بدون یافته»: «بدون رنگ» ← «بدون رنگ و بدون تصادف»' });
  });
});
