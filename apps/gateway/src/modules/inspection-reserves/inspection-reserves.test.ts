import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ActionLogEntrySchema, ROLES, tehranDateKey } from '@panel/contracts/common';
import { RESERVE_MESSAGES, ReserveListPageSchema, ReserveSchema, type Reserve } from '@panel/contracts/inspection-reserves';
import { startTestGateway } from '../../testing';
import { reservesService } from './inspection-reserves.service';

const drivers = [
  { name: 'PGlite', usePostgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', usePostgres: true }] : []),
];
const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(drivers)('inspection reserves on $name', ({ usePostgres }) => {
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

  it('seeds reserves consistent with the sheet: every instant-reserved cell from today on is a waiting reserve (ended shifts are expired ones, freed)', async () => {
    const [check] = await gateway.deps.db.query<{ waiting: number; cells: number; mismatched: number; states: number }>(
      `SELECT (SELECT count(*) FROM inspection_reserves WHERE state = 'waiting') AS waiting,
              (SELECT count(*) FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id
                WHERE c.state = 4 AND s.date >= (now() AT TIME ZONE 'Asia/Tehran')::date) AS cells,
              (SELECT count(*) FROM inspection_reserves r JOIN expert_timeslots c ON c.pk = r.cell_pk WHERE r.state = 'waiting' AND c.state <> 4) AS mismatched,
              (SELECT count(DISTINCT state) FROM inspection_reserves) AS states`,
    );
    expect(check!.waiting).toBeGreaterThan(0);
    expect(check).toMatchObject({ cells: check!.waiting, mismatched: 0, states: 4 });
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

  it('lists with filters, sort and paging in SQL', async () => {
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
    const later = reservesService(gateway.deps.db, { dispatch: gateway.deps.ports.dispatch, paymentLinkBaseUrl: 'https://pay.example.com', now: () => new Date(Date.now() + 31 * 60_000) });
    expect(await later.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await cellState(made.cell_pk)).toBe(0);
    const other = await call('POST', '/api/inspection/reserves/', { cell_pk: made.cell_pk, customer_name: 'علی رضایی', phone_number: '09121112234', package: 'کارشناسی جامع' });
    expect(other.statusCode).toBe(201);
    const refused = await call('POST', `/api/inspection/reserves/${made.id}/renew/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RESERVE_MESSAGES.slotGone });
  });
});
