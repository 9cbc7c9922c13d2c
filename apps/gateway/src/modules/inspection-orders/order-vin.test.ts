import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionLogEntrySchema, ROLES, VIN_MESSAGE, toPersianDigits } from '@panel/contracts/common';
import { CarHistorySchema } from '@panel/contracts/car-detail';
import { ORDER_ACTION_MESSAGES, ORDER_WORKFLOW, OrderActionResultSchema, OrderDetailSchema, type OrderState } from '@panel/contracts/inspection-orders';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

// The VIN of an existing order (decision 136, "Stop 50"): `POST /api/inspection/orders/:pk/vin/`,
// an action of the order's workflow that keeps the state. The walk and the race run on both
// drivers (decision 137); the rest, the same SQL either way, on one.

const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const VIN = 'NAAM01CA6HK410236';
const CORRECTED = 'NAAD31CE2LK760429';

describe.each(TEST_DRIVERS)('the VIN of an order on $name', (driver) => {
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let authorization: string;
  let viewer: string;
  let next = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres: driver.usePostgres, seed: 'none' });
    authorization = `Bearer ${await gateway.deps.tokens.signAccess(STAFF, [ROLES.staff])}`;
    viewer = `Bearer ${await gateway.deps.tokens.signAccess({ ...STAFF, id: 3, username: 'viewer' }, [ROLES.follower])}`;
  });
  afterAll(() => gateway.close());

  async function order(state: OrderState): Promise<{ pk: number; code: string }> {
    next += 1;
    const code = String(810000 + next);
    const [row] = await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price)
       VALUES ($1, $2, 'علی رضایی', '09121110001', 1, 'پژو ۲۰۶', 'کارشناسی پایه', 650000) RETURNING pk`,
      [code, state],
    );
    return { pk: row!.pk, code };
  }
  const setVin = (pk: number, payload: object, auth = authorization) =>
    gateway.app.inject({ method: 'POST', url: `/api/inspection/orders/${pk}/vin/`, payload, headers: { authorization: auth } });
  const detail = async (pk: number) => OrderDetailSchema.parse((await gateway.app.inject({ url: `/api/inspection/orders/${pk}`, headers: { authorization } })).json());
  const log = async (pk: number) =>
    ActionLogEntrySchema.array().parse((await gateway.app.inject({ url: `/api/inspection/orders/${pk}/action-log/`, headers: { authorization } })).json().results);

  it('walks the table: set from every state that allows it, the state kept; refused on a cancelled order with nothing changed', async () => {
    for (const from of ORDER_WORKFLOW.actions.set_vin.from) {
      const { pk } = await order(from);
      const answer = await setVin(pk, { vin: VIN });
      expect(answer.statusCode, `${from}: ${answer.body}`).toBe(200);
      expect(OrderActionResultSchema.parse(answer.json().data)).toMatchObject({ pk, state: from, message: ORDER_ACTION_MESSAGES.done.set_vin });
      expect(await detail(pk)).toMatchObject({ state: from, vin: VIN });
    }
    const { pk, code } = await order('F');
    const refused = await setVin(pk, { vin: VIN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORDER_WORKFLOW.refusal('set_vin', 'F', toPersianDigits(code)));
    expect(await detail(pk)).toMatchObject({ state: 'F', vin: null });
    expect(await log(pk)).toEqual([]);
  });

  it('two staff setting the same VIN at once: one records it, the other is told it is already so', async () => {
    const { pk } = await order('T');
    const answers = await Promise.all([setVin(pk, { vin: VIN }), setVin(pk, { vin: VIN })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: ORDER_ACTION_MESSAGES.sameVin });
    expect(await log(pk)).toHaveLength(1);
  });

  once('adds, corrects and takes away the VIN as typed on a card, each in the order history', async () => {
    const { pk } = await order('S');
    expect((await setVin(pk, { vin: 'naam01ca6hk-۴۱۰۲۳۶' })).statusCode).toBe(200);
    expect((await detail(pk)).vin).toBe(VIN);
    expect((await setVin(pk, { vin: CORRECTED })).statusCode).toBe(200);
    expect((await detail(pk)).vin).toBe(CORRECTED);
    expect((await setVin(pk, { vin: CORRECTED })).json()).toEqual({ message: ORDER_ACTION_MESSAGES.sameVin });
    expect((await setVin(pk, { vin: '' })).statusCode).toBe(200);
    expect((await detail(pk)).vin).toBeNull();
    const entries = await log(pk);
    expect(entries.map((e) => [e.action, e.from_state, e.to_state, e.reason])).toEqual([
      ['set_vin', 'S', 'S', `${CORRECTED} ← —`],
      ['set_vin', 'S', 'S', `${VIN} ← ${CORRECTED}`],
      ['set_vin', 'S', 'S', `— ← ${VIN}`],
    ]);
    expect(entries[0]).toMatchObject({ actor_username: 'staff', actor_fullname: 'سارا محمدی' });
  });

  once('refuses a malformed VIN beside the field in Persian and changes nothing; only staff set it', async () => {
    const { pk } = await order('T');
    expect((await setVin(pk, { vin: VIN })).statusCode).toBe(200);
    for (const bad of ['NAAM01CA6HK41023', 'NAAM01CA6HK41023O', 'NAAQ01CA6HK410239', '12345678901234567', 42]) {
      const refused = await setVin(pk, { vin: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json(), String(bad)).toEqual({ vin: [VIN_MESSAGE] });
    }
    expect((await setVin(pk, { vin: CORRECTED }, viewer)).statusCode).toBe(403);
    expect((await detail(pk)).vin).toBe(VIN);
    expect(await log(pk)).toHaveLength(1);
    expect((await setVin(999_999, { vin: VIN })).statusCode).toBe(404);
  });

  once('car detail finds the order by the VIN set on it, and no longer by the one it replaced', async () => {
    const { pk, code } = await order('D');
    const lookup = async (q: string) => {
      const answer = await gateway.app.inject({ url: '/api/car-detail/lookup/', query: { q }, headers: { authorization } });
      expect(answer.statusCode, answer.body).toBe(200);
      return CarHistorySchema.parse(answer.json().result);
    };
    // VINs no other case of this file sets: the one replaced, and the one kept.
    const OLD = 'WVWZZZ1JZXW000001';
    const NEW = 'KNAFX411BK5093184';
    expect((await lookup(NEW)).found).toBe(false);
    expect((await setVin(pk, { vin: OLD })).statusCode).toBe(200);
    expect((await lookup(OLD)).found).toBe(true);
    expect((await setVin(pk, { vin: NEW })).statusCode).toBe(200);
    const found = await lookup(NEW.toLowerCase());
    expect(found.found).toBe(true);
    expect(found.events.map((e) => e.ref)).toEqual([{ kind: 'order', id: pk, code, tab: null }]);
    expect(found.facts.find((f) => f.fact === 'vin')?.values.map((v) => v.value)).toEqual([NEW]);
    expect((await lookup(OLD)).found).toBe(false);
  });
});
