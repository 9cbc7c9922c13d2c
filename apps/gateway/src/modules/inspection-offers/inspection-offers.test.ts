import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ActionLogEntrySchema, ROLES, TIME_SLOT_RANGES, tehranDateKey } from '@panel/contracts/common';
import { OFFER_MESSAGES, OfferListPageSchema, OffersLiveMessageSchema, type LiveOfferItem } from '@panel/contracts/inspection-offers';
import { startTestGateway } from '../../testing';
import { offersService } from './inspection-offers.service';
import { SINGLE_DRIVER, TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(TEST_DRIVERS)('inspection offers on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let authorization: string;
  let next = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, listen: true, seed: 'small' });
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

  once('sorts in SQL by the column the address names, the newest offer first by default', async () => {
    const ordered = (values: number[], ascending: boolean) => values.every((v, i) => i === 0 || (ascending ? values[i - 1]! <= v : values[i - 1]! >= v));
    expect(ordered((await list()).results.map((o) => Date.parse(o.sent_at)), false)).toBe(true);
    expect(ordered((await list('sort=price&isAscending=true')).results.map((o) => o.price), true)).toBe(true);
    expect(ordered((await list('sort=deadline&isAscending=false')).results.map((o) => Date.parse(o.deadline)), false)).toBe(true);
    expect((await gateway.app.inject({ url: '/api/inspection/offers/?sort=visit_place', headers: { authorization } })).statusCode).toBe(400);
  });

  once('filters by the order\'s city and code or customer, counting the offers alone (decision 091)', async () => {
    const named = await order('T', 1);
    await gateway.deps.db.query("UPDATE inspections SET customer_name = 'کیوان نیک‌نام' WHERE pk = $1", [named]);
    expect((await post(named, 'send-to-offer')).statusCode).toBe(200);
    const all = await list('pageSize=100');
    const [tehran] = await gateway.deps.db.query<{ n: number }>('SELECT count(*) AS n FROM inspection_offers o JOIN inspections i ON i.pk = o.inspection_pk WHERE i.city_id = 1');
    const inCity = await list('cities=1&pageSize=100');
    expect(inCity.count).toBe(Number(tehran!.n));
    expect(inCity.count).toBeLessThan(all.count);
    expect(inCity.results.map((o) => o.inspection_pk)).toContain(named);
    expect(inCity.results.every((o) => o.city === 'تهران')).toBe(true);
    const byName = await list(`query=${encodeURIComponent('نیک‌نام')}`);
    expect(byName.results.map((o) => o.inspection_pk)).toEqual([named]);
    expect(byName.count).toBe(1);
    const code = all.results.find((o) => o.inspection_pk === named)!.order_code;
    expect((await list(`query=${code}`)).results.map((o) => o.inspection_pk)).toEqual([named]);
    const names = (await list('sort=customer_name&isAscending=false&pageSize=100')).results.map((o) => o.customer_name);
    // Sorted by the database, descending: first the greatest name of all offers' orders (seeded too).
    const [{ greatest }] = (await gateway.deps.db.query<{ greatest: string }>(
      'SELECT max(i.customer_name) AS greatest FROM inspection_offers o JOIN inspections i ON i.pk = o.inspection_pk',
    )) as [{ greatest: string }];
    expect(names[0]).toBe(greatest);
    expect(names.indexOf('کیوان نیک‌نام')).toBeLessThan(names.indexOf('مریم احمدی')); // 'ک' sorts after 'م' in the database's order
    expect(names).toHaveLength(all.count);
  });

  it('refuses a second send (one open offer per order) and a held order, in Persian', async () => {
    const pk = await order('T');
    const answers = await Promise.all([post(pk, 'send-to-offer'), post(pk, 'send-to-offer')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const held = await order('T');
    await gateway.deps.db.query("UPDATE inspections SET held_until = now() + interval '1 hour' WHERE pk = $1", [held]);
    expect((await post(held, 'send-to-offer')).json()).toEqual({ message: 'این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.' });
  });

  once('says so when no expert fits', async () => {
    // At least one type stays set (an expert has a type, migration 1900): the city's experts become motorcycle experts only.
    await gateway.deps.db.query('UPDATE experts SET is_car_expert = false, is_motor_cycle_expert = true WHERE city_id = 7');
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

  /** The expert app's token of an expert (role 'backoffice#expert', decision 033). */
  const expertToken = async (pk: number) => `Bearer ${await gateway.deps.tokens.signAccess({ id: 10_000 + pk, username: `expert${pk}`, first_name: '', last_name: '' }, [ROLES.expert])}`;
  const app = (token: string, method: 'GET' | 'POST', path: string) => gateway.app.inject({ method, url: `/api/expert-app/offers/${path}`, headers: { authorization: token } });

  /** An order of today's first shift in city 1, offered; its recipients with free cells in that shift. */
  async function offered(): Promise<{ pk: number; offer: number; experts: number[] }> {
    const pk = await order('T');
    await gateway.deps.db.query('UPDATE inspections SET visit_date = $2, time_slot = $3, visit_time = $4 WHERE pk = $1', [pk, tehranDateKey(new Date()), TIME_SLOT_RANGES[2]!.slot, '12:30:00']);
    expect((await post(pk, 'send-to-offer')).statusCode).toBe(200);
    const [offer] = await gateway.deps.db.query<{ id: number }>("SELECT id FROM inspection_offers WHERE inspection_pk = $1 AND state = 'open'", [pk]);
    // Recipients whose cell of the order's shift holds no order (the seed assigns some), freed, so only the race decides.
    const experts = (
      await gateway.deps.db.query<{ expert_id: number }>(
        `SELECT r.expert_id FROM inspection_offer_recipients r
          WHERE r.offer_id = $1 AND NOT EXISTS (
            SELECT 1 FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id
             WHERE c.expert_id = r.expert_id AND s.date = $2 AND s.slot = 2 AND c.inspection_id IS NOT NULL)
          ORDER BY r.expert_id`,
        [offer!.id, tehranDateKey(new Date())],
      )
    ).map((r) => r.expert_id);
    await gateway.deps.db.query(
      `UPDATE expert_timeslots c SET state = 0, inspection_id = NULL, hold_expires_at = NULL FROM dispatch_shifts s
        WHERE s.pk = c.shift_id AND s.date = $1 AND s.slot = 2 AND c.expert_id = ANY($2::bigint[]) AND c.inspection_id IS NULL`,
      [tehranDateKey(new Date()), experts],
    );
    return { pk, offer: offer!.id, experts };
  }

  it('lets an expert see and decline an offer from the app; the list counts it; others are refused', async () => {
    const { offer, experts } = await offered();
    const [first, second] = [await expertToken(experts[0]!), await expertToken(experts[1]!)];
    const mine = await app(first, 'GET', '');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results.find((o: { id: number }) => o.id === offer)).toMatchObject({ seen_at: null, declined_at: null, time_slot: '12-14' });
    expect((await app(first, 'POST', `${offer}/see/`)).json().data).toMatchObject({ id: offer, state: 'open' });
    expect((await app(second, 'POST', `${offer}/decline/`)).json().data).toMatchObject({ state: 'open', message: 'پیشنهاد رد شد.' });
    const [row] = (await list('state=open')).results.filter((o) => o.id === offer);
    expect(row).toMatchObject({ seen: 2, declined: 1 });
    // A declined expert cannot take it after all; staff and experts it was not sent to cannot answer.
    expect((await app(second, 'POST', `${offer}/accept/`)).json()).toEqual({ message: 'شما این پیشنهاد را رد کرده‌اید.' });
    expect((await gateway.app.inject({ method: 'POST', url: `/api/expert-app/offers/${offer}/accept/`, headers: { authorization } })).statusCode).toBe(403);
    const [outsider] = await gateway.deps.db.query<{ pk: number }>('SELECT pk FROM experts WHERE pk NOT IN (SELECT expert_id FROM inspection_offer_recipients WHERE offer_id = $1) ORDER BY pk LIMIT 1', [offer]);
    expect((await app(await expertToken(outsider!.pk), 'POST', `${offer}/see/`)).json()).toEqual({ detail: OFFER_MESSAGES.notRecipient });
    expect((await app(first, 'POST', 'abc/see/')).statusCode).toBe(400);
  });

  once('counts a decline as seen, even one stored without its see, and the accepting expert as having seen it', async () => {
    const { offer, experts } = await offered();
    // A decline as another system (or an older copy of the data) may store it: no see before it.
    await gateway.deps.db.query('UPDATE inspection_offer_recipients SET declined_at = now() WHERE offer_id = $1 AND expert_id = ANY($2::bigint[])', [offer, experts.slice(0, 2)]);
    const [row] = (await list('state=open')).results.filter((o) => o.id === offer);
    expect(row).toMatchObject({ seen: 2, declined: 2 });
    expect((await app(await expertToken(experts[2]!), 'POST', `${offer}/accept/`)).statusCode).toBe(200);
    expect((await list()).results.find((o) => o.id === offer)).toMatchObject({ seen: 3, declined: 2 });
  });

  it('gives an offer to the first of two experts accepting at once: the order is assigned on their cell, the other gets a Persian 409', async () => {
    const { pk, offer, experts } = await offered();
    expect(experts.length).toBeGreaterThanOrEqual(3);
    const tokens = await Promise.all(experts.slice(1, 3).map(expertToken));
    const answers = await Promise.all(tokens.map((token) => app(token, 'POST', `${offer}/accept/`)));
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: OFFER_MESSAGES.taken });
    const winner = experts.slice(1, 3)[answers.findIndex((a) => a.statusCode === 200)]!;
    const [assigned] = await gateway.deps.db.query<{ state: string; expert_id: number; visit_time: string; cell_state: number; cell_expert: number }>(
      `SELECT i.state, i.expert_id, i.visit_time, c.state AS cell_state, c.expert_id AS cell_expert
         FROM inspections i JOIN expert_timeslots c ON c.inspection_id = i.pk WHERE i.pk = $1`,
      [pk],
    );
    expect(assigned).toMatchObject({ state: 'O', expert_id: winner, cell_state: 2, cell_expert: winner });
    expect(assigned!.visit_time.slice(0, 5)).toBe('12:30');
    expect((await list()).results.find((o) => o.id === offer)).toMatchObject({ state: 'accepted', accepted_expert: expect.any(String) });
    const log = ActionLogEntrySchema.array().parse((await gateway.app.inject({ url: `/api/inspection/orders/${pk}/action-log/`, headers: { authorization } })).json().results);
    expect(log.map((e) => e.action).slice(0, 3)).toEqual(['offer_accepted', 'assign', 'send_to_offer']);
    expect(log[0]).toMatchObject({ from_state: 'P', to_state: 'O', actor_username: `expert${winner}` });
    // Closed: even a new answer is refused.
    expect((await app(await expertToken(experts[0]!), 'POST', `${offer}/see/`)).json()).toEqual({ message: 'این پیشنهاد «پذیرفته شده» است و دیگر پاسخی نمی‌پذیرد.' });
  });

  it('refuses an acceptance when the expert’s cell is not free, and the offer stays open', async () => {
    const { pk, offer, experts } = await offered();
    await gateway.deps.db.query(
      'UPDATE expert_timeslots c SET state = 1 FROM dispatch_shifts s WHERE s.pk = c.shift_id AND s.date = $1 AND s.slot = 2 AND c.expert_id = $2',
      [tehranDateKey(new Date()), experts[0]],
    );
    const refused = await app(await expertToken(experts[0]!), 'POST', `${offer}/accept/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('کارشناس در این شیفت آزاد نیست.');
    expect(await state(pk)).toBe('P');
    expect((await list()).results.find((o) => o.id === offer)).toMatchObject({ state: 'open' });
  });

  it('streams the open offers on /ws/offers: a snapshot, then each change, a closed offer as its tombstone', async () => {
    const socket = new WebSocket(`${gateway.wsUrl}/ws/offers`, { headers: { authorization } });
    const messages: LiveOfferItem[][] = [];
    socket.on('message', (data) => messages.push(OffersLiveMessageSchema.parse(JSON.parse(String(data))).offers));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'init', data: 'open' }));
    await expect.poll(() => messages.length).toBe(1);
    const { pk, offer, experts } = await offered();
    await expect.poll(() => messages.flat().some((o) => o.id === offer && !('removed' in o))).toBe(true);
    await app(await expertToken(experts[0]!), 'POST', `${offer}/see/`);
    await expect.poll(() => messages.flat().some((o) => o.id === offer && 'seen' in o && o.seen === 1)).toBe(true);
    await post(pk, 'remove-offer');
    await expect.poll(() => messages.flat().find((o) => o.id === offer && 'removed' in o)).toMatchObject({ removed: true, state: 'removed' });
    const versions = messages.flat().filter((o) => o.id === offer).map((o) => o.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    socket.close();
  });

  it('closes the open offer of an order cancelled while on offer', async () => {
    const { pk, offer } = await offered();
    const cancel = await gateway.app.inject({ method: 'POST', url: `/api/inspection/orders/${pk}/cancel/`, headers: { authorization }, payload: { reason: 'مشتری منصرف شد', refund: 'none' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await offersService(gateway.deps.db).expireDue()).toBeGreaterThanOrEqual(1);
    expect((await list()).results.find((o) => o.id === offer)).toMatchObject({ state: 'removed' });
    expect(await state(pk)).toBe('F');
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

describe.each(SINGLE_DRIVER)('the demo seed of offers on $name', ({ usePostgres }) => {
  // Started in the hook: the first test of a run to ask for a profile seeds its snapshot.
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'demo' });
  });
  afterAll(() => gateway?.close());

  it('gives every order in state P its open offer, with experts who saw or declined it, and some expired ones', async () => {
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
  });
});

describe.each(SINGLE_DRIVER)('the demo trickle of answers on $name', ({ usePostgres }) => {
  let quiet: Awaited<ReturnType<typeof startTestGateway>>;
  let busy: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    quiet = await startTestGateway({}, { usePostgres, seed: 'demo' });
    busy = await startTestGateway({ OFFER_DEMO_ANSWERS_SECONDS: '0.05' }, { usePostgres, seed: 'demo' });
  });
  afterAll(async () => {
    await quiet?.close();
    await busy?.close();
  });

  it('is off in tests, and when a test turns it on seeded experts answer open offers', async () => {
    const answers = (gateway: typeof quiet) =>
      gateway.deps.db.query<{ n: number }>("SELECT count(*) AS n FROM action_log WHERE entity = 'inspection_offer' AND actor_username LIKE 'expert%'").then((rows) => rows[0]!.n);
    await expect.poll(() => answers(busy), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await answers(quiet)).toBe(0);
  });
});
