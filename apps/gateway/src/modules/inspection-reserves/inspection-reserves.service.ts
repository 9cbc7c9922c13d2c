import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Availability } from '@panel/contracts/common';
import { formatJalaliDate, formatShiftRangeFa, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  RESERVE_MESSAGES,
  RESERVE_RENEW_MINUTES,
  RESERVE_WORKFLOW,
  effectiveReserveStates,
  formatPaymentDeadline,
  type CreateReserveBody,
  type Reserve,
  type ReserveAction,
  type ReserveListFilter,
  type ReserveListPage,
  type ReserveSortColumn,
} from '@panel/contracts/inspection-reserves';
import type { CoreTables } from '../../db/core-tables';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, pagedList, sortOrder } from '../../db/list-query';
import type { CataloguePort, DispatchPort, Publish } from '../../deps';
import { conflict, notFound } from '../../errors';
import { recordOutbox } from '../../outbox';
import { logAction, move, type Actor } from '../../workflow';
import type { InspectionReservesTables } from './inspection-reserves.tables';

// Customers' reserves of a cell while they pay (decisions 032, 033). Every action locks the
// reserve, moves it by RESERVE_WORKFLOW (or logs it), and changes its cell through the dispatch
// port in the same transaction; the sheet hears of the cell after commit.

/** What this module reads of the dispatch sheet's rows, in SQL (never through its code). */
interface SheetRows {
  expert_timeslots: { pk: number; expert_id: number; shift_id: number; state: Availability; inspection_id: number | null };
  dispatch_shifts: { pk: number; date: string; slot: number; start_time: string; end_time: string };
  experts: { pk: number; report_name: string; city_id: number };
}
type Tables = CoreTables & InspectionReservesTables & SheetRows;

const SORTS = {
  payment_deadline: ['r.payment_deadline', 'r.id'],
  reserved_at: ['r.reserved_at', 'r.id'],
  slot: ['s.date', 's.slot', 'r.id'],
  customer_name: ['r.customer_name', 'r.id'],
  price: ['r.price', 'r.id'],
} as const satisfies Record<ReserveSortColumn, readonly string[]>;

const SYSTEM: Actor = { username: 'system', fullname: 'سامانه' };

/** «کارشناسی پایه» as the SMS says it: the packages' names already start with «کارشناسی», never said twice. */
const packagePhrase = (name: string) => (name.startsWith('کارشناسی') ? name : `کارشناسی ${name}`);

function rows(q: Kysely<Tables>) {
  return withCells(q.selectFrom('inspection_reserves as r'));
}

/** A reserve's cell, shift, expert and city: what a row shows, joined only for the rows shown. */
function withCells<O>(query: SelectQueryBuilder<Tables & { r: Tables['inspection_reserves'] }, 'r', O>) {
  return query
    .innerJoin('expert_timeslots as c', 'c.pk', 'r.cell_pk')
    .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
    .innerJoin('experts as e', 'e.pk', 'c.expert_id')
    .innerJoin('cities as ci', 'ci.id', 'r.city_id');
}

const COLUMNS = [
  'r.id',
  'r.customer_name',
  'r.phone_number',
  'r.package',
  'r.price',
  'ci.name as city',
  's.date',
  sql<string>`substr(s.start_time, 1, 5) || '-' || substr(s.end_time, 1, 5)`.as('shift'),
  'r.cell_pk',
  'e.report_name as expert_name',
  'r.reserved_at',
  'r.payment_deadline',
  sql<boolean>`r.state = 'paid'`.as('paid'),
  'r.state',
  'r.renewals',
  'r.link_sent_at',
  'r.link_text',
  'r.release_reason',
  'r.version',
] as const;

export async function listReserves(q: Kysely<Tables>, filter: ReserveListFilter): Promise<ReserveListPage> {
  const states = effectiveReserveStates(filter);
  // The count reads the reserves alone: the day's cells are a subquery, the joins are the page's.
  const filtered = q.selectFrom('inspection_reserves as r').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (states) clauses.push(eb('r.state', '=', eb.fn.any(eb.val([...states]))));
    if (filter.date) {
      const cells = eb.selectFrom('expert_timeslots as c').innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id').select('c.pk').where('s.date', '=', filter.date);
      clauses.push(eb('r.cell_pk', 'in', cells));
    }
    if (filter.query) {
      const digits = filter.query.replace(/\s/g, '');
      clauses.push(eb.or([eb('r.customer_name', 'ilike', likeContains(filter.query)), ...(/^\d+$/.test(digits) ? [eb('r.phone_number', 'like', likePrefix(digits))] : [])]));
    }
    return eb.and(clauses);
  });
  // Only the slot's order needs the cell's shift to pick the page's keys.
  const ordered = filter.sort === 'slot' ? filtered.innerJoin('expert_timeslots as c', 'c.pk', 'r.cell_pk').innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id') : undefined;
  return pagedList(filtered, { key: 'r.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => withCells(query).select(COLUMNS), ordered }, filter);
}

async function one(q: Kysely<Tables>, id: number): Promise<Reserve> {
  const row = await rows(q).select(COLUMNS).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('رزرو یافت نشد');
  return row;
}

export interface ReservesServiceOptions {
  dispatch: DispatchPort;
  paymentLinkBaseUrl: string;
  catalogue: CataloguePort;
  now?: () => Date;
}

export function reservesService(db: Db, options: ReservesServiceOptions) {
  const now = () => options.now?.() ?? new Date();
  const q = kyselyOf<Tables>(db);

  /** One action on one reserve: locked, checked against the workflow, logged; the cell's change published after commit. */
  async function act(
    actor: Actor,
    id: number,
    action: ReserveAction,
    change: (tx: Queryable, t: Kysely<Tables>, reserve: { id: number; cell_pk: number; state: Reserve['state']; payment_deadline: string }) => Promise<Publish | void>,
    reason?: string,
  ): Promise<Reserve> {
    let publish: Publish | undefined;
    const answer = await db.transaction(async (tx) => {
      const t = kyselyOf<Tables>(tx);
      const reserve = await t.selectFrom('inspection_reserves').select(['id', 'cell_pk', 'state', 'payment_deadline']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!reserve) throw notFound('رزرو یافت نشد');
      await move(tx, RESERVE_WORKFLOW, { entity: 'inspection_reserve', entityId: id, name: toPersianDigits(String(id)), action, from: reserve.state, actor, reason });
      publish = (await change(tx, t, reserve)) ?? undefined;
      return one(t, id);
    });
    await publish?.();
    return answer;
  }

  return {
    /** A customer's reserve of a free cell (the customer app's call): the cell becomes "instant reserved". */
    async create(actor: Actor, body: CreateReserveBody): Promise<Reserve> {
      let publish: Publish | undefined;
      const answer = await db.transaction(async (tx) => {
        const t = kyselyOf<Tables>(tx);
        const cell = await t
          .selectFrom('expert_timeslots as c')
          .innerJoin('experts as e', 'e.pk', 'c.expert_id')
          .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
          .select(['c.pk', 'e.city_id', sql<string>`s.date::text`.as('day')])
          .where('c.pk', '=', body.cell_pk)
          .executeTakeFirst();
        if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
        // The price is the catalogue's quote for the cell's city on the cell's day, the day of the
        // visit it reserves (decision 099), locked with the reserve.
        const quoted = await options.catalogue.quote(tx, { package: body.package, cityId: cell.city_id, day: cell.day, conditions: [] });
        try {
          publish = await options.dispatch.reserveCell(tx, actor, { cellPk: cell.pk, customer: body.customer_name });
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 409) throw conflict(RESERVE_MESSAGES.cellTaken);
          throw error;
        }
        const at = now();
        const row = await t
          .insertInto('inspection_reserves')
          .values({
            cell_pk: cell.pk,
            customer_name: body.customer_name,
            phone_number: body.phone_number,
            city_id: cell.city_id,
            package: quoted.package,
            price: quoted.price,
            reserved_at: at.toISOString(),
            payment_deadline: new Date(at.getTime() + body.payment_minutes * 60_000).toISOString(),
            paid_at: null,
            link_sent_at: null,
            link_text: null,
            closed_at: null,
            created_by: actor.username,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await options.catalogue.lock(tx, quoted, { entity: 'inspection_reserve', entityId: row.id }, actor);
        await logAction(tx, { entity: 'inspection_reserve', entityId: row.id, action: 'create', to: 'waiting', actor });
        return one(t, row.id);
      });
      await publish?.();
      return answer;
    },

    /**
     * More time to pay: RESERVE_RENEW_MINUTES from the current deadline (from now for an expired
     * reserve, which takes its cell again), never past the end of the reserved shift; refused
     * when the slot has been taken meanwhile or the deadline is already at the shift's end.
     */
    renew: (actor: Actor, id: number) =>
      act(actor, id, 'renew', async (tx, t, reserve) => {
        let publish: Publish | undefined;
        const slot = await sql<{ ends: string }>`SELECT (s.date + s.end_time::time) AT TIME ZONE 'Asia/Tehran' AS ends
            FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id WHERE c.pk = ${reserve.cell_pk}`.execute(t);
        const at = now().getTime();
        const ends = Date.parse(slot.rows[0]!.ends);
        if (ends <= at) throw conflict(RESERVE_MESSAGES.slotPast);
        const from = Math.max(Date.parse(reserve.payment_deadline), at);
        const deadline = Math.min(from + RESERVE_RENEW_MINUTES * 60_000, ends);
        if (deadline <= Date.parse(reserve.payment_deadline)) throw conflict(RESERVE_MESSAGES.deadlineAtSlotEnd);
        if (reserve.state === 'waiting') {
          const cell = await t.selectFrom('expert_timeslots').select(['state', 'inspection_id']).where('pk', '=', reserve.cell_pk).forUpdate().executeTakeFirstOrThrow();
          if (cell.state !== 4 || cell.inspection_id !== null) throw conflict(RESERVE_MESSAGES.slotGone);
        } else {
          // Expired: its cell was freed; someone else may have taken the slot since.
          const taken = await t.selectFrom('inspection_reserves').select('id').where('cell_pk', '=', reserve.cell_pk).where('state', '=', 'waiting').executeTakeFirst();
          if (taken) throw conflict(RESERVE_MESSAGES.slotGone);
          try {
            publish = await options.dispatch.reserveCell(tx, actor, { cellPk: reserve.cell_pk, customer: `تمدید رزرو ${toPersianDigits(String(id))}` });
          } catch (error) {
            if ((error as { statusCode?: number }).statusCode === 409) throw conflict(RESERVE_MESSAGES.slotGone);
            throw error;
          }
        }
        await t
          .updateTable('inspection_reserves')
          .set({ state: 'waiting', payment_deadline: new Date(deadline).toISOString(), closed_at: null, renewals: sql<number>`renewals + 1`, version: sql<number>`version + 1` })
          .where('id', '=', id)
          .execute();
        return publish;
      }),

    /** The payment link's SMS, recorded in the outbox (never sent) and kept on the reserve for the screen. */
    sendPaymentLink: (actor: Actor, id: number) =>
      act(actor, id, 'send_payment_link', async (tx, t) => {
        const reserve = await one(t, id);
        const link = `${options.paymentLinkBaseUrl.replace(/\/$/, '')}/reserve/${id}`;
        const [start = '', end = ''] = reserve.shift.split('-');
        const text = `${reserve.customer_name} عزیز، برای قطعی شدن رزرو ${packagePhrase(reserve.package)} (نوبت ${formatJalaliDate(reserve.date)} ساعت ${formatShiftRangeFa(start, end)}) تا ${formatPaymentDeadline(
          reserve.payment_deadline,
        )} مبلغ ${formatToman(reserve.price)} را پرداخت کنید: ${link}`;
        await recordOutbox(tx, { channel: 'sms', target: reserve.phone_number, text, amount: reserve.price, entity: 'inspection_reserve', entityId: id, createdBy: actor.username });
        await t.updateTable('inspection_reserves').set({ link_sent_at: now().toISOString(), link_text: text, version: sql<number>`version + 1` }).where('id', '=', id).execute();
      }),

    /** Ends a waiting reserve at staff's word (a reason optional): its cell is free again on the sheet. */
    release: (actor: Actor, id: number, reason: string) =>
      act(
        actor,
        id,
        'release',
        async (tx, t, reserve) => {
          await t.updateTable('inspection_reserves').set({ state: 'released', closed_at: now().toISOString(), release_reason: reason.trim(), version: sql<number>`version + 1` }).where('id', '=', id).execute();
          return options.dispatch.freeReservedCell(tx, actor, { cellPk: reserve.cell_pk, details: `آزاد شدن رزرو ${toPersianDigits(String(id))}` });
        },
        reason,
      ),

    /**
     * Expires every waiting reserve past its deadline and frees its cell on the sheet; several
     * gateway instances may run this at once (SKIP LOCKED). Each in its own transaction.
     */
    async expireDue(): Promise<number> {
      const due = await q.selectFrom('inspection_reserves').select('id').where('state', '=', 'waiting').where('payment_deadline', '<=', now().toISOString()).orderBy('payment_deadline').limit(200).execute();
      let expired = 0;
      for (const { id } of due) {
        let publish: Publish | undefined;
        const done = await db.transaction(async (tx) => {
          const t = kyselyOf<Tables>(tx);
          const reserve = await t.selectFrom('inspection_reserves').select(['cell_pk', 'state', 'payment_deadline']).where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
          if (!reserve || reserve.state !== 'waiting' || Date.parse(reserve.payment_deadline) > now().getTime()) return false;
          // The workflow has no staff action for it: the sweep's move is logged as its own.
          await logAction(tx, { entity: 'inspection_reserve', entityId: id, action: 'expire', from: 'waiting', to: 'expired', actor: SYSTEM });
          await t.updateTable('inspection_reserves').set({ state: 'expired', closed_at: now().toISOString(), version: sql<number>`version + 1` }).where('id', '=', id).execute();
          publish = await options.dispatch.freeReservedCell(tx, null, { cellPk: reserve.cell_pk, details: `پایان مهلت پرداخت رزرو ${toPersianDigits(String(id))}` });
          return true;
        });
        if (done) {
          expired += 1;
          await publish?.();
        }
      }
      return expired;
    },
  };
}
