import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES, toPersianDigits } from '@panel/contracts/common';
import { ASSISTANT_MESSAGES, AssistantBoardSchema, BalancePlanSchema, LedgerEntrySchema, MAKEUP_CAP, QcReportSchema, REVIEW_MESSAGES, type Assistant } from '@panel/contracts/inspection-assistants';
import { ORDER_WORKFLOW } from '@panel/contracts/inspection-orders';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const STAFF2 = { id: 2, username: 'staff2', first_name: 'علی', last_name: 'رضایی' };
const ORDER = { customer_name: 'بهاره شریفی', phone_number: '۰۹۱۲۷۷۷۸۸۸۸', city_id: 1, brand_model: 'هیوندای سوناتا', package: 'کارشناسی پایه', visit_place: 'تهران، ونک' };

describe.each(TEST_DRIVERS)('inspection assistants on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let staff2: string;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = `Bearer ${await gateway.deps.tokens.signAccess(STAFF, [ROLES.staff])}`;
    staff2 = `Bearer ${await gateway.deps.tokens.signAccess(STAFF2, [ROLES.staff])}`;
  });
  afterAll(() => gateway.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, authorization = staff) => gateway.app.inject({ method, url, payload, headers: { authorization } });
  const sqlRows = <T>(text: string, params: unknown[] = []) => gateway.deps.db.query<T>(text, params);
  const boardNow = async () => AssistantBoardSchema.parse((await call('GET', '/api/inspection/assistants/')).json());
  const byName = async (username: string): Promise<Assistant> => (await boardNow()).results.find((a) => a.username === username)!;
  const create = async () => {
    const answer = await call('POST', '/api/inspection/orders', ORDER);
    expect(answer.statusCode, answer.body).toBe(201);
    return (answer.json() as { pk: number }).pk;
  };
  const assistantOf = async (pk: number) => (await sqlRows<{ assistant: string | null }>('SELECT assistant FROM inspections WHERE pk = $1', [pk]))[0]!.assistant;
  const act = async (username: string, action: string, body: object = {}) => {
    const a = await byName(username);
    return call('POST', `/api/inspection/assistants/${a.id}/${action}/`, { version: a.version, ...body });
  };

  beforeEach(async () => {
    // Every test starts from the seed's rotation: all but neda active, nobody paused, nothing owed.
    await sqlRows("UPDATE inspection_assistants SET active = username <> 'neda.ghasemi', paused_until = NULL, pause_reason = '', makeup_owed = 0, capacity = 1000");
    await sqlRows('UPDATE assistant_turn SET last_position = 0, makeup_for = NULL');
  });

  it('gives 50 orders created at once one each in turn: no double assignment, no active assistant skipped', async () => {
    const pks = await Promise.all(Array.from({ length: 50 }, () => create()));
    const ledger = await sqlRows<{ inspection_id: number; reason: string; username: string | null }>(
      'SELECT g.inspection_id, g.reason, a.username FROM assistant_assignments g LEFT JOIN inspection_assistants a ON a.id = g.assistant_id WHERE g.inspection_id = ANY($1::bigint[])',
      [pks],
    );
    expect(ledger).toHaveLength(50);
    expect(new Set(ledger.map((row) => row.inspection_id)).size).toBe(50);
    const counts = new Map<string, number>();
    for (const row of ledger) counts.set(row.username!, (counts.get(row.username!) ?? 0) + 1);
    // Four active assistants, in seat order: 13, 13, 12, 12; the inactive one none.
    expect([...counts.values()].sort()).toEqual([12, 12, 13, 13]);
    expect(counts.has('neda.ghasemi')).toBe(false);
    for (const pk of pks.slice(0, 3)) expect(await assistantOf(pk)).not.toBeNull();
    // Each turn passed neda over and owes her back, capped.
    expect((await byName('neda.ghasemi')).makeup_owed).toBe(MAKEUP_CAP);
  });

  it('deactivates an assistant: the next order goes past them, and the ledger says why', async () => {
    expect((await act('sara.ahmadi', 'deactivate')).statusCode).toBe(200);
    const pk = await create();
    expect(await assistantOf(pk)).toBe('reza.karimi');
    const [entry] = LedgerEntrySchema.array().parse((await call('GET', `/api/inspection/assistants/ledger/?pk=${pk}`)).json().results);
    expect(entry!.reason).toBe('turn');
    expect(entry!.skipped.map((s) => [s.username, s.why])).toEqual([['sara.ahmadi', 'inactive']]);
    expect(entry!.explanation).toContain('غیرفعال');
    // The same row by the order's code, as staff type it (Persian digits); a code that is no number is refused.
    const { code } = (await sqlRows<{ code: string }>('SELECT code FROM inspections WHERE pk = $1', [pk]))[0]!;
    const byCode = (await call('GET', `/api/inspection/assistants/ledger/?code=${encodeURIComponent(toPersianDigits(code))}`)).json().results as { id: number }[];
    expect(byCode.map((e) => e.id)).toEqual([entry!.id]);
    expect((await call('GET', '/api/inspection/assistants/ledger/?code=abc')).statusCode).toBe(400);
    // A second deactivation is refused and changes nothing; a stale version too.
    expect((await act('sara.ahmadi', 'deactivate')).json().message).toBe(ASSISTANT_MESSAGES.alreadyInactive);
    const stale = await call('POST', `/api/inspection/assistants/${(await byName('reza.karimi')).id}/deactivate/`, { version: 999 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, ASSISTANT_MESSAGES.stale]);
    const changes = (await call('GET', '/api/inspection/assistants/changes/')).json().results as { action: string; assistant: string }[];
    expect(changes[0]).toMatchObject({ action: 'deactivate', assistant: 'sara.ahmadi' });
  });

  once('makes up a reactivated assistant’s missed turns one extra order per round, not all at once', async () => {
    await sqlRows("UPDATE inspection_assistants SET makeup_owed = 3 WHERE username = 'neda.ghasemi'");
    expect((await act('neda.ghasemi', 'activate')).statusCode).toBe(200);
    const got: (string | null)[] = [];
    for (let n = 0; n < 12; n += 1) got.push(await assistantOf(await create()));
    // Five seats; neda (the fifth) gets her turn and a make-up turn right after it, once per round.
    expect(got.slice(0, 6)).toEqual(['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi', 'neda.ghasemi']);
    expect(got.slice(6, 12)).toEqual(['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi', 'neda.ghasemi']);
    expect((await byName('neda.ghasemi')).makeup_owed).toBe(1);
  });

  it('pauses for the rest of the shift with a reason, and resumes', async () => {
    expect((await act('sara.ahmadi', 'pause', { reason: '' })).statusCode).toBe(400);
    const paused = await act('sara.ahmadi', 'pause', { reason: 'ناهار' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(Date.parse((await byName('sara.ahmadi')).paused_until!)).toBeGreaterThan(Date.now());
    expect(await assistantOf(await create())).toBe('reza.karimi');
    expect((await act('sara.ahmadi', 'resume')).statusCode).toBe(200);
    expect((await byName('sara.ahmadi')).paused_until).toBeNull();
  });

  it('clears an assistant’s open orders back to the pool, then balances them over the active ones', async () => {
    const open = (await byName('sara.ahmadi')).open_orders;
    const cleared = await act('sara.ahmadi', 'clear');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.moved).toBe(open);
    expect((await act('sara.ahmadi', 'clear')).json().message).toBe(ASSISTANT_MESSAGES.nothingToClear);

    const plan = BalancePlanSchema.parse((await call('GET', '/api/inspection/assistants/balance/')).json().data);
    expect(plan.moves).toBeGreaterThan(0);
    // A plan of another moment is refused.
    expect((await call('POST', '/api/inspection/assistants/balance/', { fingerprint: 'a'.repeat(32) })).json().message).toBe(ASSISTANT_MESSAGES.planChanged);
    const applied = await call('POST', '/api/inspection/assistants/balance/', { fingerprint: plan.fingerprint });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.moved).toBe(plan.moves);
    const loads = (await boardNow()).results.filter((a) => a.active).map((a) => a.open_orders);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect((await boardNow()).unassigned_orders).toBe(0);
    // Applying the same plan again: the loads changed since.
    expect((await call('POST', '/api/inspection/assistants/balance/', { fingerprint: plan.fingerprint })).statusCode).toBe(409);
  });

  describe('the review desks', () => {
    const qOrder = async (pricing: boolean) => {
      const pk = await create();
      await sqlRows("UPDATE inspections SET state = 'Q', pricing = $2 WHERE pk = $1", [pk, pricing]);
      const [media] = await sqlRows<{ id: number }>('SELECT id FROM media ORDER BY id LIMIT 1');
      await sqlRows("INSERT INTO inspection_report_photos (inspection_id, slot, media_id) SELECT $1, s, $2 FROM unnest(ARRAY['front','back','odometer','left','right']) s", [pk, media!.id]);
      return pk;
    };
    const verdictAll = (pk: number, authorization = staff) =>
      Promise.all(['front', 'back', 'odometer', 'left', 'right'].map((slot) => call('POST', `/api/inspection/review-queue/qc/${pk}/verdict/`, { slot, verdict: 'ok' }, authorization)));

    it('one claimer wins; a lapsed claim can be taken', async () => {
      const pk = await qOrder(false);
      const [first, second] = await Promise.all([
        call('POST', `/api/inspection/review-queue/qc/${pk}/claim/`),
        call('POST', `/api/inspection/review-queue/qc/${pk}/claim/`, {}, staff2),
      ]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json().message).toMatch(/این سفارش را «.+» برداشته است\./);
      // The screen went away: the claim lapses and the other reviewer takes it.
      await sqlRows("UPDATE inspection_review_claims SET claimed_at = now() - interval '10 minutes', expires_at = now() - interval '1 second' WHERE inspection_id = $1", [pk]);
      const winnerIsStaff = first.statusCode === 200;
      const retaken = await call('POST', `/api/inspection/review-queue/qc/${pk}/claim/`, {}, winnerIsStaff ? staff2 : staff);
      expect(retaken.statusCode, retaken.body).toBe(200);
      const lapsed = await call('POST', `/api/inspection/review-queue/qc/${pk}/approve/`, {}, winnerIsStaff ? staff : staff2);
      expect(lapsed.json().message).toMatch(/برداشته است/);
    });

    once('pages the queue oldest first, and keeps the claimed or the unclaimed orders', async () => {
      const pk = await qOrder(false);
      const queueOf = async (query: string) => (await call('GET', `/api/inspection/review-queue/qc/${query}`)).json() as { results: { pk: number; claimed_by: string | null }[]; count: number; page: number; pageSize: number };
      const all = await queueOf('?pageSize=2');
      expect([all.results.length, all.page, all.pageSize]).toEqual([2, 1, 2]);
      const [total] = await sqlRows<{ n: number }>("SELECT count(*)::int AS n FROM inspections WHERE state = 'Q'");
      expect(all.count).toBe(total!.n);
      const last = await queueOf(`?pageSize=1&page=${all.count}`);
      // The newest arrival waits last, and comes first the other way round.
      expect(last.results.map((o) => o.pk)).toEqual([pk]);
      expect((await queueOf('?pageSize=1&isAscending=false')).results.map((o) => o.pk)).toEqual([pk]);
      expect((await call('POST', `/api/inspection/review-queue/qc/${pk}/claim/`)).statusCode).toBe(200);
      const claimed = await queueOf('?claimed=true&pageSize=100');
      expect(claimed.results.find((o) => o.pk === pk)?.claimed_by).toBe('staff');
      expect((await queueOf('?claimed=false&pageSize=100')).results.some((o) => o.pk === pk)).toBe(false);
      expect(claimed.count + (await queueOf('?claimed=false')).count).toBe(all.count);
      expect((await call('GET', '/api/inspection/review-queue/qc/?claimed=maybe')).statusCode).toBe(400);
      await call('POST', `/api/inspection/review-queue/qc/${pk}/release/`);
    });

    it('approves by the order workflow: every slot first, then on to W or D; pricing prices W to D', async () => {
      const toPricing = await qOrder(true);
      const done = await qOrder(false);
      for (const pk of [toPricing, done]) {
        expect((await call('POST', `/api/inspection/review-queue/qc/${pk}/approve/`)).json().message).toBe(REVIEW_MESSAGES.notClaimed);
        expect((await call('POST', `/api/inspection/review-queue/qc/${pk}/claim/`)).statusCode).toBe(200);
        expect((await call('POST', `/api/inspection/review-queue/qc/${pk}/approve/`)).json().message).toBe(REVIEW_MESSAGES.slotsMissing);
        const problem = await call('POST', `/api/inspection/review-queue/qc/${pk}/verdict/`, { slot: 'front', verdict: 'problem' });
        expect(problem.statusCode).toBe(400);
        for (const answer of await verdictAll(pk)) expect(answer.statusCode, answer.body).toBe(200);
        const report = QcReportSchema.parse((await call('GET', `/api/inspection/review-queue/qc/${pk}/`)).json().data);
        expect(report.photos.map((p) => [p.slot, p.verdict, p.url !== null])).toContainEqual(['odometer', 'ok', true]);
      }
      const approved = await call('POST', `/api/inspection/review-queue/qc/${toPricing}/approve/`);
      expect(approved.json().data.state).toBe(ORDER_WORKFLOW.actions.qc_approve_to_pricing.to);
      expect((await call('POST', `/api/inspection/review-queue/qc/${done}/approve/`)).json().data.state).toBe('D');
      // Approved again: the order left the queue.
      expect((await call('POST', `/api/inspection/review-queue/qc/${done}/approve/`)).json().message).toBe(REVIEW_MESSAGES.notInQueue);

      expect((await call('POST', `/api/inspection/review-queue/pricing/${toPricing}/claim/`)).statusCode).toBe(200);
      const band = await call('POST', `/api/inspection/review-queue/pricing/${toPricing}/price/`, { low: '۹۰۰٬۰۰۰٬۰۰۰', high: '800000000' });
      expect(band.statusCode).toBe(400);
      const priced = await call('POST', `/api/inspection/review-queue/pricing/${toPricing}/price/`, { low: '۸۰۰٬۰۰۰٬۰۰۰', high: '900000000' });
      expect(priced.statusCode, priced.body).toBe(200);
      expect(priced.json().data.state).toBe('D');
      const log = (await call('GET', `/api/inspection/orders/${toPricing}/action-log/`)).json().results as { action: string; from_state: string; to_state: string }[];
      expect(log.map((e) => [e.action, e.from_state, e.to_state])).toEqual([['price_estimate', 'W', 'D'], ['qc_approve_to_pricing', 'Q', 'W']]);
    });

    it('returns with findings to the expert, and refuses a user who is not a reviewer', async () => {
      const pk = await qOrder(false);
      await call('POST', `/api/inspection/review-queue/qc/${pk}/claim/`);
      expect((await call('POST', `/api/inspection/review-queue/qc/${pk}/return/`, { findings: ' ' })).statusCode).toBe(400);
      const returned = await call('POST', `/api/inspection/review-queue/qc/${pk}/return/`, { findings: 'عکس کیلومترشمار تار است' });
      expect(returned.json().data.state).toBe('S');
      const outsider = `Bearer ${await gateway.deps.tokens.signAccess({ id: 9, username: 'sales1', first_name: 'حسین', last_name: 'کریمی' }, [ROLES.staff])}`;
      const refused = await call('POST', `/api/inspection/review-queue/qc/${await qOrder(false)}/claim/`, {}, outsider);
      expect([refused.statusCode, refused.json().message]).toEqual([409, REVIEW_MESSAGES.notReviewer]);
    });
  });
});
