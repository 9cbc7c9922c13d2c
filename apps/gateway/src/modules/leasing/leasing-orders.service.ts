import { sql, type Kysely } from 'kysely';
import { tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import {
  LEASING_ORDER_MESSAGES,
  LEASING_ORDER_STATES,
  LEASING_ORDER_WORKFLOW,
  LEASING_REJECT_REASONS,
  computeSchedule,
  type ActionOutcome,
  type BulkRowResult,
  type BulkUpdateInput,
  type BulkUpdateResult,
  type ExecuteOrderActionInput,
  type LeasingOrder,
  type LeasingFileKind,
  type LeasingOrderAction,
  type LeasingOrderListFilter,
  type LeasingOrderState,
  type LeasingRejectReason,
  type OfferedAction,
} from '@panel/contracts/leasing';
import type { CoreTables } from '../../db/core-tables';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, pagedList, tehranDayRange } from '../../db/list-query';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { logAction, move, type Actor } from '../../workflow';
import type { LeasingTables } from './leasing.tables';

// Leasing orders (decision 102): the actions the gateway offers for an order, each with why it
// is or is not available, executed by id; one action on many orders row by row. Every action
// locks the order, decides on what it read under the lock, moves the declared table (which
// writes the action log) and changes the rows in the same transaction.

export type LeasingTablesAll = CoreTables & LeasingTables;
export type LeasingDb = Kysely<LeasingTablesAll>;
export const ORDER_ENTITY = 'leasing_order';

const ORDER_COLUMNS = [
  'o.id', 'o.code', 'o.state', 'o.version', 'o.customer_name', 'o.national_id', 'o.phone_number', 'o.city_id', 'o.provider_id', 'o.plan_id',
  'o.car_title', 'o.price', 'o.down_payment', 'o.months', 'o.annual_rate', 'o.monthly', 'o.total', 'o.start_day', 'o.reject_reason',
  'o.created_by', 'o.created_at',
] as const;

function orderRows(q: LeasingDb) {
  return q
    .selectFrom('leasing_orders as o')
    .innerJoin('leasing_providers as p', 'p.id', 'o.provider_id')
    .innerJoin('leasing_plans as pl', 'pl.id', 'o.plan_id')
    .innerJoin('cities as c', 'c.id', 'o.city_id')
    .leftJoin('leasing_claims as cl', 'cl.order_id', 'o.id')
    .select([...ORDER_COLUMNS, 'p.name as provider_name', 'pl.name as plan_name', 'c.name as city', 'cl.id as claim_id']);
}

const withLabel = <T extends { state: LeasingOrderState }>(row: T) => ({ ...row, state_label: LEASING_ORDER_STATES[row.state] });

export async function listOrders(q: LeasingDb, filter: LeasingOrderListFilter) {
  let filtered = q.selectFrom('leasing_orders as o');
  if (filter.state) filtered = filtered.where('o.state', '=', filter.state);
  if (filter.provider) filtered = filtered.where('o.provider_id', '=', filter.provider);
  if (filter.city) filtered = filtered.where('o.city_id', '=', filter.city);
  if (filter.createdFrom) filtered = filtered.where('o.created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) filtered = filtered.where('o.created_at', '<', tehranDayRange(filter.createdTo)[1]);
  if (filter.search) {
    const digits = filter.search.replace(/[\s-]/g, '');
    filtered = filtered.where((eb) =>
      eb.or([
        eb('o.customer_name', 'ilike', likeContains(filter.search!)),
        eb('o.code', '=', filter.search!.toUpperCase()),
        ...(/^\d{3,11}$/.test(digits) ? [eb('o.phone_number', 'like', likePrefix(digits.startsWith('0') ? digits : `0${digits}`))] : []),
      ]),
    );
  }
  const page = await pagedList(
    filtered,
    {
      key: 'o.id',
      order: sql`o.created_at DESC, o.id DESC`,
      columns: (query) =>
        query
          .innerJoin('leasing_providers as p', 'p.id', 'o.provider_id')
          .innerJoin('leasing_plans as pl', 'pl.id', 'o.plan_id')
          .innerJoin('cities as c', 'c.id', 'o.city_id')
          .leftJoin('leasing_claims as cl', 'cl.order_id', 'o.id')
          .select([...ORDER_COLUMNS, 'p.name as provider_name', 'pl.name as plan_name', 'c.name as city', 'cl.id as claim_id']),
    },
    filter,
  );
  return { ...page, results: page.results.map(withLabel) };
}

export async function getOrder(q: LeasingDb, id: number): Promise<LeasingOrder> {
  const row = await orderRows(q).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(LEASING_ORDER_MESSAGES.notFound);
  return withLabel(row);
}

interface Guarded {
  state: LeasingOrderState;
  code: string;
  files: number;
  planActive: boolean;
}

/** Every action of the table for the order as it is, available or not and why (decision 102). */
export function offer(order: Guarded): OfferedAction[] {
  return LEASING_ORDER_WORKFLOW.actionList.map((id) => {
    const declared = LEASING_ORDER_WORKFLOW.actions[id];
    const reason = LEASING_ORDER_WORKFLOW.refusal(id, order.state, toPersianDigits(order.code)) ?? guard(id, order) ?? '';
    return { id, label: declared.label, available: reason === '', reason, confirm: declared.confirm ?? null, reason_required: declared.reason === 'required' };
  });
}

/** What the table allows but the order's data does not yet. */
function guard(action: LeasingOrderAction, order: Guarded): string | undefined {
  if (action === 'send_to_provider' && order.files === 0) return LEASING_ORDER_MESSAGES.needsFile;
  if (action === 'resume' && !order.planActive) return LEASING_ORDER_MESSAGES.planInactive;
  return undefined;
}

async function guardedOrder(q: LeasingDb, id: number, lock: boolean) {
  let query = q.selectFrom('leasing_orders').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw notFound(LEASING_ORDER_MESSAGES.notFound);
  const [facts] = await sql<{ files: number; plan_active: boolean }>`
    SELECT (SELECT count(*) FROM leasing_order_files WHERE order_id = ${id})::int AS files,
           (SELECT is_active FROM leasing_plans WHERE id = ${order.plan_id}) AS plan_active`.execute(q).then((r) => r.rows);
  return { order, guarded: { state: order.state, code: order.code, files: facts!.files, planActive: facts!.plan_active } };
}

export async function offeredActions(q: LeasingDb, id: number): Promise<OfferedAction[]> {
  return offer((await guardedOrder(q, id, false)).guarded);
}

interface ActionRequest {
  action: LeasingOrderAction;
  /** The version the person saw; a bulk row acts on the order as it is now. */
  version?: number;
  reject_reason?: LeasingRejectReason;
  reason: string;
}

/** One action on one order inside the caller's transaction. */
async function applyAction(tx: Queryable, actor: Actor, id: number, request: ActionRequest): Promise<ActionOutcome> {
  const q = kyselyOf<LeasingTablesAll>(tx);
  const { order, guarded } = await guardedOrder(q, id, true);
  if (request.version !== undefined && order.version !== request.version) throw conflict(LEASING_ORDER_MESSAGES.stale);
  const offered = offer(guarded).find((a) => a.id === request.action)!;
  if (!offered.available) throw conflict(offered.reason);
  if (request.action === 'reject' && !request.reject_reason) throw badRequest({ reject_reason: [LEASING_ORDER_MESSAGES.rejectReason] });
  const reason = request.action === 'reject' ? [LEASING_REJECT_REASONS[request.reject_reason!], request.reason].filter(Boolean).join(' — ') : request.reason;
  const to = await move(tx, LEASING_ORDER_WORKFLOW, { entity: ORDER_ENTITY, entityId: id, name: toPersianDigits(order.code), action: request.action, from: order.state, actor, reason });
  const row = await q
    .updateTable('leasing_orders')
    .set({ state: to, version: order.version + 1, reject_reason: to === 'rejected' ? request.reject_reason! : null, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .returning(['id', 'state', 'version'])
    .executeTakeFirstOrThrow();
  if (request.action === 'deliver') await openClaim(q, order);
  return { ...row, message: LEASING_ORDER_MESSAGES.done[request.action] };
}

/** The claim of a delivered order: the schedule of decision 101 counted from the delivery day. */
async function openClaim(q: LeasingDb, order: { id: number; price: number; down_payment: number; annual_rate: number; months: number; total: number }) {
  const schedule = computeSchedule({ price: order.price, downPayment: order.down_payment, annualRatePercent: Number(order.annual_rate), months: order.months, startDay: tehranDateKey(new Date()) });
  const claim = await q.insertInto('leasing_claims').values({ order_id: order.id, total: schedule.total }).returning('id').executeTakeFirstOrThrow();
  await q
    .insertInto('leasing_instalments')
    .values(schedule.instalments.map((i) => ({ claim_id: claim.id, seq: i.seq, due_date: i.due_date, amount: i.amount })))
    .execute();
}

export function orderActions(db: Db) {
  return {
    execute: (actor: Actor, input: ExecuteOrderActionInput) => db.transaction((tx) => applyAction(tx, actor, input.id, input)),

    /**
     * One action on many orders, each row in its own transaction: a refused row does not stop
     * the others. A row that succeeded under this request id is answered from the record and
     * never applied again, so retrying the failed rows (or the whole request) is safe.
     */
    async bulk(actor: Actor, input: BulkUpdateInput): Promise<BulkUpdateResult> {
      const q = kyselyOf<LeasingTablesAll>(db);
      const ids = [...new Set(input.ids)];
      const done = new Map(
        (await q.selectFrom('leasing_bulk_rows').selectAll().where('request_id', '=', input.request_id).where('ok', '=', true).execute()).map((r) => [r.order_id, r]),
      );
      const codes = new Map((await q.selectFrom('leasing_orders').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code]));
      const results: BulkRowResult[] = [];
      for (const id of ids) {
        const code = codes.get(id) ?? null;
        const previous = done.get(id);
        if (previous) {
          results.push({ id, code, ok: true, message: previous.message, state: previous.state });
          continue;
        }
        try {
          const outcome = await db.transaction(async (tx) => {
            const applied = await applyAction(tx, actor, id, input);
            await record(kyselyOf<LeasingTablesAll>(tx), input, id, { ok: true, message: applied.message, state: applied.state });
            return applied;
          });
          results.push({ id, code, ok: true, message: outcome.message, state: outcome.state });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const message = refusalText(error);
          await record(q, input, id, { ok: false, message, state: null });
          results.push({ id, code, ok: false, message, state: null });
        }
      }
      const succeeded = results.filter((r) => r.ok).length;
      return { succeeded, refused: results.length - succeeded, results };
    },
  };
}

async function record(q: LeasingDb, input: BulkUpdateInput, orderId: number, row: { ok: boolean; message: string; state: LeasingOrderState | null }) {
  await q
    .insertInto('leasing_bulk_rows')
    .values({ request_id: input.request_id, order_id: orderId, action: input.action, ...row })
    .onConflict((oc) => oc.columns(['request_id', 'order_id']).doUpdateSet({ ok: row.ok, message: row.message, state: row.state, at: sql<string>`now()` }))
    .execute();
}

/** The Persian text of a refusal, whichever of the upstream's shapes it has. */
function refusalText(error: HttpError): string {
  const body = error.body as Record<string, unknown> | string;
  if (typeof body === 'string') return body;
  if (typeof body.message === 'string') return body.message;
  if (typeof body.detail === 'string') return body.detail;
  return Object.values(body).flat().join('، ');
}

/** An uploaded document (the media store keeps the file) and an operator's note on an order. */
export function orderPapers(db: Db) {
  const locked = async (q: LeasingDb, id: number) => {
    const order = await q.selectFrom('leasing_orders').select(['id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!order) throw notFound(LEASING_ORDER_MESSAGES.notFound);
  };
  return {
    files: (q: LeasingDb, id: number) =>
      q.selectFrom('leasing_order_files as f').innerJoin('media as m', 'm.id', 'f.media_id').select(['f.id', 'f.media_id', 'f.kind', 'm.name', 'm.content_type', 'f.created_by', 'f.created_at']).where('f.order_id', '=', id).orderBy('f.id').execute(),
    notes: (q: LeasingDb, id: number) => q.selectFrom('leasing_order_notes').select(['id', 'text', 'author', 'created_at']).where('order_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    attach: (actor: Actor, input: { id: number; media_id: number; kind: LeasingFileKind }) =>
      db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        await locked(q, input.id);
        const media = await q.selectFrom('media').select(['id', 'name']).where('id', '=', input.media_id).executeTakeFirst();
        if (!media) throw badRequest({ media_id: [LEASING_ORDER_MESSAGES.noMedia] });
        const file = await q.insertInto('leasing_order_files').values({ order_id: input.id, media_id: media.id, kind: input.kind, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: ORDER_ENTITY, entityId: input.id, action: 'file', actor, reason: media.name, details: { media_id: media.id, kind: input.kind } });
        return { id: file.id, message: LEASING_ORDER_MESSAGES.fileAttached };
      }),
    note: (actor: Actor, input: { id: number; text: string }) =>
      db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        await locked(q, input.id);
        const note = await q.insertInto('leasing_order_notes').values({ order_id: input.id, text: input.text, author: actor.fullname || actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: ORDER_ENTITY, entityId: input.id, action: 'note', actor, reason: input.text });
        return { id: note.id, message: LEASING_ORDER_MESSAGES.noted };
      }),
  };
}
