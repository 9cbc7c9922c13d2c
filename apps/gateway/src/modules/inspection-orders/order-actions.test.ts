import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionLogEntrySchema, ROLES } from '@panel/contracts/common';
import { ORDER_ACTION_MESSAGES, ORDER_WORKFLOW, OrderActionResultSchema, OrderDetailSchema, OrderMessageSchema, type OrderState } from '@panel/contracts/inspection-orders';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS } from '../../test-drivers';

const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const PACKAGE = 'کارشناسی پایه';
/** The migration's base price of PACKAGE (inspection-catalogue). */
const BASE = 650_000;

describe.each(TEST_DRIVERS)('order actions on $name (decision 032)', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let authorization: string;
  let viewer: string;
  let next = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    authorization = `Bearer ${await gateway.deps.tokens.signAccess(STAFF, [ROLES.staff])}`;
    viewer = `Bearer ${await gateway.deps.tokens.signAccess({ ...STAFF, id: 3, username: 'viewer' }, [ROLES.follower])}`;
  });
  afterAll(() => gateway.close());

  /** A fresh order in `state`, priced from the basic package. */
  async function order(state: OrderState): Promise<number> {
    next += 1;
    const [row] = await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price)
       VALUES ($1, $2, 'علی رضایی', '09121110001', 1, 'پژو ۲۰۶', $3, $4) RETURNING pk`,
      [String(800000 + next), state, PACKAGE, BASE],
    );
    return row!.pk;
  }
  const call = (method: 'POST' | 'PATCH', pk: number, path: string, payload?: object, auth = authorization) =>
    gateway.app.inject({ method, url: `/api/inspection/orders/${pk}/${path}/`, payload, headers: { authorization: auth } });
  const detail = async (pk: number) => OrderDetailSchema.parse((await gateway.app.inject({ url: `/api/inspection/orders/${pk}`, headers: { authorization } })).json());
  const log = async (pk: number) =>
    ActionLogEntrySchema.array().parse((await gateway.app.inject({ url: `/api/inspection/orders/${pk}/action-log/`, headers: { authorization } })).json().results);

  // One request per action of the table, with what it needs.
  const requests: Record<string, (pk: number) => ReturnType<typeof call>> = {
    hold: (pk) => call('POST', pk, 'hold', { reason: 'مشتری خواست صبر کنیم', until: new Date(Date.now() + 3_600_000).toISOString() }),
    send_to_offer: (pk) => call('POST', pk, 'send-to-offer'),
    change_package: (pk) => call('PATCH', pk, 'package', { package: 'کارشناسی جامع' }),
    change_pricing: (pk) => call('PATCH', pk, 'price-calculation', { conditions: ['holiday'] }),
    report_differences: (pk) => call('POST', pk, 'report-differences', { text: 'رنگ درب جلو با گزارش نمی‌خواند' }),
    cancel: (pk) => call('POST', pk, 'cancel', { reason: 'مشتری منصرف شد', refund: 'none' }),
  };

  it('walks the table: every allowed move of these actions succeeds from every state that allows it', async () => {
    for (const [action, request] of Object.entries(requests)) {
      if (action === 'send_to_offer') continue; // The offers module sends offers.
      for (const from of ORDER_WORKFLOW.actions[action as keyof typeof requests & keyof typeof ORDER_WORKFLOW.actions].from) {
        const pk = await order(from);
        const answer = await request(pk);
        expect(answer.statusCode, `${action} from ${from}: ${answer.body}`).toBe(200);
        const result = OrderActionResultSchema.parse(answer.json().data);
        expect(result.state).toBe(ORDER_WORKFLOW.target(action as never, from));
      }
    }
  });

  it('refuses a move outside the table with the Persian 409, and changes nothing', async () => {
    for (const [action, from] of [['cancel', 'O'], ['cancel', 'F'], ['hold', 'S'], ['change_package', 'D'], ['report_differences', 'T']] as const) {
      const pk = await order(from);
      const answer = await requests[action]!(pk);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(ORDER_WORKFLOW.refusal(action, from, String(800000 + next).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)));
      expect((await detail(pk)).state).toBe(from);
      expect(await log(pk)).toEqual([]);
    }
  });

  it('holds until a time with a reason, refuses a second hold and a past end, and releases', async () => {
    const pk = await order('T');
    expect((await call('POST', pk, 'hold', { reason: 'x', until: new Date(Date.now() - 1000).toISOString() })).json()).toEqual({ until: [ORDER_ACTION_MESSAGES.until] });
    expect((await requests.hold!(pk)).statusCode).toBe(200);
    expect(await detail(pk)).toMatchObject({ state: 'T', hold_reason: 'مشتری خواست صبر کنیم', held_until: expect.any(String) });
    expect((await requests.hold!(pk)).json()).toEqual({ message: ORDER_ACTION_MESSAGES.alreadyHeld });
    expect((await call('POST', pk, 'release-hold')).statusCode).toBe(200);
    expect(await detail(pk)).toMatchObject({ held_until: null, hold_reason: '' });
    expect((await call('POST', pk, 'release-hold')).json()).toEqual({ message: ORDER_ACTION_MESSAGES.notHeld });
    expect((await log(pk)).map((e) => e.action)).toEqual(['release_hold', 'hold']);
  });

  it('reprices on a package or condition change, and the difference goes out as a settlement link in the outbox', async () => {
    const pk = await order('T');
    expect((await call('POST', pk, 'settlement-payment-url')).json()).toEqual({ message: ORDER_ACTION_MESSAGES.noDifference });
    await requests.change_package!(pk);
    await requests.change_pricing!(pk);
    // The catalogue's quote: 1,450,000 × holiday's standard 1.2 (no rate in force on a fresh database).
    const expected = 1_740_000;
    expect(await detail(pk)).toMatchObject({ package: 'کارشناسی جامع', pricing_conditions: ['holiday'], price: expected, price_diff: expected - BASE });
    expect((await call('POST', pk, 'settlement-payment-url')).statusCode).toBe(200);
    const [sms] = await gateway.deps.db.query<{ channel: string; target: string; amount: number; text: string; created_by: string }>(
      "SELECT channel, target, amount, text, created_by FROM outbox WHERE entity = 'inspection' AND entity_id = $1",
      [pk],
    );
    expect(sms).toMatchObject({ channel: 'sms', target: '09121110001', amount: expected - BASE, created_by: 'staff' });
    expect(sms!.text).toContain('https://pay.example.com/settle/');
  });

  it('shows what the customer received: the settlement SMS, then the reported difference in the order chat (issue 28)', async () => {
    const pk = await order('T');
    await requests.change_package!(pk);
    expect((await call('POST', pk, 'settlement-payment-url')).statusCode).toBe(200);
    await gateway.deps.db.query("UPDATE inspections SET state = 'S' WHERE pk = $1", [pk]);
    expect((await requests.report_differences!(pk)).statusCode).toBe(200);
    const answer = await gateway.app.inject({ url: `/api/inspection/orders/${pk}/conversation/`, headers: { authorization: viewer } });
    expect(answer.statusCode, answer.body).toBe(200);
    const messages = OrderMessageSchema.array().parse(answer.json().results);
    expect(messages.map((m) => m.channel)).toEqual(['sms', 'chat']);
    expect(messages[0]!.text).toContain('https://pay.example.com/settle/');
    expect(messages[1]).toMatchObject({ text: 'رنگ درب جلو با گزارش نمی‌خواند', author: 'سارا محمدی' });
    expect(new Set(messages.map((m) => m.id)).size).toBe(2);
    const other = await order('T');
    expect((await gateway.app.inject({ url: `/api/inspection/orders/${other}/conversation/`, headers: { authorization } })).json()).toEqual({ results: [] });
  });

  it('cancels with a discount code of the same value, shown once, recorded in the outbox and the log', async () => {
    const pk = await order('R');
    const answer = await call('POST', pk, 'cancel', { reason: 'مشتری منصرف شد', refund: 'discount_code' });
    const result = OrderActionResultSchema.parse(answer.json().data);
    expect(result).toMatchObject({ state: 'F', discount_code: expect.stringMatching(/^RF[0-9A-F]{10}$/) });
    expect(await detail(pk)).toMatchObject({ state: 'F', is_canceled: true, discount_code: result.discount_code });
    const [entry] = await log(pk);
    expect(entry).toMatchObject({ action: 'cancel', from_state: 'R', to_state: 'F', reason: 'مشتری منصرف شد', actor_username: 'staff', actor_fullname: 'سارا محمدی' });
    const refunds = await gateway.deps.db.query<{ text: string }>("SELECT text FROM outbox WHERE entity_id = $1 AND channel = 'sms'", [pk]);
    expect(refunds[0]!.text).toContain(result.discount_code!);
  });

  it('two cancels of one order at once: one wins, the other gets the Persian 409 from the state the winner left', async () => {
    const pk = await order('T');
    const answers = await Promise.all([requests.cancel!(pk), requests.cancel!(pk)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toContain('«لغو شده»');
    expect(await log(pk)).toHaveLength(1);
  });

  it('is staff work: a signed-in user without the staff role reads the history but cannot act', async () => {
    const pk = await order('T');
    expect((await call('POST', pk, 'cancel', { reason: 'x', refund: 'none' }, viewer)).statusCode).toBe(403);
    expect((await gateway.app.inject({ url: `/api/inspection/orders/${pk}/action-log/`, headers: { authorization: viewer } })).statusCode).toBe(200);
    expect((await call('POST', pk, 'cancel', { reason: '   ', refund: 'none' })).statusCode).toBe(400);
  });
});
