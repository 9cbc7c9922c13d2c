import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { NOTIFICATION_MESSAGES } from '@panel/contracts/notifications';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('notifications procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    caller = await staffCaller(gateway);
  }, 120_000);
  afterAll(() => gateway.close());

  it('sends an SMS from a template and finds it first in the history; exports the filtered history', async () => {
    const templates = await caller.notifications.templates({ state: 'active' });
    const t = templates.results.find((x) => x.placeholders.includes('code'))!;
    const values = Object.fromEntries(t.placeholders.map((name) => [name, name === 'link' ? 'https://pay.example.com/a' : 'علی']));
    const sent = await caller.notifications.sendSms({ phone_number: '۰۹۱۲۰۰۰۱۱۲۲', template_id: t.id, values });
    expect(sent.message).toBe(NOTIFICATION_MESSAGES.sent);
    const history = await caller.notifications.history({});
    expect(history.results[0]).toMatchObject({ id: sent.id, target: '09120001122', text: sent.text, created_by: 'neda', subject: { entity: 'sms_template', id: t.id, title: t.name } });
    const csv = await caller.notifications.exportHistory({ entity: 'sms_template' });
    expect(csv.rows.length).toBe((await caller.notifications.history({ entity: 'sms_template' })).count);

    await expect(caller.notifications.sendSms({ phone_number: '09120001122', template_id: t.id, values: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('را پر کنید.') });
    await expect(caller.notifications.sendSms({ phone_number: '123', text: 'سلام' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('شماره تلفن همراه معتبر نیست') });
  });

  it('creates, edits with a version and deactivates a template; the history shows each step', async () => {
    const made = await caller.notifications.createTemplate({ name: 'قالب BFF', text: 'سلام {name}' });
    const edited = await caller.notifications.editTemplate({ id: made.id, version: made.version, name: 'قالب BFF', text: 'درود {name}' });
    await expect(caller.notifications.editTemplate({ id: made.id, version: made.version, name: 'قالب BFF', text: 'کهنه' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(NOTIFICATION_MESSAGES.staleTemplate),
    });
    const off = await caller.notifications.moveTemplate({ id: made.id, version: edited.version, action: 'deactivate', reason: '' });
    expect(off).toMatchObject({ state: 'inactive', message: 'قالب غیرفعال شد.' });
    await expect(caller.notifications.moveTemplate({ id: made.id, version: off.version, action: 'deactivate', reason: '' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await caller.notifications.templateHistory({ id: made.id })).map((e) => e.action)).toEqual(['deactivate', 'edit', 'create']);
  });

  it('counts an audience of experts, sends to it and lists it; an empty audience is refused in Persian', async () => {
    const audience = { cities: [1], levels: [], types: [], experts: [] };
    const { count } = await caller.notifications.audienceCount(audience);
    expect(count).toBeGreaterThan(0);
    const sent = await caller.notifications.sendExpertMessage({ text: 'جلسه فردا', audience, count });
    expect(sent.recipient_count).toBe(count);
    expect((await caller.notifications.expertMessages({})).results[0]).toMatchObject({ id: sent.id, recipient_count: count });
    expect((await caller.notifications.history({ channel: 'push', entity: 'expert_message', entityId: sent.id })).count).toBe(count);
    await expect(caller.notifications.sendExpertMessage({ text: 'سلام', audience: { cities: [], levels: [], types: [], experts: [] }, count: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(NOTIFICATION_MESSAGES.emptyAudience),
    });
    expect((await caller.notifications.experts({ q: '' })).length).toBeGreaterThan(0);
  });

  it('lets any signed-in user read the history and templates, and refuses them sending and messaging experts', async () => {
    const viewer = await viewerCaller(gateway, []);
    expect((await viewer.notifications.history({})).count).toBeGreaterThan(0);
    expect((await viewer.notifications.templates({})).count).toBeGreaterThan(0);
    await expect(viewer.notifications.sendSms({ phone_number: '09120001122', text: 'سلام' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.notifications.createTemplate({ name: 'قالب', text: 'متن' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.notifications.expertMessages({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.notifications.audienceCount({ cities: [1], levels: [], types: [], experts: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
