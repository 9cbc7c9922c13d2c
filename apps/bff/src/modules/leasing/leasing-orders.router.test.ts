import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@panel/contracts/common';
import { startTestPanel, staffCaller } from '../../testing';

// The orders screen's own needs (issue 30): the list's city and day filters, its CSV export, and
// a document uploaded to the media store through the BFF and attached to an order.

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe('leasing orders: list filters, export and documents through the BFF', () => {
  let panel: Awaited<ReturnType<typeof startTestPanel>>;
  beforeAll(async () => {
    panel = await startTestPanel();
  }, 180_000);
  afterAll(() => panel.close());

  it('filters by city and registration days, and exports the whole filter', async () => {
    const staff = await staffCaller(panel.gateway);
    const all = await staff.leasing.orders({ pageSize: 100 });
    const first = all.results[0]!;
    const inCity = await staff.leasing.orders({ city: first.city_id, pageSize: 100 });
    expect(inCity.results.length).toBeGreaterThan(0);
    expect(inCity.results.every((o) => o.city_id === first.city_id)).toBe(true);
    const wide = await staff.leasing.orders({ createdFrom: '2000-01-01', createdTo: '2100-01-01', pageSize: 100 });
    expect(wide.count).toBe(all.count);
    const none = await staff.leasing.orders({ createdFrom: '2100-01-01' });
    expect(none.count).toBe(0);
    expect((await staff.leasing.orders({ createdTo: '2000-01-01' })).count).toBe(0);
    const exported = await staff.leasing.exportOrders({ city: first.city_id });
    expect(exported).toMatchObject({ truncated: false });
    expect(exported.rows.map((o) => o.id).sort()).toEqual(inCity.results.map((o) => o.id).sort());
    await expect(staff.leasing.orders({ city: 'تهران' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('شهر نامعتبر است') });
  });

  it('uploads a document to the media store and attaches it; a forged or unsupported upload is refused', async () => {
    const cookie = await panel.signIn('staff2', 'staff1234');
    const upload = (body: Buffer, type: string, headers: Record<string, string> = { [CSRF_HEADER]: '1' }) =>
      fetch(`${panel.url}/media?name=${encodeURIComponent('کارت ملی.png')}`, { method: 'POST', headers: { cookie, 'content-type': type, ...headers }, body: new Uint8Array(body) });
    const forged = await upload(PNG, 'image/png', {});
    expect(forged.status).toBe(403);
    const signedOut = await fetch(`${panel.url}/media`, { method: 'POST', headers: { 'content-type': 'image/png', [CSRF_HEADER]: '1' }, body: PNG });
    expect(signedOut.status).toBe(401);
    const mismatch = await upload(Buffer.from('%PDF-1.4 not really'), 'image/png');
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { message: string }).message).toMatch(/[آ-ی]/);

    const stored = (await (await upload(PNG, 'image/png')).json()) as { id: number; name: string; url: string };
    expect(stored).toMatchObject({ name: 'کارت ملی.png', url: `/media/${stored.id}` });
    const staff = await staffCaller(panel.gateway);
    const order = (await staff.leasing.orders({ state: 'registered' })).results[0]!;
    expect(await staff.leasing.attachFile({ id: order.id, media_id: stored.id, kind: 'national_card' })).toMatchObject({ message: 'مدرک به سفارش افزوده شد.' });
    const files = await staff.leasing.orderFiles({ id: order.id });
    expect(files.at(-1)).toMatchObject({ media_id: stored.id, kind: 'national_card', name: 'کارت ملی.png', content_type: 'image/png' });
    const served = await fetch(`${panel.url}/media/${stored.id}`, { headers: { cookie } });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
