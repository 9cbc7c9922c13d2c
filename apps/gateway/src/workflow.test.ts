import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, defineWorkflow } from '@panel/contracts/common';
import type { Queryable } from './db/db';
import { startTestGateway } from './testing';
import { HttpError } from './errors';
import { kyselyOf } from './db/kysely';
import { REASON_REQUIRED_MESSAGE, actionLog, lockedRow, move } from './workflow';
import { TEST_DRIVERS } from './test-drivers';

const probe = defineWorkflow({
  noun: 'نمونه',
  states: { open: 'باز', done: 'انجام شده', dropped: 'کنار گذاشته' },
  actions: {
    finish: { label: 'پایان', from: ['open'], to: 'done' },
    drop: { label: 'کنار گذاشتن', from: ['open', 'done'], to: 'dropped', reason: 'required' },
  },
});
type State = keyof typeof probe.states;
const ACTOR = { username: 'staff', fullname: 'سارا محمدی' };

describe.each(TEST_DRIVERS)('workflow moves on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    await gateway.deps.db.query('CREATE TABLE workflow_probe (id integer PRIMARY KEY, state text NOT NULL)');
    await gateway.deps.db.query("INSERT INTO workflow_probe VALUES (1, 'open'), (2, 'open')");
  });
  afterAll(() => gateway.close());

  /** What a service does: lock the row, move by the table, write the new state. */
  const act = (id: number, action: 'finish' | 'drop', reason?: string) =>
    gateway.deps.db.transaction(async (tx) => {
      const [row] = await tx.query<{ state: State }>('SELECT state FROM workflow_probe WHERE id = $1 FOR UPDATE', [id]);
      const to = await move(tx, probe, { entity: 'probe', entityId: id, name: String(id), action, from: row!.state, actor: ACTOR, reason });
      await tx.query('UPDATE workflow_probe SET state = $2 WHERE id = $1', [id, to]);
      return to;
    });

  it('moves by the table and logs who, what, from, to and why', async () => {
    expect(await act(1, 'finish')).toBe('done');
    expect(await act(1, 'drop', '  تکراری  ')).toBe('dropped');
    const log = await actionLog(gateway.deps.db, 'probe', 1);
    expect(log.map(({ action, from_state, to_state, reason, actor_username, actor_fullname }) => ({ action, from_state, to_state, reason, actor_username, actor_fullname }))).toEqual([
      { action: 'drop', from_state: 'done', to_state: 'dropped', reason: 'تکراری', actor_username: 'staff', actor_fullname: 'سارا محمدی' },
      { action: 'finish', from_state: 'open', to_state: 'done', reason: '', actor_username: 'staff', actor_fullname: 'سارا محمدی' },
    ]);
    expect(log[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a move outside the table with a Persian 409, and a missing reason with a 400; nothing is logged', async () => {
    await expect(act(1, 'finish')).rejects.toMatchObject({ statusCode: 409, body: { message: 'نمونه 1 در وضعیت «کنار گذاشته» است و «پایان» برای آن ممکن نیست.' } });
    await expect(act(2, 'drop', '   ')).rejects.toMatchObject({ statusCode: 400, body: { reason: [REASON_REQUIRED_MESSAGE] } });
    expect(await actionLog(gateway.deps.db, 'probe', 2)).toEqual([]);
  });

  it('two moves of one row at once: one wins, the other is refused from the state the winner left', async () => {
    await gateway.deps.db.query("INSERT INTO workflow_probe VALUES (3, 'open')");
    const results = await Promise.allSettled([act(3, 'finish'), act(3, 'finish')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(HttpError);
    expect((refused.reason as HttpError).statusCode).toBe(409);
    expect(await actionLog(gateway.deps.db, 'probe', 3)).toHaveLength(1);
  });
});

describe('workflow moves by the action roles (decision 094)', () => {
  const guarded = defineWorkflow({
    noun: 'نمونه',
    states: { open: 'باز', done: 'انجام شده' },
    roles: [ROLES.staff],
    actions: {
      note: { label: 'یادداشت', from: ['open', 'done'] },
      approve: { label: 'تأیید', from: ['open'], to: 'done', roles: [ROLES.supervisor] },
    },
  });
  /** The role check comes before any read or write: a transaction that records what it was asked. */
  const recorded: string[] = [];
  const tx = { query: async (sql: string) => (recorded.push(sql), []) } as unknown as Queryable;
  const moveAs = (roles: string[] | undefined, action: 'note' | 'approve') =>
    move(tx, guarded, { entity: 'probe', entityId: 1, action, from: 'open', actor: { ...ACTOR, roles } });

  it('refuses an actor without one of the action roles with a Persian 403, and logs nothing', async () => {
    await expect(moveAs([ROLES.staff], 'approve')).rejects.toMatchObject({ statusCode: 403, body: { detail: '«تأیید» فقط از سرپرست برمی‌آید.' } });
    await expect(moveAs([ROLES.follower], 'note')).rejects.toMatchObject({ statusCode: 403, body: { detail: '«یادداشت» فقط از کارمند برمی‌آید.' } });
    expect(recorded).toEqual([]);
  });

  it('moves for an actor holding one, and for the system itself (no roles)', async () => {
    expect(await moveAs([ROLES.staff, ROLES.supervisor], 'approve')).toBe('done');
    expect(await moveAs(undefined, 'approve')).toBe('done');
    expect(recorded).toHaveLength(2);
  });
});

describe.each(TEST_DRIVERS)('lockedRow on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  interface Tables {
    locked_probe: { id: number; version: number; name: string };
    keyed_probe: { pk: number; name: string };
  }
  const refusals = { notFound: 'نمونه پیدا نشد.', stale: 'نمونه را کس دیگری تغییر داده است.' };
  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    await gateway.deps.db.query('CREATE TABLE locked_probe (id integer PRIMARY KEY, version integer NOT NULL, name text NOT NULL)');
    await gateway.deps.db.query("INSERT INTO locked_probe VALUES (1, 3, 'یک')");
    await gateway.deps.db.query('CREATE TABLE keyed_probe (pk integer PRIMARY KEY, name text NOT NULL)');
    await gateway.deps.db.query("INSERT INTO keyed_probe VALUES (5, 'پنج')");
  });
  afterAll(() => gateway.close());
  const inTx = <T>(work: (q: ReturnType<typeof kyselyOf<Tables>>) => Promise<T>) => gateway.deps.db.transaction((tx) => work(kyselyOf<Tables>(tx)));
  const refusal = (work: Promise<unknown>) => work.then(() => undefined, (error: HttpError) => [error.statusCode, error.body]);

  it('answers the row under its lock, by id or by the key named, with or without its version', async () => {
    expect(await inTx((q) => lockedRow(q, 'locked_probe', 1, refusals, { version: 3 }))).toEqual({ id: 1, version: 3, name: 'یک' });
    expect(await inTx((q) => lockedRow(q, 'locked_probe', 1, refusals))).toMatchObject({ name: 'یک' });
    expect(await inTx((q) => lockedRow(q, 'keyed_probe', 5, refusals, { key: 'pk' }))).toEqual({ pk: 5, name: 'پنج' });
  });

  it('refuses in Persian a row that is not there (404) or has changed since it was read (409)', async () => {
    expect(await refusal(inTx((q) => lockedRow(q, 'locked_probe', 2, refusals)))).toEqual([404, { detail: refusals.notFound }]);
    expect(await refusal(inTx((q) => lockedRow(q, 'locked_probe', 1, refusals, { version: 2 })))).toEqual([409, { message: refusals.stale }]);
  });
});
