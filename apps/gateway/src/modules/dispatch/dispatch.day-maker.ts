import { sql } from 'kysely';
import { DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE, isWithinDispatchWindow } from '@panel/contracts/dispatch';
import { badRequest } from '../../errors';
import type { Q } from './dispatch.cells';
import { SHIFT_TIMES, dateWindow } from './dispatch.days';

/** Creates the shifts and cells of the given days once; later calls find them there. */
export function createDayMaker(q: Q) {
  const ensured = new Set<string>();
  async function ensureDays(dates: string[], on: Q = q): Promise<void> {
    const missing = dates.filter((d) => !ensured.has(d));
    if (missing.length === 0) return;
    // Reading a day creates it: only days of the sheet's window may be created (decision 015).
    const outside = missing.filter((d) => !isWithinDispatchWindow(d));
    if (outside.length > 0) throw badRequest({ date: [DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE] });
    const times = SHIFT_TIMES;
    // One statement: the days' shifts and every active expert's cell in them, each created once
    // (an inactive expert gets no new cells, decision 105).
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
      SELECT e.pk, s.pk FROM experts e CROSS JOIN new_shifts s WHERE e.is_active
      ON CONFLICT (expert_id, shift_id) DO NOTHING`.execute(on);
    // Inside a caller's transaction the days exist only once it commits: not remembered then.
    if (on === q) for (const d of missing) ensured.add(d);
  }

  async function ensureWindow(): Promise<ReturnType<typeof dateWindow>> {
    const window = dateWindow();
    await ensureDays(window.map((d) => d.date));
    return window;
  }

  return { ensureDays, ensureWindow };
}

export type DayMaker = ReturnType<typeof createDayMaker>;
