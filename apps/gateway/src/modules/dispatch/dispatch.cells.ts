import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { InspectionState } from '@panel/contracts/common';
import type { Cell, CellHistoryAction } from '@panel/contracts/dispatch';
import type { CoreTables } from '../../db/core-tables';
import { badRequest, conflict, notFound } from '../../errors';
import { minutesOf } from './dispatch.days';
import type { DispatchTables } from './dispatch.tables';
import type { Actor } from '../../workflow';

// A cell of the sheet as it is read (with its order and live hold), as it is locked for a rule to
// decide on, and the checks and history every action of the sheet shares.

export type Tables = CoreTables & DispatchTables;
/** The whole database, or one transaction of it: the rules run on either. */
export type Q = Kysely<Tables>;

export interface Change {
  date: string;
  cells: Cell[];
}

export interface MutationResult<T> {
  value: T;
  changes: Change[];
}

export const HELD = sql<boolean>`c.hold_expires_at > now()`;

export function cellRows(q: Q) {
  return q
    .selectFrom('expert_timeslots as c')
    .leftJoin('inspections as i', 'i.pk', 'c.inspection_id')
    .select([
      'c.pk',
      'c.expert_id',
      'c.shift_id',
      'c.state',
      'c.version',
      'c.updated_at',
      sql<string | null>`CASE WHEN ${HELD} THEN c.hold_username END`.as('hold_username'),
      sql<string | null>`CASE WHEN ${HELD} THEN c.hold_fullname END`.as('hold_fullname'),
      sql<string | null>`CASE WHEN ${HELD} THEN c.hold_expires_at END`.as('hold_expires_at'),
      'i.pk as i_pk',
      'i.code as i_code',
      'i.state as i_state',
      'i.visit_time as i_visit_time',
      'i.brand_model as i_brand_model',
      'i.package as i_package',
      'i.visit_place as i_visit_place',
      'i.price as i_price',
    ]);
}

type CellRow = Awaited<ReturnType<ReturnType<typeof cellRows>['executeTakeFirstOrThrow']>>;

export function toCell(row: CellRow): Cell {
  return {
    pk: row.pk,
    expert_id: row.expert_id,
    shift_id: row.shift_id,
    state: row.state,
    inspection:
      row.i_pk === null
        ? null
        : {
            pk: row.i_pk,
            code: row.i_code!,
            state: row.i_state as InspectionState,
            visit_time: row.i_visit_time,
            brand_model: row.i_brand_model!,
            selected_package_name: row.i_package!,
            visit_place: row.i_visit_place!,
            price: row.i_price!,
          },
    hold:
      row.hold_username === null
        ? null
        : { holder_username: row.hold_username, holder_fullname: row.hold_fullname ?? '', expires_at: row.hold_expires_at! },
    version: row.version,
    updated_at: row.updated_at,
  };
}

export async function loadCells(q: Q, pks: number[]): Promise<Cell[]> {
  if (pks.length === 0) return [];
  const rows = await cellRows(q).where('c.pk', '=', sql<number>`ANY(${pks}::bigint[])`).orderBy('c.pk').execute();
  return rows.map(toCell);
}

type CellFilter = (query: SelectQueryBuilder<Tables & { c: Tables['expert_timeslots']; s: Tables['dispatch_shifts'] }, 'c' | 's', object>) => typeof query;

/** Locks one cell (FOR UPDATE of the cell only) with what the rules look at. */
async function lockCell(trx: Q, which: CellFilter) {
  const query = trx
    .selectFrom('expert_timeslots as c')
    .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id');
  const cell = await which(query)
    .select([
      'c.pk',
      'c.expert_id',
      'c.shift_id',
      'c.state',
      'c.inspection_id',
      'c.hold_username',
      'c.hold_fullname',
      sql<boolean>`(c.hold_expires_at IS NOT NULL AND ${HELD})`.as('held'),
      'c.version',
      's.date',
      's.slot',
      's.start_time',
      's.end_time',
    ])
    .forUpdate('c')
    .executeTakeFirst();
  if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
  return cell;
}

type LockedCell = Awaited<ReturnType<typeof lockCell>>;

export async function lockInspection(trx: Q, pk: number) {
  const row = await trx
    .selectFrom('inspections')
    .select(['pk', 'code', 'state', sql<boolean>`coalesce(held_until > now(), false)`.as('held')])
    .where('pk', '=', pk)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('سفارش موردنظر یافت نشد');
  return row;
}

export type LockedInspection = Awaited<ReturnType<typeof lockInspection>>;

export function checkVersion(cell: LockedCell, version: number | undefined): void {
  if (version !== undefined && version !== cell.version) {
    throw conflict('این خانه در این فاصله توسط کاربر دیگری تغییر کرده است؛ وضعیت تازه آن نمایش داده شد، دوباره تلاش کنید.');
  }
}

export const heldBy = (cell: LockedCell) => `این خانه هم‌اکنون توسط «${cell.hold_fullname || cell.hold_username}» رزرو شده است.`;

export function checkHoldIsNotOthers(cell: LockedCell, actor: Actor): void {
  if (cell.held && cell.hold_username !== actor.username) throw conflict(heldBy(cell));
}

export async function inspectionCode(trx: Q, pk: number | null): Promise<string | null> {
  if (pk === null) return null;
  const row = await trx.selectFrom('inspections').select('code').where('pk', '=', pk).executeTakeFirst();
  return row?.code ?? null;
}

export async function expertName(trx: Q, pk: number): Promise<string> {
  const row = await trx.selectFrom('experts').select('report_name').where('pk', '=', pk).executeTakeFirst();
  return row?.report_name ?? String(pk);
}

export async function history(
  trx: Q,
  timeslotId: number,
  action: CellHistoryAction,
  actor: Actor | null,
  inspection: string | null,
  details = '',
  penalty = false,
): Promise<void> {
  await trx
    .insertInto('dispatch_history')
    .values({
      timeslot_id: timeslotId,
      action,
      actor_username: actor?.username ?? '',
      actor_fullname: actor?.fullname ?? '',
      inspection_code: inspection,
      details,
      penalty,
      at: sql<string>`clock_timestamp()`,
    })
    .execute();
  // What the sheet did to an order is part of the order's own history too (its detail's timeline).
  if (inspection !== null) {
    await sql`INSERT INTO action_log (entity, entity_id, action, actor_username, actor_fullname, reason)
              SELECT 'inspection', pk, ${action}, ${actor?.username ?? 'system'}, ${actor?.fullname ?? ''}, ${details}
                FROM inspections WHERE code = ${inspection}`.execute(trx);
  }
}

/** Bumps the version of a cell along with the caller's change of its fields. */
export const TOUCH = { version: sql<number>`version + 1`, updated_at: sql<string>`clock_timestamp()` };
export const NO_HOLD = { hold_username: null, hold_fullname: null, hold_expires_at: null };

export function checkVisitTime(cell: LockedCell, visitTime: string): void {
  const at = minutesOf(visitTime);
  if (at < minutesOf(cell.start_time) || at >= minutesOf(cell.end_time)) {
    const range = `${cell.start_time.slice(0, 5)} تا ${cell.end_time.slice(0, 5)}`;
    throw badRequest({ visit_time: [`زمان بازدید باید در بازه شیفت (${range}) باشد.`] });
  }
}

export const lockShiftExpert = (trx: Q, shiftId: number, expertId: number) =>
  lockCell(trx, (query) => query.where('c.shift_id', '=', shiftId).where('c.expert_id', '=', expertId));

export const lockCellByPk = (trx: Q, pk: number) => lockCell(trx, (query) => query.where('c.pk', '=', pk));

/** The changed cells, grouped by their date, for the caller to publish after commit. */
export async function changed(trx: Q, pks: number[]): Promise<Change[]> {
  if (pks.length === 0) return [];
  const cells = await loadCells(trx, pks);
  const dates = await trx
    .selectFrom('expert_timeslots as c')
    .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
    .select(['c.pk', 's.date'])
    .where('c.pk', '=', sql<number>`ANY(${pks}::bigint[])`)
    .execute();
  const dateOf = new Map(dates.map((row) => [row.pk, row.date]));
  const byDate = new Map<string, Cell[]>();
  for (const cell of cells) {
    const date = dateOf.get(cell.pk) ?? '';
    const list = byDate.get(date);
    if (list) list.push(cell);
    else byDate.set(date, [cell]);
  }
  return [...byDate].map(([date, list]) => ({ date, cells: list }));
}

/** The changed cell of a one-cell mutation, and its change to publish. */
export async function changedCell(trx: Q, pk: number): Promise<MutationResult<Cell>> {
  const changes = await changed(trx, [pk]);
  return { value: changes[0]!.cells[0]!, changes };
}
