import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { tehranDateKey } from '@panel/contracts/common';
import {
  ASSISTANT_MESSAGES,
  CLOSED_ORDER_STATES,
  explainAssignment,
  pauseEnd,
  type Assistant,
  type AssistantActionResult,
  type AssistantBoard,
  type BalancePlan,
  type MovedResult,
  type LedgerEntry,
  type LedgerFilter,
  type TurnAction,
  type TurnLogEntry,
} from '@panel/contracts/inspection-assistants';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { tehranDayRange } from '../../db/list-query';
import { conflict, notFound } from '../../errors';
import { logAction, type Actor } from '../../workflow';
import { chooseNext, lockPointer, openOrdersOf, seats, skipReason, type AssistantsDb, type Seat, type Tables } from './turns';

// The turn-assign page (decision 097): the live board, the actions on an assistant, the balance
// plan and its application, the ledger and the change log. Each change locks the rotation
// pointer first, then what it changes, and logs itself in the action log.

export const ASSISTANT_ENTITY = 'inspection_assistant';
/** The balance is an action on the whole rotation: its log rows name the pointer's row. */
const ROTATION_ENTITY = 'assistant_rotation';

const NAME = sql<string>`coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), a.username)`;

/** The board: every assistant with turn position, open load, today's orders and last assignment. */
export async function board(q: AssistantsDb): Promise<AssistantBoard> {
  const [todayStart] = tehranDayRange(tehranDateKey(new Date()));
  const [rows, pointer, totals] = await Promise.all([
    q
      .selectFrom('inspection_assistants as a')
      .leftJoin('users as u', 'u.username', 'a.username')
      .select([
        'a.id', 'a.username', NAME.as('name'), 'a.active', 'a.paused_until', 'a.pause_reason', 'a.capacity', 'a.position', 'a.makeup_owed', 'a.version',
        openOrdersOf({ ref: 'a.username' }).as('open_orders'),
        sql<number>`(SELECT count(*)::int FROM assistant_assignments g WHERE g.assistant_id = a.id AND g.at >= ${todayStart} AND g.reason IN ('turn', 'makeup', 'by_hand', 'balance'))`.as('orders_today'),
        sql<string | null>`(SELECT max(g.at) FROM assistant_assignments g WHERE g.assistant_id = a.id)`.as('last_assigned_at'),
      ])
      .orderBy('a.position')
      .execute(),
    q.selectFrom('assistant_turn').select(['last_position', 'makeup_for']).where('id', '=', 1).executeTakeFirstOrThrow(),
    q
      .selectFrom('inspections')
      .select([sql<number>`count(*)::int`.as('open'), sql<number>`(count(*) FILTER (WHERE assistant IS NULL))::int`.as('unassigned')])
      .where('state', 'not in', CLOSED_ORDER_STATES)
      .executeTakeFirstOrThrow(),
  ]);
  const away = turnsAway(rows, pointer, Date.now());
  return { results: rows.map((row) => ({ ...row, turns_away: away.get(row.id) ?? null })), open_orders: totals.open, unassigned_orders: totals.unassigned };
}

/** How many orders come before each ready assistant's next one, by the rotation's own choice. */
function turnsAway(all: Seat[], pointer: { last_position: number; makeup_for: number | null }, now: number): Map<number, number> {
  const away = new Map<number, number>();
  const ready = all.filter((seat) => skipReason(seat, now) === undefined).length;
  let state = { ...pointer };
  const owed = new Map(all.map((seat) => [seat.id, seat.makeup_owed]));
  for (let n = 0; away.size < ready && n < ready * 2; n += 1) {
    const choice = chooseNext(all.map((seat) => ({ ...seat, makeup_owed: owed.get(seat.id)! })), state, now);
    if (!choice.seat) break;
    if (!away.has(choice.seat.id)) away.set(choice.seat.id, n);
    const seat = choice.seat;
    if (choice.reason === 'makeup') owed.set(seat.id, seat.makeup_owed - 1);
    state = { last_position: seat.position, makeup_for: choice.reason === 'turn' && seat.makeup_owed > 0 ? seat.id : null };
  }
  return away;
}

async function assistantRow(q: AssistantsDb, id: number): Promise<Assistant> {
  const found = (await board(q)).results.find((row) => row.id === id);
  if (!found) throw notFound(ASSISTANT_MESSAGES.notFound);
  return found;
}

interface Change {
  set?: { active?: boolean; paused_until?: string | null; pause_reason?: string };
  moved?: number;
  reason?: string;
}

/**
 * One action on an assistant: the pointer, then the assistant row, locked; the version the screen
 * showed checked (409 when stale); `decide` refuses (409) or says what changes; then the change,
 * its log row, and the assistant as it is now.
 */
async function actOn(db: Db, actor: Actor, input: { id: number; version: number }, action: TurnAction, decide: (row: Seat & { version: number }, q: AssistantsDb) => Promise<Change>): Promise<AssistantActionResult> {
  const changed = await db.transaction(async (tx) => {
    const q = kyselyOf<Tables>(tx);
    const pointer = await lockPointer(q);
    const row = await q
      .selectFrom('inspection_assistants as a')
      .select(['a.id', 'a.username', 'a.position', 'a.active', 'a.paused_until', 'a.capacity', 'a.makeup_owed', 'a.version', openOrdersOf({ ref: 'a.username' }).as('open_orders')])
      .where('a.id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(ASSISTANT_MESSAGES.notFound);
    if (row.version !== input.version) throw conflict(ASSISTANT_MESSAGES.stale);
    const change = await decide(row, q);
    await q
      .updateTable('inspection_assistants')
      .set({ ...change.set, version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    // An assistant who leaves the rotation is owed nothing right now: their make-up waits for their next turn.
    if (change.set?.active === false && pointer.makeup_for === row.id) await q.updateTable('assistant_turn').set({ makeup_for: null }).where('id', '=', 1).execute();
    await logAction(tx, { entity: ASSISTANT_ENTITY, entityId: row.id, action, actor, reason: change.reason ?? '', details: { username: row.username, moved: change.moved ?? 0 } });
    return change.moved ?? 0;
  });
  return { assistant: await assistantRow(kyselyOf<Tables>(db), input.id), moved: changed, message: ASSISTANT_MESSAGES.done[action] };
}

/** Takes `username`'s open orders back to the pool (assistant null), each recorded in the ledger. */
async function clearOrders(q: AssistantsDb, actor: Actor, username: string): Promise<number> {
  const orders = await q.selectFrom('inspections').select('pk').where('assistant', '=', username).where('state', 'not in', CLOSED_ORDER_STATES).orderBy('pk').forUpdate().execute();
  if (orders.length === 0) return 0;
  const pks = orders.map((order) => order.pk);
  await q.updateTable('inspections').set({ assistant: null }).where('pk', 'in', pks).execute();
  await q
    .insertInto('assistant_assignments')
    .columns(['inspection_id', 'assistant_id', 'reason', 'actor_username'])
    .expression(sql`SELECT unnest(${pks}::bigint[]), NULL::int, 'cleared', ${actor.username}::text`)
    .execute();
  return pks.length;
}

export function assistantActions(db: Db) {
  return {
    activate: (actor: Actor, input: { id: number; version: number }) =>
      actOn(db, actor, input, 'activate', async (row) => {
        if (row.active) throw conflict(ASSISTANT_MESSAGES.alreadyActive);
        return { set: { active: true } };
      }),
    deactivate: (actor: Actor, input: { id: number; version: number }) =>
      actOn(db, actor, input, 'deactivate', async (row) => {
        if (!row.active) throw conflict(ASSISTANT_MESSAGES.alreadyInactive);
        return { set: { active: false, paused_until: null, pause_reason: '' } };
      }),
    pause: (actor: Actor, input: { id: number; version: number; reason: string }) =>
      actOn(db, actor, input, 'pause', async (row) => {
        if (!row.active) throw conflict(ASSISTANT_MESSAGES.inactiveNoPause);
        if (row.paused_until && Date.parse(row.paused_until) > Date.now()) throw conflict(ASSISTANT_MESSAGES.alreadyPaused);
        return { set: { paused_until: pauseEnd(new Date()).toISOString(), pause_reason: input.reason }, reason: input.reason };
      }),
    resume: (actor: Actor, input: { id: number; version: number }) =>
      actOn(db, actor, input, 'resume', async (row) => {
        if (!row.paused_until || Date.parse(row.paused_until) <= Date.now()) throw conflict('این دستیار در استراحت نیست.');
        return { set: { paused_until: null, pause_reason: '' } };
      }),
    clear: (actor: Actor, input: { id: number; version: number }) =>
      actOn(db, actor, input, 'clear', async (row, q) => {
        const moved = await clearOrders(q, actor, row.username);
        if (moved === 0) throw conflict(ASSISTANT_MESSAGES.nothingToClear);
        return { moved };
      }),
    /** Gives one open order to an active assistant by hand. */
    assign: (actor: Actor, input: { pk: number; assistant_id: number }) =>
      db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        await lockPointer(q);
        const target = await q.selectFrom('inspection_assistants').select(['id', 'username', 'active']).where('id', '=', input.assistant_id).forUpdate().executeTakeFirst();
        if (!target) throw notFound(ASSISTANT_MESSAGES.notFound);
        const order = await q.selectFrom('inspections').select(['pk', 'code', 'state', 'assistant']).where('pk', '=', input.pk).forUpdate().executeTakeFirst();
        if (!order) throw notFound(ASSISTANT_MESSAGES.orderNotFound);
        if ((CLOSED_ORDER_STATES as readonly string[]).includes(order.state)) throw conflict(ASSISTANT_MESSAGES.closedOrder);
        if (order.assistant === target.username) throw conflict(ASSISTANT_MESSAGES.sameAssistant);
        if (!target.active) throw conflict(ASSISTANT_MESSAGES.assistantInactive);
        await q.updateTable('inspections').set({ assistant: target.username }).where('pk', '=', order.pk).execute();
        await q.insertInto('assistant_assignments').values({ inspection_id: order.pk, assistant_id: target.id, reason: 'by_hand', actor_username: actor.username }).execute();
        await logAction(tx, { entity: ASSISTANT_ENTITY, entityId: target.id, action: 'assign', actor, details: { username: target.username, moved: 1, pk: order.pk, code: order.code, from: order.assistant } });
        return { moved: 1, message: ASSISTANT_MESSAGES.done.assign };
      }),
  };
}

interface Planned {
  plan: BalancePlan;
  /** Who receives how many, and whose orders go (assistants over their share give their newest). */
  give: Map<string, number>;
  takeFrom: Map<string | null, number>;
}

/**
 * The even spread of the open orders over the ready assistants (active, not on a break): each gets
 * the total divided by their number, the heaviest-loaded the remainder, so the fewest orders move.
 * Orders of anyone else (inactive, on a break, not an assistant, nobody) all move.
 */
async function planBalance(q: AssistantsDb): Promise<Planned> {
  const now = Date.now();
  // One after the other: inside `applyBalance` these share the transaction's one connection.
  const all = await seats(q);
  const names = await q.selectFrom('inspection_assistants as a').leftJoin('users as u', 'u.username', 'a.username').select(['a.username', NAME.as('name')]).execute();
  const loads = await q.selectFrom('inspections').select(['assistant', sql<number>`count(*)::int`.as('n')]).where('state', 'not in', CLOSED_ORDER_STATES).groupBy('assistant').execute();
  const nameOf = new Map(names.map((row) => [row.username, row.name]));
  const ready = all.filter((seat) => seat.active && !(seat.paused_until && Date.parse(seat.paused_until) > now));
  if (ready.length === 0) throw conflict(ASSISTANT_MESSAGES.noActive);
  const before = new Map(loads.map((row) => [row.assistant, row.n]));
  const total = loads.reduce((sum, row) => sum + row.n, 0);
  const base = Math.floor(total / ready.length);
  const heaviest = [...ready].sort((a, b) => (before.get(b.username) ?? 0) - (before.get(a.username) ?? 0) || a.position - b.position);
  const after = new Map(heaviest.map((seat, rank) => [seat.username, base + (rank < total % ready.length ? 1 : 0)]));
  const give = new Map<string, number>();
  const takeFrom = new Map<string | null, number>();
  for (const [owner, n] of before) {
    const share = owner === null ? undefined : after.get(owner);
    if (share === undefined) takeFrom.set(owner, n);
    else if (n > share) takeFrom.set(owner, n - share);
  }
  for (const seat of ready) {
    const short = after.get(seat.username)! - (before.get(seat.username) ?? 0);
    if (short > 0) give.set(seat.username, short);
  }
  const moves = [...give.values()].reduce((sum, n) => sum + n, 0);
  const rows = all.map((seat) => ({ username: seat.username, name: nameOf.get(seat.username) ?? seat.username, active: ready.includes(seat), before: before.get(seat.username) ?? 0, after: after.get(seat.username) ?? 0 }));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ loads: [...before.entries()].sort(([a], [b]) => String(a).localeCompare(String(b))), ready: ready.map((seat) => seat.id) }))
    .digest('hex')
    .slice(0, 32);
  return { plan: { fingerprint, open_orders: total, moves, rows }, give, takeFrom };
}

export async function balancePlan(q: AssistantsDb): Promise<BalancePlan> {
  return (await planBalance(q)).plan;
}

/** Applies the plan the screen showed, if it still holds (409 when the orders or the assistants changed since). */
export async function applyBalance(db: Db, actor: Actor, fingerprint: string): Promise<MovedResult> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<Tables>(tx);
    await lockPointer(q);
    const { plan, give, takeFrom } = await planBalance(q);
    if (plan.fingerprint !== fingerprint) throw conflict(ASSISTANT_MESSAGES.planChanged);
    if (plan.moves === 0) throw conflict(ASSISTANT_MESSAGES.alreadyBalanced);
    // The newest open orders of each giver move; the oldest stay with whom the customer already talks to.
    const pks: number[] = [];
    for (const [owner, n] of takeFrom) {
      const rows = await q
        .selectFrom('inspections')
        .select('pk')
        .where((eb) => (owner === null ? eb('assistant', 'is', null) : eb('assistant', '=', owner)))
        .where('state', 'not in', CLOSED_ORDER_STATES)
        .orderBy('created_at', 'desc')
        .orderBy('pk', 'desc')
        .limit(n)
        .forUpdate()
        .execute();
      pks.push(...rows.map((row) => row.pk));
    }
    const receivers = [...give.entries()].flatMap(([username, n]) => Array.from({ length: n }, () => username));
    await sql`UPDATE inspections i SET assistant = m.username FROM unnest(${pks}::bigint[], ${receivers}::text[]) AS m(pk, username) WHERE i.pk = m.pk`.execute(q);
    await sql`INSERT INTO assistant_assignments (inspection_id, assistant_id, reason, actor_username)
      SELECT m.pk, a.id, 'balance', ${actor.username} FROM unnest(${pks}::bigint[], ${receivers}::text[]) AS m(pk, username) JOIN inspection_assistants a ON a.username = m.username`.execute(q);
    await logAction(tx, { entity: ROTATION_ENTITY, entityId: 1, action: 'balance', actor, details: { moved: pks.length } });
    return { moved: pks.length, message: ASSISTANT_MESSAGES.done.balance };
  });
}

/** The turn ledger, newest first: of one order (pk), or the latest rows. */
export async function ledger(q: AssistantsDb, filter: LedgerFilter): Promise<LedgerEntry[]> {
  let query = q
    .selectFrom('assistant_assignments as g')
    .innerJoin('inspections as i', 'i.pk', 'g.inspection_id')
    .leftJoin('inspection_assistants as a', 'a.id', 'g.assistant_id')
    .leftJoin('users as u', 'u.username', 'a.username')
    .select([
      'g.id', 'g.inspection_id', 'i.code', 'a.username as assistant', sql<string | null>`CASE WHEN a.id IS NULL THEN NULL ELSE ${NAME} END`.as('assistant_name'),
      'g.reason', 'g.skipped', 'g.actor_username', 'g.at',
    ])
    .orderBy('g.at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(filter.limit);
  if (filter.pk) query = query.where('g.inspection_id', '=', filter.pk);
  if (filter.code) query = query.where('i.code', '=', filter.code);
  const rows = await query.execute();
  const ids = [...new Set(rows.flatMap((row) => row.skipped.map((s) => s.id)))];
  const people = ids.length
    ? await q.selectFrom('inspection_assistants as a').leftJoin('users as u', 'u.username', 'a.username').select(['a.id', 'a.username', NAME.as('name')]).where('a.id', 'in', ids).execute()
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((row) => {
    const skipped = row.skipped.map((s) => ({ username: byId.get(s.id)?.username ?? '', name: byId.get(s.id)?.name ?? '', why: s.why }));
    const entry = { ...row, skipped };
    return { ...entry, explanation: explainAssignment(entry) };
  });
}

/** The change log of the turn-assign page, newest first. */
export async function turnLog(db: Db, limit = 100): Promise<TurnLogEntry[]> {
  return db.query<TurnLogEntry>(
    `SELECT id, action, from_state, to_state, actor_username, actor_fullname, reason, at,
            details->>'username' AS assistant, coalesce((details->>'moved')::int, 0) AS moved
       FROM action_log WHERE entity IN ($1, $2) ORDER BY at DESC, id DESC LIMIT $3`,
    [ASSISTANT_ENTITY, ROTATION_ENTITY, limit],
  );
}
