import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '../testing';
import { SINGLE_DRIVER } from '../test-drivers';

describe.each(SINGLE_DRIVER)('media store on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let viewer: string;
  const upload = (body: Buffer | string, type: string, name = 'front.png', token = staff) =>
    gateway.app.inject({ method: 'POST', url: '/api/media/', query: { name }, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': type } });

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 2, username: 'viewer', first_name: 'بیننده', last_name: '' }, []);
  });
  afterAll(() => gateway.close());

  it('stores an image and serves it back with its type and cache headers', async () => {
    const png = await readFile(new URL('./samples/hatch-red-rear.png', import.meta.url));
    const stored = await upload(png, 'image/png', 'عقب خودرو.png');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ name: 'عقب خودرو.png', type: 'image/png', size: png.byteLength });
    const served = await gateway.app.inject({ method: 'GET', url: stored.json().url, headers: { authorization: `Bearer ${viewer}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a wrong type, a file whose bytes lie about its type, an empty file, and a viewer, in Persian', async () => {
    expect((await upload('{"a":1}', 'application/json')).json()).toEqual({ file: ['نوع فایل پشتیبانی نمی‌شود؛ فقط JPEG، PNG، WebP یا PDF.'] });
    const lie = await upload(Buffer.from('GIF89a not a png'), 'image/png');
    expect(lie.statusCode).toBe(400);
    expect(lie.json()).toEqual({ file: ['محتوای فایل با نوع اعلام‌شده آن یکی نیست.'] });
    expect((await upload(Buffer.alloc(6 * 1024 * 1024, 0xff), 'image/jpeg')).statusCode).toBe(413);
    expect((await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg', 'x.jpg', viewer)).statusCode).toBe(403);
    expect((await gateway.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media'))[0]!.n).toBe(1);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/media/999/', headers: { authorization: `Bearer ${staff}` } })).statusCode).toBe(404);
  });
});
