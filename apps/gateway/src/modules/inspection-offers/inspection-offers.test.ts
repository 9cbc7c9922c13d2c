import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionLogEntrySchema, ROLES } from '@panel/contracts/common';
import { OFFER_MESSAGES, OfferListPageSchema } from '@panel/contracts/inspection-offers';
import { startTestGateway } from '../../testing';
import { offersService } from './inspection-offers.service';

const drivers = [
  { name: 'PGlite', usePostgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', usePostgres: true }] : []),
];
const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(drivers)('inspection offers on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let authorization: string;
  let next = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({ SEED_EXPERTS: '12', SEED_ORDERS: '0' }, { usePostgres });
    authorization = `Bearer ${await gateway.deps.tokens.signAccess(STAFF, [ROLES.staff])}`;
  });
  afterAll(() => gateway.close());

  async function order(state: string, city = 1): Promise<number> {
    next += 1;
    const [row] = await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price)
       VALUES ($1, $2, 'مریم احمدی', '09121110002', $3, 'سمند', 'کارشناسی پایه', 650000) RETURNING pk`,
      [String(700000 + next), state, city],
    );
    return row!.pk;
  }
  const post = (pk: number, path: string) => gateway.app.inject({ method: 'POST', url: `/api/inspection/orders/${pk}/${path}/`, headers: { authorization } });
  const state = async (pk: number) => (await gateway.deps.db.query<{ state: string }>('SELECT state FROM inspections WHERE pk = $1', [pk]))[0]!.state;
  const list = async (query = '') => OfferListPageSchema.parse((await gateway.app.inject({ url: `/api/inspection/offers/?${query}`, headers: { authorization } })).json());

  it('sends an order waiting for an expert to the car experts of its city, and lists it with its answers', async () => {
    const pk = await order('T');
    const answer = await post(pk, 'send-to-offer');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ pk, state: 'P' });
    const experts = await gateway.deps.db.query<{ n: number }>('SELECT count(*) AS n FROM experts WHERE is_car_expert AND city_id = 1');
    const [offer] = (await list()).results.filter((o) => o.inspection_pk === pk);
    expect(offer).toMatchObject({ state: 'open', recipients: experts[0]!.n, seen: 0, declined: 0, city: 'تهران', sent_by: 'staff', accepted_expert: null });
    expect(Date.parse(offer!.deadline) - Date.parse(offer!.sent_at)).toBe(30 * 60_000);
    const pushes = await gateway.deps.db.query<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE channel = 'push' AND entity = 'inspection_offer' AND entity_id = $1", [offer!.id]);
    expect(pushes[0]!.n).toBe(experts[0]!.n);
    expect((await list('state=open')).results.every((o) => o.state === 'open')).toBe(true);
  });

  it('refuses a second send (one open offer per order) and a held order, in Persian', async () => {
    const pk = await order('T');
    const answers = await Promise.all([post(pk, 'send-to-offer'), post(pk, 'send-to-offer')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const held = await order('T');
    await gateway.deps.db.query("UPDATE inspections SET held_until = now() + interval '1 hour' WHERE pk = $1", [held]);
    expect((await post(held, 'send-to-offer')).json()).toEqual({ message: 'این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.' });
  });

  it('says so when no expert fits', async () => {
    await gateway.deps.db.query('UPDATE experts SET is_car_expert = false WHERE city_id = 7');
    const pk = await order('T', 7);
    expect((await post(pk, 'send-to-offer')).json()).toEqual({ message: OFFER_MESSAGES.noExperts });
    expect(await state(pk)).toBe('T');
  });

  it('removes an open offer: the order waits for an expert again and the offer shows as removed', async () => {
    const pk = await order('R');
    await post(pk, 'send-to-offer');
    expect((await post(pk, 'remove-offer')).json().data).toMatchObject({ state: 'T' });
    const [offer] = (await list()).results.filter((o) => o.inspection_pk === pk);
    expect(offer).toMatchObject({ state: 'removed', closed_at: expect.any(String) });
    expect((await post(pk, 'remove-offer')).statusCode).toBe(409);
  });

  it('expires an offer at its deadline and logs it on the order', async () => {
    const pk = await order('M');
    await post(pk, 'send-to-offer');
    const later = offersService(gateway.deps.db, { now: () => new Date(Date.now() + 31 * 60_000) });
    expect(await later.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await state(pk)).toBe('T');
    const log = ActionLogEntrySchema.array().parse((await gateway.app.inject({ url: `/api/inspection/orders/${pk}/action-log/`, headers: { authorization } })).json().results);
    expect(log.map((e) => [e.action, e.from_state, e.to_state])).toEqual([
      ['offer_expired', 'P', 'T'],
      ['send_to_offer', 'M', 'P'],
    ]);
  });
});

describe('the demo seed of offers', () => {
  it('gives every order in state P its open offer, with experts who saw or declined it, and some expired ones', async () => {
    const gateway = await startTestGateway({ SEED_EXPERTS: '40', SEED_ORDERS: '300' });
    try {
      const [check] = await gateway.deps.db.query<{ p: number; open: number; expired: number; declined_unseen: number; answered: number }>(
        `SELECT (SELECT count(*) FROM inspections WHERE state = 'P') AS p,
                (SELECT count(DISTINCT o.inspection_pk) FROM inspection_offers o JOIN inspections i ON i.pk = o.inspection_pk AND i.state = 'P' WHERE o.state = 'open' AND o.deadline > now()) AS open,
                (SELECT count(*) FROM inspection_offers WHERE state = 'expired') AS expired,
                (SELECT count(*) FROM inspection_offer_recipients WHERE declined_at IS NOT NULL AND seen_at IS NULL) AS declined_unseen,
                (SELECT count(*) FROM inspection_offer_recipients WHERE seen_at IS NOT NULL) AS answered`,
      );
      expect(check!.p).toBeGreaterThan(0);
      expect(check).toMatchObject({ open: check!.p, declined_unseen: 0 });
      expect(check!.expired).toBeGreaterThan(0);
      expect(check!.answered).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });
});
