import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from '@panel/gateway/testing';
import { createTestCaller, viewerCaller } from '../../testing';

describe('brandModels procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { listen: true, seed: 'none' });
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
