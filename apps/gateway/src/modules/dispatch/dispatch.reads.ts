import { sql } from 'kysely';
import type { InspectionState } from '@panel/contracts/common';
import type { Area, Cell, CellDetail, DateOption, DaySchedule, Expert, Note, OrderCandidate, ShiftStatistics } from '@panel/contracts/dispatch';
import { notFound } from '../../errors';
import { HELD, cellRows, loadCells, toCell, type Q } from './dispatch.cells';
import type { DayMaker } from './dispatch.day-maker';
import { SHIFT_TIMES, slotLabel, typeOfDate } from './dispatch.days';
import { PENALTY_STATES, WITHOUT_EXPERT_STATES } from './inspection-states';

// What the sheet reads (spec §4, §5): experts, days and their shifts, a date's cells, the orders a
// cell can take, a cell's detail, a shift's figures. Reading a day of the window creates it.

// The inspections table holds both state vocabularies (core migration 0001); dispatch reads
// only orders in its own.
type DispatchState = { state: InspectionState };

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

export const NOTE_COLUMNS = [
  'pk',
  'agent_username',
  'agent_fullname',
  'content',
  'is_active',
  'shift_id as shift',
  'expert_id as expert',
  'created_at',
] as const;

export function createDispatchReads(q: Q, { ensureDays, ensureWindow }: DayMaker) {
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

  async function notes(shiftId: number, expertId: number): Promise<Note[]> {
    return q
      .selectFrom('dispatch_notes')
      .select(NOTE_COLUMNS)
      .where('shift_id', '=', shiftId)
      .where('expert_id', '=', expertId)
      .orderBy('created_at', 'desc')
      .orderBy('pk', 'desc')
      .execute();
  }

  return {
    async experts(query: { sortFromTimeslot?: number; isExpert?: boolean; isMechanic?: boolean }): Promise<Expert[]> {
      let experts = q
        .selectFrom('experts as e')
        .leftJoin('expert_timeslots as c', (join) =>
          join.onRef('c.expert_id', '=', 'e.pk').on('c.shift_id', '=', query.sortFromTimeslot ?? null),
        )
        .select(EXPERT_COLUMNS)
        // The sheet's rows are the working experts (decision 105); an inactive one has no new cells.
        .where('e.is_active', '=', true);
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

    async penaltyCheck(inspectionId: number): Promise<{ penalty: boolean }> {
      const row = await q.selectFrom('inspections').select('state').where('pk', '=', inspectionId).executeTakeFirst();
      if (!row) throw notFound('سفارش موردنظر یافت نشد');
      return { penalty: (PENALTY_STATES as readonly string[]).includes(row.state) };
    },

    orders: (shiftId: number, expertId: number) => candidates(shiftId, expertId),
    unassigned: async (shiftId: number, expertId: number) => {
      const expert = await q.selectFrom('experts').select('pk').where('pk', '=', expertId).executeTakeFirst();
      if (!expert) throw notFound('کارشناس موردنظر یافت نشد');
      return candidates(shiftId, null);
    },

    notes,

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
        notes: await notes(cell.shift_id, cell.expert_id),
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

    /** The whole date as cells, for the live stream's first message. */
    snapshot: (date: string) => loadDateCells(date),
  };
}
