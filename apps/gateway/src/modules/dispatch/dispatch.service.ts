import type { Cell, CellDetail, CellHistoryAction, DateOption, DaySchedule, Expert, Note, OrderCandidate, ShiftStatistics } from '@panel/contracts/dispatch';
import { DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE, isWithinDispatchWindow } from '@panel/contracts/dispatch';
import type { Area } from '@panel/contracts/dispatch';
import type { Db, Queryable } from '../../db/db';
import { badRequest, conflict, notFound } from '../../errors';
import { SHIFT_TIMES, dateWindow, minutesOf, slotLabel, typeOfDate } from './dispatch.days';
import { PENALTY_STATES, VISIT_TIME_STATES, WITHOUT_EXPERT_STATES, assertTransition, stateLabel } from './inspection-states';

// The dispatch rules (spec §4, §5; DESIGN §6). Every mutation is one transaction that locks
// the rows it decides on (FOR UPDATE), so two dispatchers acting at once on one cell or one
// order get one success and one 409 naming what happened. Mutations return the changed cells
// with their date; the caller publishes them after commit.

export interface Actor {
  username: string;
  fullname: string;
}

export interface Change {
  date: string;
  cells: Cell[];
}

export interface MutationResult<T> {
  value: T;
  changes: Change[];
}

const CELL_COLUMNS = `
  c.pk, c.expert_id, c.shift_id, c.state,
  c.version, c.updated_at,
  CASE WHEN c.hold_expires_at > now() THEN c.hold_username END AS hold_username,
  CASE WHEN c.hold_expires_at > now() THEN c.hold_fullname END AS hold_fullname,
  CASE WHEN c.hold_expires_at > now() THEN c.hold_expires_at END AS hold_expires_at,
  i.pk AS i_pk, i.code AS i_code, i.state AS i_state, i.visit_time AS i_visit_time,
  i.brand_model AS i_brand_model, i.package AS i_package, i.visit_place AS i_visit_place, i.price AS i_price`;

const CELL_FROM = `expert_timeslots c LEFT JOIN inspections i ON i.pk = c.inspection_id`;

interface CellRow {
  pk: number;
  expert_id: number;
  shift_id: number;
  state: number;
  version: number;
  updated_at: string;
  hold_username: string | null;
  hold_fullname: string | null;
  hold_expires_at: string | null;
  i_pk: number | null;
  i_code: string;
  i_state: string;
  i_visit_time: string | null;
  i_brand_model: string;
  i_package: string;
  i_visit_place: string;
  i_price: number;
}

function toCell(row: CellRow): Cell {
  return {
    pk: row.pk,
    expert_id: row.expert_id,
    shift_id: row.shift_id,
    state: row.state as Cell['state'],
    inspection:
      row.i_pk === null
        ? null
        : {
            pk: row.i_pk,
            code: row.i_code,
            state: row.i_state as NonNullable<Cell['inspection']>['state'],
            visit_time: row.i_visit_time,
            brand_model: row.i_brand_model,
            selected_package_name: row.i_package,
            visit_place: row.i_visit_place,
            price: row.i_price,
          },
    hold:
      row.hold_username === null
        ? null
        : { holder_username: row.hold_username, holder_fullname: row.hold_fullname ?? '', expires_at: row.hold_expires_at! },
    version: row.version,
    updated_at: row.updated_at,
  };
}

export async function loadCells(q: Queryable, pks: number[]): Promise<Cell[]> {
  if (pks.length === 0) return [];
  const rows = await q.query<CellRow>(`SELECT ${CELL_COLUMNS} FROM ${CELL_FROM} WHERE c.pk = ANY($1::bigint[]) ORDER BY c.pk`, [pks]);
  return rows.map(toCell);
}

/** A locked cell with what the rules look at. */
interface LockedCell {
  pk: number;
  expert_id: number;
  shift_id: number;
  state: number;
  inspection_id: number | null;
  hold_username: string | null;
  hold_fullname: string | null;
  held: boolean;
  version: number;
  date: string;
  slot: number;
  start_time: string;
  end_time: string;
}

const LOCK_CELL = `
  SELECT c.pk, c.expert_id, c.shift_id, c.state,
    c.inspection_id, c.hold_username, c.hold_fullname,
    (c.hold_expires_at IS NOT NULL AND c.hold_expires_at > now()) AS held, c.version,
    s.date, s.slot, s.start_time, s.end_time
  FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id`;

async function lockCellBy(tx: Queryable, where: string, params: unknown[]): Promise<LockedCell> {
  const [cell] = await tx.query<LockedCell>(`${LOCK_CELL} WHERE ${where} FOR UPDATE OF c`, params);
  if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
  return cell;
}

interface LockedInspection {
  pk: number;
  code: string;
  state: string;
}

async function lockInspection(tx: Queryable, pk: number): Promise<LockedInspection> {
  const [row] = await tx.query<LockedInspection>('SELECT pk, code, state FROM inspections WHERE pk = $1 FOR UPDATE', [pk]);
  if (!row) throw notFound('سفارش موردنظر یافت نشد');
  return row;
}

function checkVersion(cell: LockedCell, version: number | undefined): void {
  if (version !== undefined && version !== cell.version) {
    throw conflict('این خانه در این فاصله توسط کاربر دیگری تغییر کرده است؛ وضعیت تازه آن نمایش داده شد، دوباره تلاش کنید.');
  }
}

function checkHoldIsNotOthers(cell: LockedCell, actor: Actor): void {
  if (cell.held && cell.hold_username !== actor.username) {
    throw conflict(`این خانه هم‌اکنون توسط «${cell.hold_fullname || cell.hold_username}» رزرو شده است.`);
  }
}

async function inspectionCode(tx: Queryable, pk: number | null): Promise<string | null> {
  if (pk === null) return null;
  const [row] = await tx.query<{ code: string }>('SELECT code FROM inspections WHERE pk = $1', [pk]);
  return row?.code ?? null;
}

async function expertName(tx: Queryable, pk: number): Promise<string> {
  const [row] = await tx.query<{ report_name: string }>('SELECT report_name FROM experts WHERE pk = $1', [pk]);
  return row?.report_name ?? String(pk);
}

async function history(
  tx: Queryable,
  timeslotId: number,
  action: CellHistoryAction,
  actor: Actor | null,
  inspection: string | null,
  details = '',
): Promise<void> {
  await tx.query(
    `INSERT INTO dispatch_history (timeslot_id, action, actor_username, actor_fullname, inspection_code, details, at)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())`,
    [timeslotId, action, actor?.username ?? '', actor?.fullname ?? '', inspection, details],
  );
}

/** Bumps the version of a cell after the caller's UPDATE of its fields. */
const TOUCH = 'version = version + 1, updated_at = clock_timestamp()';

function checkVisitTime(cell: LockedCell, visitTime: string): void {
  const at = minutesOf(visitTime);
  if (at < minutesOf(cell.start_time) || at >= minutesOf(cell.end_time)) {
    const range = `${cell.start_time.slice(0, 5)} تا ${cell.end_time.slice(0, 5)}`;
    throw badRequest({ visit_time: [`زمان بازدید باید در بازه شیفت (${range}) باشد.`] });
  }
}

export function createDispatchService(db: Db, options: { holdTtlSeconds: number }) {
  /** Creates the shifts and cells of the given days once; later calls find them there. */
  const ensured = new Set<string>();
  async function ensureDays(dates: string[]): Promise<void> {
    const missing = dates.filter((d) => !ensured.has(d));
    if (missing.length === 0) return;
    // Reading a day creates it: only days of the sheet's window may be created (decision 015).
    const outside = missing.filter((d) => !isWithinDispatchWindow(d));
    if (outside.length > 0) throw badRequest({ date: [DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE] });
    await db.transaction(async (tx) => {
      const times = SHIFT_TIMES;
      await tx.query(
        `WITH new_shifts AS (
           INSERT INTO dispatch_shifts (date, slot, start_time, end_time)
           SELECT d::date, t.slot, t.start_time, t.end_time
           FROM unnest($1::text[]) AS d
           CROSS JOIN unnest($2::int[], $3::text[], $4::text[]) AS t(slot, start_time, end_time)
           ON CONFLICT (date, slot) DO NOTHING
           RETURNING pk
         )
         INSERT INTO expert_timeslots (expert_id, shift_id)
         SELECT e.pk, s.pk FROM experts e CROSS JOIN new_shifts s
         ON CONFLICT (expert_id, shift_id) DO NOTHING`,
        [missing, times.map((t) => t.slot), times.map((t) => t.start), times.map((t) => t.end)],
      );
    });
    for (const d of missing) ensured.add(d);
  }

  async function ensureWindow(): Promise<ReturnType<typeof dateWindow>> {
    const window = dateWindow();
    await ensureDays(window.map((d) => d.date));
    return window;
  }

  async function shiftsOf(q: Queryable, date: string) {
    return q.query<{ pk: number; start: string; end: string; slot: number }>(
      `SELECT pk, start_time AS start, end_time AS "end", slot FROM dispatch_shifts WHERE date = $1::date ORDER BY slot`,
      [date],
    );
  }

  async function changed(tx: Queryable, pks: number[]): Promise<Change[]> {
    const cells = await loadCells(tx, pks);
    const dates = await tx.query<{ pk: number; date: string }>(
      'SELECT c.pk, s.date FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id WHERE c.pk = ANY($1::bigint[])',
      [pks],
    );
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

  async function lockShiftExpert(tx: Queryable, shiftId: number, expertId: number) {
    return lockCellBy(tx, 'c.shift_id = $1 AND c.expert_id = $2', [shiftId, expertId]);
  }

  async function candidates(shiftId: number, expertId: number | null): Promise<OrderCandidate[]> {
    const [shift] = await db.query<{ date: string; slot: number }>(
      'SELECT date, slot FROM dispatch_shifts WHERE pk = $1',
      [shiftId],
    );
    if (!shift) throw notFound('شیفت موردنظر یافت نشد');
    let city: number | null = null;
    if (expertId !== null) {
      const [expert] = await db.query<{ city_id: number }>('SELECT city_id FROM experts WHERE pk = $1', [expertId]);
      if (!expert) throw notFound('کارشناس موردنظر یافت نشد');
      city = expert.city_id;
    }
    return db.query<OrderCandidate>(
      `SELECT i.pk, i.code, i.state, i.price, i.brand_model, i.package AS selected_package_name,
         i.visit_place, i.visit_time, i.customer_name, i.city_id AS city
       FROM inspections i
       WHERE i.visit_date = $1::date AND i.time_slot = $2 AND i.state = ANY($3::text[])
         AND NOT EXISTS (SELECT 1 FROM expert_timeslots c WHERE c.inspection_id = i.pk)
         AND ($4::int IS NULL OR i.city_id = $4)
       ORDER BY i.code`,
      [shift.date, slotLabel(shift.slot), [...WITHOUT_EXPERT_STATES], city],
    );
  }

  return {
    ensureDays,
    holdTtlSeconds: options.holdTtlSeconds,

    async experts(query: { sortFromTimeslot?: number; isExpert?: boolean; isMechanic?: boolean }): Promise<Expert[]> {
      const rows = await db.query<Expert & { free: boolean }>(
        `SELECT e.pk, e.report_name, e.level, e.is_car_expert, e.is_motor_cycle_expert,
           e.is_concierge_sale_expert, e.is_car_mechanic, e.is_motor_cycle_mechanic, e.is_leasing_expert,
           e.areas, e.city_id AS city,
           COALESCE(c.state = 0 AND c.inspection_id IS NULL AND NOT (c.hold_expires_at IS NOT NULL AND c.hold_expires_at > now()), false) AS free
         FROM experts e
         LEFT JOIN expert_timeslots c ON c.expert_id = e.pk AND c.shift_id = $1::bigint
         WHERE ($2::boolean IS NULL OR (e.is_car_expert OR e.is_motor_cycle_expert OR e.is_concierge_sale_expert OR e.is_leasing_expert) = $2)
           AND ($3::boolean IS NULL OR (e.is_car_mechanic OR e.is_motor_cycle_mechanic) = $3)
         ORDER BY free DESC, e.pk`,
        [query.sortFromTimeslot ?? null, query.isExpert ?? null, query.isMechanic ?? null],
      );
      return rows.map(({ free: _free, ...expert }) => expert);
    },

    async areas(): Promise<Area[]> {
      return db.query<Area>(
        `SELECT a.id, a.name, a.city_id AS city, c.name AS city_display FROM dispatch_areas a JOIN cities c ON c.id = a.city_id ORDER BY a.id`,
      );
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
        const shifts = await shiftsOf(db, day.date);
        out.push({ date: day.date, type: day.type, shifts: shifts.map(({ pk, start, end }) => ({ pk, start, end })) });
      }
      return out;
    },

    cells: (date: string): Promise<Cell[]> => loadDateCells(db, date),

    async updateAvailability(actor: Actor, input: { expertId: number; shiftId: number; state: number; version?: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const cell = await lockShiftExpert(tx, input.shiftId, input.expertId);
        checkVersion(cell, input.version);
        checkHoldIsNotOthers(cell, actor);
        if (cell.inspection_id !== null && input.state !== 2) {
          const code = await inspectionCode(tx, cell.inspection_id);
          throw conflict(`کارشناس در این شیفت سفارش ${code} را دارد؛ ابتدا تخصیص را لغو کنید.`);
        }
        // Turning a slot off also ends the dispatcher's own reserve on it.
        const clearHold = input.state === 1 ? ', hold_username = NULL, hold_fullname = NULL, hold_expires_at = NULL' : '';
        await tx.query(`UPDATE expert_timeslots SET state = $2${clearHold}, ${TOUCH} WHERE pk = $1`, [cell.pk, input.state]);
        await history(tx, cell.pk, 'availability', actor, null, String(input.state));
        const changes = await changed(tx, [cell.pk]);
        return { value: changes[0]!.cells[0]!, changes };
      });
    },

    async tempReserve(actor: Actor, input: { expertId: number; shiftId: number; version?: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const cell = await lockShiftExpert(tx, input.shiftId, input.expertId);
        checkVersion(cell, input.version);
        checkHoldIsNotOthers(cell, actor);
        if (cell.inspection_id !== null) {
          throw conflict(`این خانه هم‌اکنون سفارش ${await inspectionCode(tx, cell.inspection_id)} را دارد و قابل رزرو نیست.`);
        }
        if (cell.state !== 0 && cell.state !== 2) throw conflict('کارشناس در این شیفت آزاد نیست و نمی‌توان آن را رزرو کرد.');
        await tx.query(
          `UPDATE expert_timeslots SET hold_username = $2, hold_fullname = $3,
             hold_expires_at = clock_timestamp() + make_interval(secs => $4), ${TOUCH} WHERE pk = $1`,
          [cell.pk, actor.username, actor.fullname, options.holdTtlSeconds],
        );
        await history(tx, cell.pk, 'reserve', actor, null);
        const changes = await changed(tx, [cell.pk]);
        return { value: changes[0]!.cells[0]!, changes };
      });
    },

    async cancelReserve(actor: Actor, input: { expertId: number; shiftId: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const cell = await lockShiftExpert(tx, input.shiftId, input.expertId);
        if (!cell.held) throw conflict('این خانه رزرو نشده است یا مهلت رزرو آن تمام شده است.');
        if (cell.hold_username !== actor.username) {
          throw conflict(`این خانه توسط «${cell.hold_fullname || cell.hold_username}» رزرو شده و فقط همان کاربر می‌تواند آن را آزاد کند.`);
        }
        await tx.query(
          `UPDATE expert_timeslots SET hold_username = NULL, hold_fullname = NULL, hold_expires_at = NULL, ${TOUCH} WHERE pk = $1`,
          [cell.pk],
        );
        await history(tx, cell.pk, 'cancel_reserve', actor, null);
        const changes = await changed(tx, [cell.pk]);
        return { value: changes[0]!.cells[0]!, changes };
      });
    },

    async assignOrder(
      actor: Actor,
      input: { inspectionId: number; timeslotId: number; visitTime: string; version?: number; replacesInspectionId?: number },
    ): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        // Inspections first (in pk order), then the cell: every mutation that takes both kinds
        // of lock takes them in this order.
        const replacedPk = input.replacesInspectionId === input.inspectionId ? undefined : input.replacesInspectionId;
        const locked = new Map<number, LockedInspection>();
        for (const pk of [input.inspectionId, replacedPk ?? input.inspectionId].sort((x, y) => x - y)) {
          if (!locked.has(pk)) locked.set(pk, await lockInspection(tx, pk));
        }
        const inspection = locked.get(input.inspectionId)!;
        const replaced = replacedPk === undefined ? undefined : locked.get(replacedPk);
        const cell = await lockCellBy(tx, 'c.pk = $1', [input.timeslotId]);
        const [current] = await tx.query<{ expert_id: number }>(
          'SELECT expert_id FROM expert_timeslots WHERE inspection_id = $1',
          [inspection.pk],
        );
        if (current) {
          throw conflict(`سفارش ${inspection.code} هم‌اکنون به کارشناس «${await expertName(tx, current.expert_id)}» تخصیص داده شده است.`);
        }
        checkVersion(cell, input.version);
        if (cell.inspection_id !== null && cell.inspection_id !== replaced?.pk) {
          throw conflict(`این خانه هم‌اکنون سفارش ${await inspectionCode(tx, cell.inspection_id)} را دارد.`);
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
        assertTransition(inspection.code, inspection.state, 'O');
        checkVisitTime(cell, input.visitTime);
        if (replaced) {
          await tx.query(`UPDATE inspections SET state = 'T', expert_id = NULL, version = version + 1, updated_at = now() WHERE pk = $1`, [
            replaced.pk,
          ]);
          await history(tx, cell.pk, 'cancel_assignment', actor, replaced.code, `جایگزینی با سفارش ${inspection.code}`);
        }
        await tx.query(
          `UPDATE inspections SET state = 'O', expert_id = $2, visit_date = $3::date, time_slot = $4, visit_time = $5,
             version = version + 1, updated_at = now() WHERE pk = $1`,
          [inspection.pk, cell.expert_id, cell.date, slotLabel(cell.slot), input.visitTime],
        );
        await tx.query(
          `UPDATE expert_timeslots SET inspection_id = $2, state = 2, hold_username = NULL, hold_fullname = NULL,
             hold_expires_at = NULL, ${TOUCH} WHERE pk = $1`,
          [cell.pk, inspection.pk],
        );
        await history(tx, cell.pk, 'assign', actor, inspection.code, input.visitTime);
        const changes = await changed(tx, [cell.pk]);
        return { value: changes[0]!.cells[0]!, changes };
      });
    },

    async updateVisitTime(actor: Actor, input: { inspectionId: number; visitTime: string }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const inspection = await lockInspection(tx, input.inspectionId);
        const [onCell] = await tx.query<{ pk: number }>('SELECT pk FROM expert_timeslots WHERE inspection_id = $1', [inspection.pk]);
        if (!onCell) throw conflict(`سفارش ${inspection.code} به کارشناسی تخصیص داده نشده است.`);
        const cell = await lockCellBy(tx, 'c.pk = $1', [onCell.pk]);
        if (!(VISIT_TIME_STATES as readonly string[]).includes(inspection.state)) {
          throw conflict(`زمان بازدید سفارش ${inspection.code} در وضعیت «${stateLabel(inspection.state)}» قابل تغییر نیست.`);
        }
        checkVisitTime(cell, input.visitTime);
        await tx.query('UPDATE inspections SET visit_time = $2, version = version + 1, updated_at = now() WHERE pk = $1', [
          inspection.pk,
          input.visitTime,
        ]);
        await tx.query(`UPDATE expert_timeslots SET ${TOUCH} WHERE pk = $1`, [cell.pk]);
        await history(tx, cell.pk, 'visit_time', actor, inspection.code, input.visitTime);
        const changes = await changed(tx, [cell.pk]);
        return { value: changes[0]!.cells[0]!, changes };
      });
    },

    async penaltyCheck(inspectionId: number): Promise<{ penalty: boolean }> {
      const [row] = await db.query<{ state: string }>('SELECT state FROM inspections WHERE pk = $1', [inspectionId]);
      if (!row) throw notFound('سفارش موردنظر یافت نشد');
      return { penalty: (PENALTY_STATES as readonly string[]).includes(row.state) };
    },

    async cancelAssignment(
      actor: Actor,
      input: { inspectionId: number; expertId: number; cancelByExpert: boolean; penalty: boolean; description?: string },
    ): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const inspection = await lockInspection(tx, input.inspectionId);
        const [onCell] = await tx.query<{ pk: number; expert_id: number }>(
          'SELECT pk, expert_id FROM expert_timeslots WHERE inspection_id = $1',
          [inspection.pk],
        );
        if (!onCell || onCell.expert_id !== input.expertId) {
          throw conflict(`سفارش ${inspection.code} به این کارشناس تخصیص داده نشده است؛ احتمالا پیش‌تر لغو یا جابه‌جا شده است.`);
        }
        const cell = await lockCellBy(tx, 'c.pk = $1', [onCell.pk]);
        assertTransition(inspection.code, inspection.state, 'T');
        if (input.penalty && !(PENALTY_STATES as readonly string[]).includes(inspection.state)) {
          throw badRequest({ penalty: ['برای این سفارش جریمه‌ای قابل اعمال نیست.'] });
        }
        await tx.query(
          `UPDATE inspections SET state = 'T', expert_id = NULL, version = version + 1, updated_at = now() WHERE pk = $1`,
          [inspection.pk],
        );
        await tx.query(`UPDATE expert_timeslots SET inspection_id = NULL, state = 0, ${TOUCH} WHERE pk = $1`, [cell.pk]);
        const details = [
          input.cancelByExpert ? 'لغو توسط کارشناس' : 'لغو توسط پشتیبانی یا مشتری',
          input.penalty ? 'با جریمه' : 'بدون جریمه',
          input.description?.trim() ?? '',
        ]
          .filter(Boolean)
          .join('، ');
        await history(tx, cell.pk, 'cancel_assignment', actor, inspection.code, details);
        const changes = await changed(tx, [cell.pk]);
        return { value: changes[0]!.cells[0]!, changes };
      });
    },

    orders: (shiftId: number, expertId: number) => candidates(shiftId, expertId),
    unassigned: async (shiftId: number, expertId: number) => {
      const [expert] = await db.query('SELECT 1 FROM experts WHERE pk = $1', [expertId]);
      if (!expert) throw notFound('کارشناس موردنظر یافت نشد');
      return candidates(shiftId, null);
    },

    async notes(shiftId: number, expertId: number): Promise<Note[]> {
      return db.query<Note>(
        `SELECT pk, agent_username, agent_fullname, content, is_active, shift_id AS shift, expert_id AS expert, created_at
         FROM dispatch_notes WHERE shift_id = $1 AND expert_id = $2 ORDER BY created_at DESC, pk DESC`,
        [shiftId, expertId],
      );
    },

    async createNote(input: {
      agent_username: string;
      agent_fullname: string;
      content: string;
      is_active: boolean;
      shift: number;
      expert: number;
    }): Promise<Note> {
      const [cell] = await db.query('SELECT 1 FROM expert_timeslots WHERE shift_id = $1 AND expert_id = $2', [input.shift, input.expert]);
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      const [row] = await db.query<Note>(
        `INSERT INTO dispatch_notes (agent_username, agent_fullname, content, is_active, shift_id, expert_id)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING pk, agent_username, agent_fullname, content, is_active, shift_id AS shift, expert_id AS expert, created_at`,
        [input.agent_username, input.agent_fullname, input.content, input.is_active, input.shift, input.expert],
      );
      return row!;
    },

    async cellDetail(timeslotId: number): Promise<CellDetail> {
      const [cell] = await loadCells(db, [timeslotId]);
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      const [expert] = await db.query<Expert>(
        `SELECT pk, report_name, level, is_car_expert, is_motor_cycle_expert, is_concierge_sale_expert,
           is_car_mechanic, is_motor_cycle_mechanic, is_leasing_expert, areas, city_id AS city FROM experts WHERE pk = $1`,
        [cell.expert_id],
      );
      const [shift] = await db.query<{ pk: number; start: string; end: string; date: string }>(
        `SELECT pk, start_time AS start, end_time AS "end", date FROM dispatch_shifts WHERE pk = $1`,
        [cell.shift_id],
      );
      const rows = await db.query<CellDetail['history'][number]>(
        `SELECT pk, action, actor_username, actor_fullname, inspection_code, details, at
         FROM dispatch_history WHERE timeslot_id = $1 ORDER BY at DESC, pk DESC LIMIT 200`,
        [timeslotId],
      );
      return {
        cell,
        expert: expert!,
        shift: shift!,
        notes: await this.notes(cell.shift_id, cell.expert_id),
        history: rows,
      };
    },

    async shiftStatistics(date: string): Promise<ShiftStatistics[]> {
      await ensureDays([date]);
      const rows = await db.query<ShiftStatistics & { slot: number }>(
        `SELECT s.pk AS shift_id, s.start_time AS start, s.end_time AS "end", s.slot,
           count(c.pk) AS experts,
           count(*) FILTER (WHERE c.state = 0) AS available,
           count(*) FILTER (WHERE c.state = 1) AS unavailable,
           count(*) FILTER (WHERE c.state = 2) AS busy,
           count(*) FILTER (WHERE c.state IN (3, 4)) AS reserved,
           count(*) FILTER (WHERE c.hold_expires_at > now()) AS held,
           count(c.inspection_id) AS assigned,
           (SELECT count(*) FROM inspections i WHERE i.visit_date = s.date AND i.time_slot = ($2::text[])[s.slot + 1]
              AND i.state IN ('T', 'M') AND NOT EXISTS (SELECT 1 FROM expert_timeslots x WHERE x.inspection_id = i.pk)) AS unassigned_orders
         FROM dispatch_shifts s LEFT JOIN expert_timeslots c ON c.shift_id = s.pk
         WHERE s.date = $1::date GROUP BY s.pk ORDER BY s.slot`,
        [date, SHIFT_TIMES.map((t) => slotLabel(t.slot))],
      );
      return rows.map(({ slot: _slot, ...row }) => row);
    },

    async duplicateTimeslot(actor: Actor, input: { fromDate: string; toDate: string }): Promise<MutationResult<{ updated: number }>> {
      await ensureDays([input.fromDate, input.toDate]);
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ pk: number }>(
          `UPDATE expert_timeslots t SET state = src.state, version = t.version + 1, updated_at = clock_timestamp()
           FROM expert_timeslots src
           JOIN dispatch_shifts ss ON ss.pk = src.shift_id AND ss.date = $1::date
           JOIN dispatch_shifts ts ON ts.date = $2::date AND ts.slot = ss.slot
           WHERE t.shift_id = ts.pk AND t.expert_id = src.expert_id AND src.state IN (0, 1) AND t.state <> src.state
             AND t.inspection_id IS NULL AND NOT (t.hold_expires_at IS NOT NULL AND t.hold_expires_at > now())
           RETURNING t.pk`,
          [input.fromDate, input.toDate],
        );
        for (const row of rows) await history(tx, row.pk, 'duplicate', actor, null, input.fromDate);
        const changes = await changed(tx, rows.map((row) => row.pk));
        return { value: { updated: rows.length }, changes };
      });
    },

    async resendOffer(actor: Actor, inspectionId: number): Promise<{ pk: number; code: string; offer_sent_at: string }> {
      return db.transaction(async (tx) => {
        const inspection = await lockInspection(tx, inspectionId);
        const [onCell] = await tx.query('SELECT 1 FROM expert_timeslots WHERE inspection_id = $1', [inspection.pk]);
        if (onCell || !(WITHOUT_EXPERT_STATES as readonly string[]).includes(inspection.state)) {
          throw conflict(`سفارش ${inspection.code} در وضعیت «${stateLabel(inspection.state)}» است و فقط سفارش بدون کارشناس به پیشنهاد فرستاده می‌شود.`);
        }
        const [row] = await tx.query<{ offer_sent_at: string }>(
          `UPDATE inspections SET offer_sent_at = clock_timestamp(), operation_note = trim(operation_note || ' ' || $2),
             version = version + 1, updated_at = now() WHERE pk = $1 RETURNING offer_sent_at`,
          [inspection.pk, `ارسال مجدد به پیشنهاد توسط ${actor.fullname || actor.username}`],
        );
        return { pk: inspection.pk, code: inspection.code, offer_sent_at: row!.offer_sent_at };
      });
    },

    /** Releases every hold past its expiry; several gateway instances may run this at once. */
    async releaseExpiredHolds(): Promise<Change[]> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ pk: number }>(
          `UPDATE expert_timeslots c SET hold_username = NULL, hold_fullname = NULL, hold_expires_at = NULL, ${TOUCH}
           WHERE c.pk IN (SELECT pk FROM expert_timeslots WHERE hold_expires_at <= now() FOR UPDATE SKIP LOCKED)
           RETURNING c.pk`,
        );
        for (const row of rows) await history(tx, row.pk, 'hold_expired', null, null);
        return changed(tx, rows.map((row) => row.pk));
      });
    },

    /** The whole date as cells, for the live stream's first message. */
    snapshot: (date: string) => loadDateCells(db, date),
  };

  async function loadDateCells(q: Queryable, date: string): Promise<Cell[]> {
    await ensureDays([date]);
    const rows = await q.query<CellRow>(
      `SELECT ${CELL_COLUMNS} FROM ${CELL_FROM} JOIN dispatch_shifts s ON s.pk = c.shift_id WHERE s.date = $1::date ORDER BY c.expert_id, s.slot`,
      [date],
    );
    return rows.map(toCell);
  }
}

export type DispatchService = ReturnType<typeof createDispatchService>;
