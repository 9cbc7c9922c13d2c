import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { InspectionState } from '@panel/contracts/common';
import type { Cell, CellDetail, CellHistoryAction, DateOption, DaySchedule, Expert, Note, OrderCandidate, ShiftStatistics } from '@panel/contracts/dispatch';
import { DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE, isWithinDispatchWindow } from '@panel/contracts/dispatch';
import type { Area } from '@panel/contracts/dispatch';
import type { CoreTables } from '../../db/core-tables';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { SHIFT_TIMES, dateWindow, minutesOf, slotLabel, typeOfDate } from './dispatch.days';
import type { DispatchTables } from './dispatch.tables';
import { PENALTY_STATES, VISIT_TIME_STATES, WITHOUT_EXPERT_STATES, assertTransition, stateLabel } from './inspection-states';
import type { Actor } from '../../workflow';

// The dispatch rules (spec §4, §5; DESIGN §6). Every mutation is one transaction that locks
// the rows it decides on (FOR UPDATE), so two dispatchers acting at once on one cell or one
// order get one success and one 409 naming what happened. Mutations return the changed cells
// with their date; the caller publishes them after commit.

type Tables = CoreTables & DispatchTables;
/** The whole database, or one transaction of it: the rules below run on either. */
type Q = Kysely<Tables>;


export interface Change {
  date: string;
  cells: Cell[];
}

export interface MutationResult<T> {
  value: T;
  changes: Change[];
}

// The inspections table holds both state vocabularies (core migration 0001); dispatch reads
// only orders in its own.
type DispatchState = { state: InspectionState };

const HELD = sql<boolean>`c.hold_expires_at > now()`;

function cellRows(q: Q) {
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

function toCell(row: CellRow): Cell {
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

async function loadCells(q: Q, pks: number[]): Promise<Cell[]> {
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

async function lockInspection(trx: Q, pk: number) {
  const row = await trx
    .selectFrom('inspections')
    .select(['pk', 'code', 'state', sql<boolean>`coalesce(held_until > now(), false)`.as('held')])
    .where('pk', '=', pk)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('سفارش موردنظر یافت نشد');
  return row;
}

type LockedInspection = Awaited<ReturnType<typeof lockInspection>>;

function checkVersion(cell: LockedCell, version: number | undefined): void {
  if (version !== undefined && version !== cell.version) {
    throw conflict('این خانه در این فاصله توسط کاربر دیگری تغییر کرده است؛ وضعیت تازه آن نمایش داده شد، دوباره تلاش کنید.');
  }
}

const heldBy = (cell: LockedCell) => `این خانه هم‌اکنون توسط «${cell.hold_fullname || cell.hold_username}» رزرو شده است.`;

function checkHoldIsNotOthers(cell: LockedCell, actor: Actor): void {
  if (cell.held && cell.hold_username !== actor.username) throw conflict(heldBy(cell));
}

async function inspectionCode(trx: Q, pk: number | null): Promise<string | null> {
  if (pk === null) return null;
  const row = await trx.selectFrom('inspections').select('code').where('pk', '=', pk).executeTakeFirst();
  return row?.code ?? null;
}

async function expertName(trx: Q, pk: number): Promise<string> {
  const row = await trx.selectFrom('experts').select('report_name').where('pk', '=', pk).executeTakeFirst();
  return row?.report_name ?? String(pk);
}

async function history(
  trx: Q,
  timeslotId: number,
  action: CellHistoryAction,
  actor: Actor | null,
  inspection: string | null,
  details = '',
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
const TOUCH = { version: sql<number>`version + 1`, updated_at: sql<string>`clock_timestamp()` };
const NO_HOLD = { hold_username: null, hold_fullname: null, hold_expires_at: null };

function checkVisitTime(cell: LockedCell, visitTime: string): void {
  const at = minutesOf(visitTime);
  if (at < minutesOf(cell.start_time) || at >= minutesOf(cell.end_time)) {
    const range = `${cell.start_time.slice(0, 5)} تا ${cell.end_time.slice(0, 5)}`;
    throw badRequest({ visit_time: [`زمان بازدید باید در بازه شیفت (${range}) باشد.`] });
  }
}

const EXPERT_COLUMNS = [
  'e.pk',
  'e.report_name',
  'e.level',
  'e.is_car_expert',
  'e.is_motor_cycle_expert',
  'e.is_concierge_sale_expert',
  'e.is_car_mechanic',
  'e.is_motor_cycle_mechanic',
  'e.is_leasing_expert',
  'e.areas',
  'e.city_id as city',
] as const;

export function createDispatchService(db: Db, options: { holdTtlSeconds: number }) {
  const q: Q = kyselyOf<Tables>(db);

  /** Creates the shifts and cells of the given days once; later calls find them there. */
  const ensured = new Set<string>();
  async function ensureDays(dates: string[], on: Q = q): Promise<void> {
    const missing = dates.filter((d) => !ensured.has(d));
    if (missing.length === 0) return;
    // Reading a day creates it: only days of the sheet's window may be created (decision 015).
    const outside = missing.filter((d) => !isWithinDispatchWindow(d));
    if (outside.length > 0) throw badRequest({ date: [DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE] });
    const times = SHIFT_TIMES;
    // One statement: the days' shifts and every expert's cell in them, each created once.
    await sql`
      WITH new_shifts AS (
        INSERT INTO dispatch_shifts (date, slot, start_time, end_time)
        SELECT d::date, t.slot, t.start_time, t.end_time
        FROM unnest(${missing}::text[]) AS d
        CROSS JOIN unnest(${times.map((t) => t.slot)}::int[], ${times.map((t) => t.start)}::text[], ${times.map((t) => t.end)}::text[])
          AS t(slot, start_time, end_time)
        ON CONFLICT (date, slot) DO NOTHING
        RETURNING pk
      )
      INSERT INTO expert_timeslots (expert_id, shift_id)
      SELECT e.pk, s.pk FROM experts e CROSS JOIN new_shifts s
      ON CONFLICT (expert_id, shift_id) DO NOTHING`.execute(on);
    // Inside a caller's transaction the days exist only once it commits: not remembered then.
    if (on === q) for (const d of missing) ensured.add(d);
  }

  async function ensureWindow(): Promise<ReturnType<typeof dateWindow>> {
    const window = dateWindow();
    await ensureDays(window.map((d) => d.date));
    return window;
  }

  async function changed(trx: Q, pks: number[]): Promise<Change[]> {
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
  async function changedCell(trx: Q, pk: number): Promise<MutationResult<Cell>> {
    const changes = await changed(trx, [pk]);
    return { value: changes[0]!.cells[0]!, changes };
  }

  const lockShiftExpert = (trx: Q, shiftId: number, expertId: number) =>
    lockCell(trx, (query) => query.where('c.shift_id', '=', shiftId).where('c.expert_id', '=', expertId));

  const lockCellByPk = (trx: Q, pk: number) => lockCell(trx, (query) => query.where('c.pk', '=', pk));

  async function candidates(shiftId: number, expertId: number | null): Promise<OrderCandidate[]> {
    const shift = await q.selectFrom('dispatch_shifts').select(['date', 'slot']).where('pk', '=', shiftId).executeTakeFirst();
    if (!shift) throw notFound('شیفت موردنظر یافت نشد');
    let city: number | null = null;
    if (expertId !== null) {
      const expert = await q.selectFrom('experts').select('city_id').where('pk', '=', expertId).executeTakeFirst();
      if (!expert) throw notFound('کارشناس موردنظر یافت نشد');
      city = expert.city_id;
    }
    let query = q
      .selectFrom('inspections as i')
      .select([
        'i.pk',
        'i.code',
        'i.state',
        'i.price',
        'i.brand_model',
        'i.package as selected_package_name',
        'i.visit_place',
        'i.visit_time',
        'i.customer_name',
        'i.city_id as city',
      ])
      .$narrowType<DispatchState>()
      .where('i.visit_date', '=', shift.date)
      .where('i.time_slot', '=', slotLabel(shift.slot))
      .where('i.state', '=', sql<string>`ANY(${[...WITHOUT_EXPERT_STATES]}::text[])`)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('expert_timeslots as c').select(sql.lit(1).as('one')).whereRef('c.inspection_id', '=', 'i.pk'))));
    if (city !== null) query = query.where('i.city_id', '=', city);
    return query.orderBy('i.code').execute();
  }

  async function loadDateCells(date: string): Promise<Cell[]> {
    await ensureDays([date]);
    const rows = await cellRows(q)
      .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
      .where('s.date', '=', date)
      .orderBy('c.expert_id')
      .orderBy('s.slot')
      .execute();
    return rows.map(toCell);
  }

  async function assignIn(
    trx: Q,
    actor: Actor,
    input: { inspectionId: number; timeslotId: number; visitTime: string; version?: number; replacesInspectionId?: number; fromOffer?: boolean },
  ): Promise<MutationResult<Cell>> {
    // Inspections first (in pk order), then the cell: every mutation that takes both kinds
    // of lock takes them in this order.
    const replacedPk = input.replacesInspectionId === input.inspectionId ? undefined : input.replacesInspectionId;
    const locked = new Map<number, LockedInspection>();
    for (const pk of [input.inspectionId, replacedPk ?? input.inspectionId].sort((x, y) => x - y)) {
      if (!locked.has(pk)) locked.set(pk, await lockInspection(trx, pk));
    }
    const inspection = locked.get(input.inspectionId)!;
    const replaced = replacedPk === undefined ? undefined : locked.get(replacedPk);
    const cell = await lockCellByPk(trx, input.timeslotId);
    const current = await trx.selectFrom('expert_timeslots').select('expert_id').where('inspection_id', '=', inspection.pk).executeTakeFirst();
    if (current) {
      throw conflict(`سفارش ${inspection.code} هم‌اکنون به کارشناس «${await expertName(trx, current.expert_id)}» تخصیص داده شده است.`);
    }
    checkVersion(cell, input.version);
    if (cell.inspection_id !== null && cell.inspection_id !== replaced?.pk) {
      throw conflict(`این خانه هم‌اکنون سفارش ${await inspectionCode(trx, cell.inspection_id)} را دارد.`);
    }
    if (replaced && cell.inspection_id === null) {
      throw conflict(`سفارش ${replaced.code} دیگر در این خانه نیست؛ وضعیت تازه خانه نمایش داده شد.`);
    }
    if (replaced) {
      // Spec §5: the picker is locked while the order is in final assignment.
      if (replaced.state === 'O') throw conflict(`سفارش ${replaced.code} در وضعیت «${stateLabel('O')}» است و جایگزین نمی‌شود.`);
      assertTransition(replaced.code, replaced.state, 'T');
    }
    checkHoldIsNotOthers(cell, actor);
    if (cell.state !== 0 && cell.state !== 2) throw conflict('کارشناس در این شیفت آزاد نیست.');
    // An order on hold (decision 032) waits: it is not assigned until its hold ends.
    if (inspection.held) throw conflict(`سفارش ${inspection.code} متوقف است و تا پایان توقف تخصیص داده نمی‌شود.`);
    // An order on offer is assigned only by an expert's acceptance (decision 033): P -> O is the
    // offer's move, outside the sheet's table (which refuses it from the sheet).
    if (input.fromOffer) {
      if (inspection.state !== 'P') throw conflict(`سفارش ${inspection.code} دیگر در پیشنهاد نیست.`);
    } else assertTransition(inspection.code, inspection.state, 'O');
    checkVisitTime(cell, input.visitTime);
    if (replaced) {
      await trx
        .updateTable('inspections')
        .set({ state: 'T', expert_id: null, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
        .where('pk', '=', replaced.pk)
        .execute();
      await history(trx, cell.pk, 'cancel_assignment', actor, replaced.code, `جایگزینی با سفارش ${inspection.code}`);
    }
    await trx
      .updateTable('inspections')
      .set({
        state: 'O',
        expert_id: cell.expert_id,
        visit_date: cell.date,
        time_slot: slotLabel(cell.slot),
        visit_time: input.visitTime,
        version: sql<number>`version + 1`,
        updated_at: sql<string>`now()`,
      })
      .where('pk', '=', inspection.pk)
      .execute();
    await trx
      .updateTable('expert_timeslots')
      .set({ inspection_id: inspection.pk, state: 2, ...NO_HOLD, ...TOUCH })
      .where('pk', '=', cell.pk)
      .execute();
    await history(trx, cell.pk, 'assign', actor, inspection.code, input.visitTime);
    return changedCell(trx, cell.pk);
  }

  return {
    ensureDays,
    holdTtlSeconds: options.holdTtlSeconds,

    async experts(query: { sortFromTimeslot?: number; isExpert?: boolean; isMechanic?: boolean }): Promise<Expert[]> {
      let experts = q
        .selectFrom('experts as e')
        .leftJoin('expert_timeslots as c', (join) =>
          join.onRef('c.expert_id', '=', 'e.pk').on('c.shift_id', '=', query.sortFromTimeslot ?? null),
        )
        .select(EXPERT_COLUMNS);
      if (query.isExpert !== undefined) {
        experts = experts.where(sql<boolean>`(e.is_car_expert OR e.is_motor_cycle_expert OR e.is_concierge_sale_expert OR e.is_leasing_expert) = ${query.isExpert}`);
      }
      if (query.isMechanic !== undefined) {
        experts = experts.where(sql<boolean>`(e.is_car_mechanic OR e.is_motor_cycle_mechanic) = ${query.isMechanic}`);
      }
      // Free in the given shift first: available, without an order, not held.
      const free = sql`COALESCE(c.state = 0 AND c.inspection_id IS NULL AND NOT (c.hold_expires_at IS NOT NULL AND c.hold_expires_at > now()), false)`;
      return experts.orderBy(free, 'desc').orderBy('e.pk').execute();
    },

    async areas(): Promise<Area[]> {
      return q
        .selectFrom('dispatch_areas as a')
        .innerJoin('cities as c', 'c.id', 'a.city_id')
        .select(['a.id', 'a.name', 'a.city_id as city', 'c.name as city_display'])
        .orderBy('a.id')
        .execute();
    },

    async dates(): Promise<DateOption[]> {
      return ensureWindow();
    },

    async schedule(date?: string): Promise<DaySchedule[]> {
      const window = await ensureWindow();
      const days = date ? [{ date, type: typeOfDate(date) }] : window;
      if (date) await ensureDays([date]);
      const out: DaySchedule[] = [];
      for (const day of days) {
        const shifts = await q
          .selectFrom('dispatch_shifts')
          .select(['pk', 'start_time as start', 'end_time as end'])
          .where('date', '=', day.date)
          .orderBy('slot')
          .execute();
        out.push({ date: day.date, type: day.type, shifts });
      }
      return out;
    },

    cells: (date: string): Promise<Cell[]> => loadDateCells(date),

    async updateAvailability(actor: Actor, input: { expertId: number; shiftId: number; state: number; version?: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const cell = await lockShiftExpert(trx, input.shiftId, input.expertId);
        checkVersion(cell, input.version);
        checkHoldIsNotOthers(cell, actor);
        if (cell.inspection_id !== null && input.state !== 2) {
          const code = await inspectionCode(trx, cell.inspection_id);
          throw conflict(`کارشناس در این شیفت سفارش ${code} را دارد؛ ابتدا تخصیص را لغو کنید.`);
        }
        // Turning a slot off also ends the dispatcher's own reserve on it.
        await trx
          .updateTable('expert_timeslots')
          .set({ state: input.state as Cell['state'], ...(input.state === 1 ? NO_HOLD : {}), ...TOUCH })
          .where('pk', '=', cell.pk)
          .execute();
        await history(trx, cell.pk, 'availability', actor, null, String(input.state));
        return changedCell(trx, cell.pk);
      });
    },

    async tempReserve(actor: Actor, input: { expertId: number; shiftId: number; version?: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const cell = await lockShiftExpert(trx, input.shiftId, input.expertId);
        checkVersion(cell, input.version);
        checkHoldIsNotOthers(cell, actor);
        if (cell.inspection_id !== null) {
          throw conflict(`این خانه هم‌اکنون سفارش ${await inspectionCode(trx, cell.inspection_id)} را دارد و قابل رزرو نیست.`);
        }
        if (cell.state !== 0 && cell.state !== 2) throw conflict('کارشناس در این شیفت آزاد نیست و نمی‌توان آن را رزرو کرد.');
        await trx
          .updateTable('expert_timeslots')
          .set({
            hold_username: actor.username,
            hold_fullname: actor.fullname,
            hold_expires_at: sql<string>`clock_timestamp() + make_interval(secs => ${options.holdTtlSeconds})`,
            ...TOUCH,
          })
          .where('pk', '=', cell.pk)
          .execute();
        await history(trx, cell.pk, 'reserve', actor, null);
        return changedCell(trx, cell.pk);
      });
    },

    async cancelReserve(actor: Actor, input: { expertId: number; shiftId: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const cell = await lockShiftExpert(trx, input.shiftId, input.expertId);
        if (!cell.held) throw conflict('این خانه رزرو نشده است یا مهلت رزرو آن تمام شده است.');
        if (cell.hold_username !== actor.username) {
          throw conflict(`این خانه توسط «${cell.hold_fullname || cell.hold_username}» رزرو شده و فقط همان کاربر می‌تواند آن را آزاد کند.`);
        }
        await trx.updateTable('expert_timeslots').set({ ...NO_HOLD, ...TOUCH }).where('pk', '=', cell.pk).execute();
        await history(trx, cell.pk, 'cancel_reserve', actor, null);
        return changedCell(trx, cell.pk);
      });
    },

    assignOrder: (
      actor: Actor,
      input: { inspectionId: number; timeslotId: number; visitTime: string; version?: number; replacesInspectionId?: number },
    ): Promise<MutationResult<Cell>> => db.transaction((tx) => assignIn(kyselyOf<Tables>(tx), actor, input)),

    /**
     * An expert's acceptance of an offer (decision 033): the order goes onto the expert's cell of
     * the order's own shift by the same rules as the sheet's assignment, in the caller's
     * transaction (the caller locked the order and the offer).
     */
    async assignFromOffer(trx: Q, actor: Actor, input: { inspectionId: number; expertId: number }): Promise<MutationResult<Cell>> {
      const order = await trx.selectFrom('inspections').select(['code', 'visit_date', 'time_slot', 'visit_time']).where('pk', '=', input.inspectionId).executeTakeFirst();
      if (!order) throw notFound('سفارش موردنظر یافت نشد');
      const slot = SHIFT_TIMES.find((t) => slotLabel(t.slot) === order.time_slot);
      if (!order.visit_date || !slot) throw conflict(`سفارش ${order.code} زمان بازدید مشخصی ندارد و از پیشنهاد تخصیص داده نمی‌شود.`);
      await ensureDays([order.visit_date], trx);
      const cell = await trx
        .selectFrom('expert_timeslots as c')
        .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
        .select('c.pk')
        .where('s.date', '=', order.visit_date)
        .where('s.slot', '=', slot.slot)
        .where('c.expert_id', '=', input.expertId)
        .executeTakeFirst();
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      const wanted = order.visit_time ? minutesOf(order.visit_time) : -1;
      const visitTime = wanted >= minutesOf(slot.start) && wanted < minutesOf(slot.end) ? order.visit_time!.slice(0, 5) : slot.start.slice(0, 5);
      return assignIn(trx, actor, { inspectionId: input.inspectionId, timeslotId: cell.pk, visitTime, fromOffer: true });
    },

    /**
     * A customer's reserve takes a free cell as "instant reserved" (availability 4), in the caller's
     * transaction. Decided under the cell's lock, as the sheet's actions are: a cell held on the
     * sheet is not free, whoever holds it (the staff member renewing a reserve too), since the hold
     * keeps it for an order and a cell carries one booking.
     */
    async reserveCell(trx: Q, actor: Actor, input: { cellPk: number; customer: string }): Promise<MutationResult<Cell>> {
      const cell = await lockCellByPk(trx, input.cellPk);
      if (cell.held) throw conflict(heldBy(cell));
      if (cell.inspection_id !== null || cell.state !== 0) throw conflict('این خانه دیگر آزاد نیست و رزرو نمی‌شود.');
      await trx.updateTable('expert_timeslots').set({ state: 4, ...TOUCH }).where('pk', '=', cell.pk).execute();
      await history(trx, cell.pk, 'customer_reserve', actor, null, input.customer);
      return changedCell(trx, cell.pk);
    },

    /** A reserve ended (released, expired): its cell is free again unless something else took it meanwhile. */
    async freeReservedCell(trx: Q, actor: Actor | null, input: { cellPk: number; details: string }): Promise<MutationResult<Cell | null>> {
      const cell = await lockCellByPk(trx, input.cellPk);
      if (cell.state !== 4 || cell.inspection_id !== null) return { value: null, changes: [] };
      await trx.updateTable('expert_timeslots').set({ state: 0, ...TOUCH }).where('pk', '=', cell.pk).execute();
      await history(trx, cell.pk, 'customer_reserve_end', actor, null, input.details);
      return changedCell(trx, cell.pk);
    },

    async updateVisitTime(actor: Actor, input: { inspectionId: number; visitTime: string }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const inspection = await lockInspection(trx, input.inspectionId);
        const onCell = await trx.selectFrom('expert_timeslots').select('pk').where('inspection_id', '=', inspection.pk).executeTakeFirst();
        if (!onCell) throw conflict(`سفارش ${inspection.code} به کارشناسی تخصیص داده نشده است.`);
        const cell = await lockCellByPk(trx, onCell.pk);
        if (!(VISIT_TIME_STATES as readonly string[]).includes(inspection.state)) {
          throw conflict(`زمان بازدید سفارش ${inspection.code} در وضعیت «${stateLabel(inspection.state)}» قابل تغییر نیست.`);
        }
        checkVisitTime(cell, input.visitTime);
        await trx
          .updateTable('inspections')
          .set({ visit_time: input.visitTime, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
          .where('pk', '=', inspection.pk)
          .execute();
        await trx.updateTable('expert_timeslots').set(TOUCH).where('pk', '=', cell.pk).execute();
        await history(trx, cell.pk, 'visit_time', actor, inspection.code, input.visitTime);
        return changedCell(trx, cell.pk);
      });
    },

    async penaltyCheck(inspectionId: number): Promise<{ penalty: boolean }> {
      const row = await q.selectFrom('inspections').select('state').where('pk', '=', inspectionId).executeTakeFirst();
      if (!row) throw notFound('سفارش موردنظر یافت نشد');
      return { penalty: (PENALTY_STATES as readonly string[]).includes(row.state) };
    },

    async cancelAssignment(
      actor: Actor,
      input: { inspectionId: number; expertId: number; cancelByExpert: boolean; penalty: boolean; description?: string },
    ): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const inspection = await lockInspection(trx, input.inspectionId);
        const onCell = await trx
          .selectFrom('expert_timeslots')
          .select(['pk', 'expert_id'])
          .where('inspection_id', '=', inspection.pk)
          .executeTakeFirst();
        if (!onCell || onCell.expert_id !== input.expertId) {
          throw conflict(`سفارش ${inspection.code} به این کارشناس تخصیص داده نشده است؛ احتمالا پیش‌تر لغو یا جابه‌جا شده است.`);
        }
        const cell = await lockCellByPk(trx, onCell.pk);
        assertTransition(inspection.code, inspection.state, 'T');
        if (input.penalty && !(PENALTY_STATES as readonly string[]).includes(inspection.state)) {
          throw badRequest({ penalty: ['برای این سفارش جریمه‌ای قابل اعمال نیست.'] });
        }
        await trx
          .updateTable('inspections')
          .set({ state: 'T', expert_id: null, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
          .where('pk', '=', inspection.pk)
          .execute();
        await trx.updateTable('expert_timeslots').set({ inspection_id: null, state: 0, ...TOUCH }).where('pk', '=', cell.pk).execute();
        const details = [
          input.cancelByExpert ? 'لغو توسط کارشناس' : 'لغو توسط پشتیبانی یا مشتری',
          input.penalty ? 'با جریمه' : 'بدون جریمه',
          input.description?.trim() ?? '',
        ]
          .filter(Boolean)
          .join('، ');
        await history(trx, cell.pk, 'cancel_assignment', actor, inspection.code, details);
        return changedCell(trx, cell.pk);
      });
    },

    orders: (shiftId: number, expertId: number) => candidates(shiftId, expertId),
    unassigned: async (shiftId: number, expertId: number) => {
      const expert = await q.selectFrom('experts').select('pk').where('pk', '=', expertId).executeTakeFirst();
      if (!expert) throw notFound('کارشناس موردنظر یافت نشد');
      return candidates(shiftId, null);
    },

    async notes(shiftId: number, expertId: number): Promise<Note[]> {
      return q
        .selectFrom('dispatch_notes')
        .select(NOTE_COLUMNS)
        .where('shift_id', '=', shiftId)
        .where('expert_id', '=', expertId)
        .orderBy('created_at', 'desc')
        .orderBy('pk', 'desc')
        .execute();
    },

    async createNote(input: {
      agent_username: string;
      agent_fullname: string;
      content: string;
      is_active: boolean;
      shift: number;
      expert: number;
    }): Promise<Note> {
      const cell = await q
        .selectFrom('expert_timeslots')
        .select('pk')
        .where('shift_id', '=', input.shift)
        .where('expert_id', '=', input.expert)
        .executeTakeFirst();
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      return q
        .insertInto('dispatch_notes')
        .values({
          agent_username: input.agent_username,
          agent_fullname: input.agent_fullname,
          content: input.content,
          is_active: input.is_active,
          shift_id: input.shift,
          expert_id: input.expert,
        })
        .returning(NOTE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async cellDetail(timeslotId: number): Promise<CellDetail> {
      const [cell] = await loadCells(q, [timeslotId]);
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      const expert = await q.selectFrom('experts as e').select(EXPERT_COLUMNS).where('e.pk', '=', cell.expert_id).executeTakeFirstOrThrow();
      const shift = await q
        .selectFrom('dispatch_shifts')
        .select(['pk', 'start_time as start', 'end_time as end', 'date'])
        .where('pk', '=', cell.shift_id)
        .executeTakeFirstOrThrow();
      const rows = await q
        .selectFrom('dispatch_history')
        .select(['pk', 'action', 'actor_username', 'actor_fullname', 'inspection_code', 'details', 'at'])
        .where('timeslot_id', '=', timeslotId)
        .orderBy('at', 'desc')
        .orderBy('pk', 'desc')
        .limit(200)
        .execute();
      return {
        cell,
        expert,
        shift,
        notes: await this.notes(cell.shift_id, cell.expert_id),
        history: rows,
      };
    },

    async shiftStatistics(date: string): Promise<ShiftStatistics[]> {
      await ensureDays([date]);
      const slots = SHIFT_TIMES.map((t) => slotLabel(t.slot));
      return q
        .selectFrom('dispatch_shifts as s')
        .leftJoin('expert_timeslots as c', 'c.shift_id', 's.pk')
        .select((eb) => [
          's.pk as shift_id',
          's.start_time as start',
          's.end_time as end',
          eb.fn.count<number>('c.pk').as('experts'),
          eb.fn.countAll<number>().filterWhere('c.state', '=', 0).as('available'),
          eb.fn.countAll<number>().filterWhere('c.state', '=', 1).as('unavailable'),
          eb.fn.countAll<number>().filterWhere('c.state', '=', 2).as('busy'),
          eb.fn.countAll<number>().filterWhere('c.state', 'in', [3, 4]).as('reserved'),
          eb.fn.countAll<number>().filterWhere(HELD).as('held'),
          eb.fn.count<number>('c.inspection_id').as('assigned'),
          sql<number>`(SELECT count(*) FROM inspections i WHERE i.visit_date = s.date AND i.time_slot = (${slots}::text[])[s.slot + 1]
            AND i.state IN ('T', 'M') AND NOT EXISTS (SELECT 1 FROM expert_timeslots x WHERE x.inspection_id = i.pk))`.as('unassigned_orders'),
        ])
        .where('s.date', '=', date)
        .groupBy('s.pk')
        .orderBy('s.slot')
        .execute();
    },

    async duplicateTimeslot(actor: Actor, input: { fromDate: string; toDate: string }): Promise<MutationResult<{ updated: number }>> {
      await ensureDays([input.fromDate, input.toDate]);
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        // Availability only, onto cells that have no order and no live hold.
        const { rows } = await sql<{ pk: number }>`
          UPDATE expert_timeslots t SET state = src.state, version = t.version + 1, updated_at = clock_timestamp()
          FROM expert_timeslots src
          JOIN dispatch_shifts ss ON ss.pk = src.shift_id AND ss.date = ${input.fromDate}::date
          JOIN dispatch_shifts ts ON ts.date = ${input.toDate}::date AND ts.slot = ss.slot
          WHERE t.shift_id = ts.pk AND t.expert_id = src.expert_id AND src.state IN (0, 1) AND t.state <> src.state
            AND t.inspection_id IS NULL AND NOT (t.hold_expires_at IS NOT NULL AND t.hold_expires_at > now())
          RETURNING t.pk`.execute(trx);
        for (const row of rows) await history(trx, row.pk, 'duplicate', actor, null, input.fromDate);
        const changes = await changed(trx, rows.map((row) => row.pk));
        return { value: { updated: rows.length }, changes };
      });
    },

    /** Releases every hold past its expiry; several gateway instances may run this at once. */
    async releaseExpiredHolds(): Promise<Change[]> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const rows = await trx
          .updateTable('expert_timeslots')
          .set({ ...NO_HOLD, ...TOUCH })
          .where('pk', 'in', (eb) =>
            eb.selectFrom('expert_timeslots').select('pk').where('hold_expires_at', '<=', sql<string>`now()`).forUpdate().skipLocked(),
          )
          .returning('pk')
          .execute();
        for (const row of rows) await history(trx, row.pk, 'hold_expired', null, null);
        return changed(trx, rows.map((row) => row.pk));
      });
    },

    /** The whole date as cells, for the live stream's first message. */
    snapshot: (date: string) => loadDateCells(date),
  };
}

const NOTE_COLUMNS = [
  'pk',
  'agent_username',
  'agent_fullname',
  'content',
  'is_active',
  'shift_id as shift',
  'expert_id as expert',
  'created_at',
] as const;

export type DispatchService = ReturnType<typeof createDispatchService>;
