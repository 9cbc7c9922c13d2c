import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CatalogueBrandSchema, CatalogueModelSchema } from '@panel/contracts/brand-models';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS } from '../../test-drivers';

describe.each(TEST_DRIVERS)('brand-model catalogue on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let viewer: string;
  const get = (url: string, query: Record<string, string> = {}, token: string | null = viewer) =>
    gateway.app.inject({ method: 'GET', url, query, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const search = async (query: Record<string, string>) => {
    const response = await get('/api/brand-models/models/', query);
    expect(response.statusCode, response.body).toBe(200);
    return z.object({ results: z.array(CatalogueModelSchema) }).parse(response.json()).results;
  };

  beforeAll(async () => {
    // The catalogue is reference data shipped by the migrations: present with no demo seed.
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    viewer = await gateway.deps.tokens.signAccess({ id: 7, username: 'maryam', first_name: 'مریم', last_name: 'احمدی' }, []);
  });
  afterAll(() => gateway.close());

  it('finds a model by Persian letters, by English letters and by digits of any script', async () => {
    expect((await search({ q: 'سراتو' })).map((m) => m.full_name)).toEqual(['کیا سراتو']);
    expect((await search({ q: 'cerato' })).map((m) => m.full_name)).toEqual(['کیا سراتو']);
    const byDigits = (await search({ q: '206' })).map((m) => m.full_name);
    expect(byDigits).toContain('پژو ۲۰۶ تیپ ۲');
    expect((await search({ q: '۲۰۶' })).map((m) => m.full_name)).toEqual(byDigits);
    expect(await search({ q: 'خودرویی که نیست' })).toEqual([]);
  });

  it('narrows to one brand and caps an open search', async () => {
    const brands = z.object({ results: z.array(CatalogueBrandSchema) }).parse((await get('/api/brand-models/brands/')).json()).results;
    const peugeot = brands.find((b) => b.brand_name_en === 'Peugeot')!;
    expect(peugeot.model_count).toBeGreaterThan(3);
    const models = await search({ brand_id: String(peugeot.brand_id) });
    expect(models).toHaveLength(peugeot.model_count);
    expect(models.every((m) => m.brand_name === 'پژو')).toBe(true);
    expect(await search({})).toHaveLength(30);
  });

  it('answers one model, a Persian 404 for a missing one, 400 for a bad query and 401 without a token', async () => {
    const [first] = await search({ q: 'سوناتا' });
    const one = await get(`/api/brand-models/models/${first!.model_id}/`);
    expect(CatalogueModelSchema.parse(one.json().result)).toMatchObject({ full_name: 'هیوندای سوناتا', is_imported: true, body_type: 'sedan' });
    const missing = await get('/api/brand-models/models/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('این مدل در فهرست برند و مدل‌ها نیست');
    expect((await get('/api/brand-models/models/', { q: 'x'.repeat(60) })).statusCode).toBe(400);
    expect((await get('/api/brand-models/models/', { color: 'red' })).statusCode).toBe(400);
    expect((await get('/api/brand-models/brands/', {}, null)).statusCode).toBe(401);
  });
});
