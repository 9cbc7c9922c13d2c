import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ActionLogEntrySchema, ROLES, formatJalaliDate, formatTehranTime, tehranDateKey } from '@panel/contracts/common';
import { RESERVE_MESSAGES, ReserveListPageSchema, ReserveSchema, type Reserve } from '@panel/contracts/inspection-reserves';
import { startTestGateway } from '../../testing';
import { reservesService } from './inspection-reserves.service';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(TEST_DRIVERS)('inspection reserves on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let authorization: string;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, listen: true, seed: 'demo' });
    authorization = `Bearer ${await gateway.deps.tokens.signAccess(STAFF, [ROLES.staff])}`;
  });
  afterAll(() => gateway.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) => gateway.app.inject({ method, url, payload, headers: { authorization } });
  const reserve = (answer: { json(): { data: unknown } }) => ReserveSchema.parse(answer.json().data);
  const cellState = async (pk: number) => (await gateway.deps.db.query<{ state: number }>('SELECT state FROM expert_timeslots WHERE pk = $1', [pk]))[0]!.state;
  /** Free cells of tomorrow, a different one for each test. */
  let freeCells: number[] = [];
  const freeCell = async () => {
    if (freeCells.length === 0) {
      const tomorrow = tehranDateKey(new Date(Date.now() + 86_400_000));
      freeCells = (
        await gateway.deps.db.query<{ pk: number }>(
          'SELECT c.pk FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id WHERE s.date = $1 AND c.state = 0 AND c.inspection_id IS NULL ORDER BY c.pk',
          [tomorrow],
        )
      ).map((r) => r.pk);
    }
    return freeCells.shift()!;
  };
  const create = async (minutes = 30): Promise<Reserve> => {
    const answer = await call('POST', '/api/inspection/reserves/', { cell_pk: await freeCell(), customer_name: 'نرگس نوری', phone_number: '۰۹۱۲۱۱۱۲۲۳۳', package: 'کارشناسی پایه', payment_minutes: minutes });
    expect(answer.statusCode, answer.body).toBe(201);
    return reserve(answer);
  };

  interface CellRow {
    state: number;
    inspection_id: number | null;
    hold_username: string | null;
    version: number;
    expert_id: number;
    shift_id: number;
  }
  const cellRow = async (pk: number) =>
    (await gateway.deps.db.query<CellRow>('SELECT state, inspection_id, hold_username, version, expert_id, shift_id FROM expert_timeslots WHERE pk = $1', [pk]))[0]!;
  const stateOf = async (id: number) => (await gateway.deps.db.query<{ state: string; renewals: number }>('SELECT state, renewals FROM inspection_reserves WHERE id = $1', [id]))[0]!;
  /** Reserves that the server's sweep has expired (a few seconds of deadline), their cells free again. */
  const expiredReserves = async (n: number): Promise<Reserve[]> => {
    const made: Reserve[] = [];
    for (let i = 0; i < n; i += 1) made.push(await create(0.05));
    for (const r of made) await expect.poll(async () => (await stateOf(r.id)).state, { timeout: 10_000 }).toBe('expired');
    return made;
  };
  /** The sheet's temporary reserve of a cell, by the same staff member who renews. */
  const tempReserve = async (pk: number) => {
    const cell = await cellRow(pk);
    return call('POST', '/api/dispatch/temp-reserve/', { expert_id: cell.expert_id, shift_id: cell.shift_id });
  };

  once('seeds reserves consistent with the sheet: every instant-reserved cell from today on is a waiting reserve (ended shifts are expired ones, freed)', async () => {
    const [check] = await gateway.deps.db.query<{ waiting: number; cells: number; mismatched: number; states: number; past_shift: number }>(
      `SELECT (SELECT count(*) FROM inspection_reserves WHERE state = 'waiting') AS waiting,
              (SELECT count(*) FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id
                WHERE c.state = 4 AND s.date >= (now() AT TIME ZONE 'Asia/Tehran')::date) AS cells,
              (SELECT count(*) FROM inspection_reserves r JOIN expert_timeslots c ON c.pk = r.cell_pk WHERE r.state = 'waiting' AND c.state <> 4) AS mismatched,
              (SELECT count(DISTINCT state) FROM inspection_reserves) AS states,
              (SELECT count(*) FROM inspection_reserves r JOIN expert_timeslots c ON c.pk = r.cell_pk JOIN dispatch_shifts s ON s.pk = c.shift_id
                WHERE r.state = 'waiting' AND r.payment_deadline > (s.date + s.end_time::time) AT TIME ZONE 'Asia/Tehran') AS past_shift`,
    );
    expect(check!.waiting).toBeGreaterThan(0);
    expect(check).toMatchObject({ cells: check!.waiting, mismatched: 0, states: 4, past_shift: 0 });
  });

  it('a customer reserves a free cell: it shows instant reserved on the sheet, live; a taken cell is refused', async () => {
    const tomorrow = tehranDateKey(new Date(Date.now() + 86_400_000));
    const socket = new WebSocket(`${gateway.wsUrl}/ws/dispatch`, { headers: { authorization } });
    const seen: { cell_pk: number; state: number }[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { shifts: { cell_pk: number; state: number }[] }[];
      if (Array.isArray(message)) for (const expert of message) seen.push(...expert.shifts);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'init', data: tomorrow }));
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    const made = await create();
    expect(made).toMatchObject({ state: 'waiting', paid: false, phone_number: '09121112233', price: 650000, renewals: 0, link_text: null });
    expect(Date.parse(made.payment_deadline) - Date.parse(made.reserved_at)).toBe(30 * 60_000);
    expect(await cellState(made.cell_pk)).toBe(4);
    await expect.poll(() => seen.some((c) => c.cell_pk === made.cell_pk && c.state === 4)).toBe(true);
    socket.close();
    const again = await call('POST', '/api/inspection/reserves/', { cell_pk: made.cell_pk, customer_name: 'علی رضایی', phone_number: '09121112234', package: 'کارشناسی پایه' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RESERVE_MESSAGES.cellTaken });
    expect((await call('POST', '/api/inspection/reserves/', { cell_pk: made.cell_pk, customer_name: '', phone_number: '123', package: 'x' })).statusCode).toBe(400);
  });

  it('refuses to renew a reserve whose slot has passed, and keeps the seeded history', async () => {
    const past = ReserveListPageSchema.parse((await call('GET', '/api/inspection/reserves/?state=expired&sort=slot&isAscending=true')).json()).results[0]!;
    const refused = await call('POST', `/api/inspection/reserves/${past.id}/renew/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RESERVE_MESSAGES.slotPast });
    const log = ActionLogEntrySchema.array().parse((await call('GET', `/api/inspection/reserves/${past.id}/action-log/`)).json().results);
    expect(log.map((e) => [e.action, e.to_state])).toEqual([['expire', 'expired'], ['create', 'waiting']]);
  });

  once('lists with filters, sort and paging in SQL', async () => {
    const made = await create();
    const page = ReserveListPageSchema.parse((await call('GET', '/api/inspection/reserves/?sort=price&isAscending=false&pageSize=5')).json());
    expect(page.results.length).toBe(5);
    expect(page.results.every((r) => r.state === 'waiting')).toBe(true);
    expect(page.results.map((r) => r.price)).toEqual([...page.results.map((r) => r.price)].sort((a, b) => b - a));
    const byPhone = ReserveListPageSchema.parse((await call('GET', '/api/inspection/reserves/?query=0912111&state=')).json());
    expect(byPhone.results.map((r) => r.id)).toContain(made.id);
    for (const state of ['paid', 'expired', 'released']) {
      const some = ReserveListPageSchema.parse((await call('GET', `/api/inspection/reserves/?state=${state}`)).json());
      expect(some.count, state).toBeGreaterThan(0);
      expect(some.results.every((r) => r.state === state)).toBe(true);
    }
    expect((await call('GET', '/api/inspection/reserves/?sort=nope')).statusCode).toBe(400);
  });

  it('sends the payment link (recorded in the outbox, shown on the reserve) and renews a waiting reserve', async () => {
    const made = await create();
    const sent = reserve(await call('POST', `/api/inspection/reserves/${made.id}/send-payment-link/`));
    expect(sent.link_text).toContain(`https://pay.example.com/reserve/${made.id}`);
    const [sms] = await gateway.deps.db.query<{ target: string; text: string; amount: number }>("SELECT target, text, amount FROM outbox WHERE channel = 'sms' AND entity = 'inspection_reserve' AND entity_id = $1", [made.id]);
    expect(sms).toMatchObject({ target: '09121112233', text: sent.link_text, amount: 650000 });
    const renewed = reserve(await call('POST', `/api/inspection/reserves/${made.id}/renew/`));
    expect(renewed).toMatchObject({ state: 'waiting', renewals: 1 });
    expect(Date.parse(renewed.payment_deadline)).toBeGreaterThan(Date.parse(made.payment_deadline) - 1000);
    const log = ActionLogEntrySchema.array().parse((await call('GET', `/api/inspection/reserves/${made.id}/action-log/`)).json().results);
    expect(log.map((e) => e.action)).toEqual(['renew', 'send_payment_link', 'create']);
  });

  it('releases a waiting reserve with its reason: the cell is free again; a second release at once gets a Persian 409', async () => {
    const made = await create();
    const answers = await Promise.all([1, 2].map(() => call('POST', `/api/inspection/reserves/${made.id}/release/`, { reason: 'مشتری منصرف شد' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toContain('«آزاد شده»');
    expect(reserve(answers.find((a) => a.statusCode === 200)!)).toMatchObject({ state: 'released', release_reason: 'مشتری منصرف شد' });
    expect(await cellState(made.cell_pk)).toBe(0);
    expect((await call('POST', `/api/inspection/reserves/${made.id}/send-payment-link/`)).statusCode).toBe(409);
  });

  it('an unpaid reserve expires on the server and frees its cell; renewing takes the cell again, refused once the slot is taken', async () => {
    const made = await create(0.05);
    await expect.poll(async () => (await gateway.deps.db.query<{ state: string }>('SELECT state FROM inspection_reserves WHERE id = $1', [made.id]))[0]!.state, { timeout: 10_000 }).toBe('expired');
    expect(await cellState(made.cell_pk)).toBe(0);
    const renewed = reserve(await call('POST', `/api/inspection/reserves/${made.id}/renew/`));
    expect(renewed).toMatchObject({ state: 'waiting', renewals: 1 });
    expect(await cellState(made.cell_pk)).toBe(4);
    // Expired again (a clock past its deadline), then another customer takes the slot.
    const later = reservesService(gateway.deps.db, { dispatch: gateway.deps.ports.dispatch, catalogue: gateway.deps.ports.catalogue, paymentLinkBaseUrl: 'https://pay.example.com', now: () => new Date(Date.now() + 31 * 60_000) });
    expect(await later.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await cellState(made.cell_pk)).toBe(0);
    const other = await call('POST', '/api/inspection/reserves/', { cell_pk: made.cell_pk, customer_name: 'علی رضایی', phone_number: '09121112234', package: 'کارشناسی جامع' });
    expect(other.statusCode).toBe(201);
    const refused = await call('POST', `/api/inspection/reserves/${made.id}/renew/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RESERVE_MESSAGES.slotGone });
  });

  it('refuses in Persian to renew an expired reserve whose slot is gone (held on the sheet, even by the renewer; unavailable), leaving the cell as it was', async () => {
    const [lapsed] = await expiredReserves(1);
    const held = await tempReserve(lapsed!.cell_pk);
    expect(held.statusCode, held.body).toBe(200);
    const before = await cellRow(lapsed!.cell_pk);
    expect(before).toMatchObject({ state: 0, hold_username: 'staff' });
    const refused = await call('POST', `/api/inspection/reserves/${lapsed!.id}/renew/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RESERVE_MESSAGES.slotGone });
    expect(await cellRow(lapsed!.cell_pk)).toEqual(before);
    expect(await stateOf(lapsed!.id)).toEqual({ state: 'expired', renewals: 0 });
    // The hold let go and the expert's slot turned off: still gone.
    expect((await call('POST', '/api/dispatch/cancel-reserve/', { expert_id: before.expert_id, shift_id: before.shift_id })).statusCode).toBe(200);
    const off = await gateway.app.inject({ method: 'PATCH', url: `/api/dispatch/experts/${before.expert_id}/shifts/${before.shift_id}/availability/`, payload: { state: 1 }, headers: { authorization } });
    expect(off.statusCode, off.body).toBe(200);
    const unavailable = await cellRow(lapsed!.cell_pk);
    expect((await call('POST', `/api/inspection/reserves/${lapsed!.id}/renew/`)).json()).toEqual({ message: RESERVE_MESSAGES.slotGone });
    expect(await cellRow(lapsed!.cell_pk)).toEqual(unavailable);
  });

  it('a renew and a temporary reserve of the same freed slot at once: one wins, the cell is either the reserve\'s or the hold', async () => {
    const lapsed = await expiredReserves(6);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (const [i, r] of lapsed.entries()) {
      const { expert_id, shift_id } = await cellRow(r.cell_pk);
      const hold = () => call('POST', '/api/dispatch/temp-reserve/', { expert_id, shift_id });
      const renew = () => call('POST', `/api/inspection/reserves/${r.id}/renew/`);
      // Either arrives first, the other right on its heels (a few ms later) or at once.
      const lag = [0, 5, 15][Math.floor(i / 2)]!;
      const later = <T,>(start: () => Promise<T>) => sleep(lag).then(start);
      const [held, renewed] = await Promise.all(i % 2 === 0 ? [hold(), later(renew)] : [later(hold), renew()]);
      expect([held.statusCode, renewed.statusCode].sort(), `${held.body} ${renewed.body}`).toEqual([200, 409]);
      const cell = await cellRow(r.cell_pk);
      if (renewed.statusCode === 200) {
        expect(cell).toMatchObject({ state: 4, hold_username: null });
        expect(await stateOf(r.id)).toEqual({ state: 'waiting', renewals: 1 });
      } else {
        expect(renewed.json()).toEqual({ message: RESERVE_MESSAGES.slotGone });
        expect(cell).toMatchObject({ state: 0, hold_username: 'staff' });
        expect(await stateOf(r.id)).toEqual({ state: 'expired', renewals: 0 });
      }
    }
  });

  it('renewing extends a waiting reserve from its deadline (an expired one from now), and the payment SMS quotes the new time', async () => {
    const made = await create(30);
    const once = reserve(await call('POST', `/api/inspection/reserves/${made.id}/renew/`));
    expect(Date.parse(once.payment_deadline) - Date.parse(made.payment_deadline)).toBe(30 * 60_000);
    const twice = reserve(await call('POST', `/api/inspection/reserves/${made.id}/renew/`));
    expect(twice).toMatchObject({ state: 'waiting', renewals: 2 });
    expect(Date.parse(twice.payment_deadline) - Date.parse(made.payment_deadline)).toBe(60 * 60_000);
    const sent = reserve(await call('POST', `/api/inspection/reserves/${made.id}/send-payment-link/`));
    expect(sent.link_text).toContain(formatTehranTime(twice.payment_deadline));
    expect(sent.link_text).toContain(formatJalaliDate(twice.payment_deadline));
    expect(sent.link_text).not.toContain(formatTehranTime(made.payment_deadline));

    const [lapsed] = await expiredReserves(1);
    const before = Date.now();
    const renewed = reserve(await call('POST', `/api/inspection/reserves/${lapsed!.id}/renew/`));
    expect(Date.parse(renewed.payment_deadline)).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(Date.parse(renewed.payment_deadline)).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });

  it('a renewal never runs the payment deadline past the end of the reserved shift; at that end it is refused in Persian', async () => {
    const pk = await freeCell();
    const [slot] = await gateway.deps.db.query<{ ends: string }>(
      `SELECT (s.date + s.end_time::time) AT TIME ZONE 'Asia/Tehran' AS ends FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id WHERE c.pk = $1`,
      [pk],
    );
    const ends = Date.parse(slot!.ends);
    // The customer reserved 40 minutes before the shift ends (a clock moved there).
    const late = reservesService(gateway.deps.db, { dispatch: gateway.deps.ports.dispatch, catalogue: gateway.deps.ports.catalogue, paymentLinkBaseUrl: 'https://pay.example.com', now: () => new Date(ends - 40 * 60_000) });
    const actor = { username: 'staff', fullname: 'سارا محمدی' };
    const made = await late.create(actor, { cell_pk: pk, customer_name: 'نرگس نوری', phone_number: '09121112233', package: 'کارشناسی پایه', payment_minutes: 30 });
    expect(Date.parse(made.payment_deadline)).toBe(ends - 10 * 60_000);
    const renewed = await late.renew(actor, made.id);
    expect(Date.parse(renewed.payment_deadline)).toBe(ends);
    await expect(late.renew(actor, made.id)).rejects.toMatchObject({ statusCode: 409, body: { message: RESERVE_MESSAGES.deadlineAtSlotEnd } });
    expect(await stateOf(made.id)).toEqual({ state: 'waiting', renewals: 1 });
  });

  once('the payment SMS names the package once (the names already start with «کارشناسی»)', async () => {
    const made = await create();
    const sent = reserve(await call('POST', `/api/inspection/reserves/${made.id}/send-payment-link/`));
    expect(sent.link_text).toContain('رزرو کارشناسی پایه');
    expect(sent.link_text).not.toContain('کارشناسی کارشناسی');
  });

  once('prices a reserve for the day of its cell, not for the day it is made: a rate in force on that day alone is in its quote', async () => {
    const cellPk = await freeCell();
    const [cell] = await gateway.deps.db.query<{ city_id: number; day: string }>(
      'SELECT e.city_id, s.date::text AS day FROM expert_timeslots c JOIN experts e ON e.pk = c.expert_id JOIN dispatch_shifts s ON s.pk = c.shift_id WHERE c.pk = $1',
      [cellPk],
    );
    expect(cell!.day).not.toBe(tehranDateKey(new Date()));
    const supervisor = `Bearer ${await gateway.deps.tokens.signAccess({ id: 9, username: 'boss', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff, ROLES.supervisor])}`;
    const rate = await gateway.app.inject({
      method: 'POST',
      url: '/api/inspection/pricing-rates/',
      headers: { authorization: supervisor },
      payload: { condition: 'traffic', city_id: cell!.city_id, package_id: null, starts_on: cell!.day, ends_on: cell!.day, ratio: 1.5 },
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const answer = await call('POST', '/api/inspection/reserves/', { cell_pk: cellPk, customer_name: 'نرگس نوری', phone_number: '09121112233', package: 'کارشناسی پایه', payment_minutes: 30 });
    expect(answer.statusCode, answer.body).toBe(201);
    const made = reserve(answer);
    expect(made.price).toBe(975_000);
    const [locked] = await gateway.deps.db.query<{ day: string; price: number }>(
      "SELECT day::text AS day, price::int AS price FROM inspection_quotes WHERE entity = 'inspection_reserve' AND entity_id = $1",
      [made.id],
    );
    expect(locked).toEqual({ day: cell!.day, price: 975_000 });
    const { id, version } = rate.json().data as { id: number; version: number };
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/inspection/pricing-rates/${id}/?version=${version}`, headers: { authorization: supervisor } })).statusCode).toBe(200);
  });
});
