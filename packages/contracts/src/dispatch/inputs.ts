import { z } from 'zod';
import { LastEventIdField } from '../common/fields';
import { toLatinDigits, toPersianDigits } from '../common/digits';
import { dayKeyField, idField, isCalendarDayKey, textField, versionField } from '../common/fields';
import { tehranDateKey } from '../common/jalali';
import { normalizeVisitTime } from './dispatch-rules';

// Inputs of the BFF's `dispatch.*` procedures (camelCase, browser side) and the gateway's
// request bodies (snake_case, the upstream's shapes of spec §7). Every message is Persian:
// the first failing one is what the dispatcher sees.

const id = (label: string) => idField(`${label} نامعتبر است.`);

const expertId = id('شناسه کارشناس');
const shiftId = id('شناسه شیفت');
const inspectionId = id('شناسه سفارش');
const timeslotId = id('شناسه خانه');
const version = versionField().optional();

/**
 * How far from today (Tehran) a dispatch sheet date may be: the gateway creates a day's shifts
 * and cells when it is first read, so an unbounded date would let any read create rows for any
 * day of any year (decision 015).
 */
export const DISPATCH_DATE_WINDOW_DAYS = 60;

/** Whole days from today (Tehran) to the day key; negative in the past. */
function daysFromToday(key: string, now: Date): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = tehranDateKey(now).split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(ty, tm - 1, td)) / 86_400_000);
}

export function isWithinDispatchWindow(key: string, now: Date = new Date()): boolean {
  return isCalendarDayKey(key) && Math.abs(daysFromToday(key, now)) <= DISPATCH_DATE_WINDOW_DAYS;
}

export const DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE = `تاریخ باید حداکثر ${toPersianDigits(DISPATCH_DATE_WINDOW_DAYS)} روز با امروز فاصله داشته باشد.`;

/** A day of the dispatch sheet: a real calendar day within the window around today. */
export const DispatchDateSchema = dayKeyField().refine((key) => isWithinDispatchWindow(key), { error: DISPATCH_DATE_OUT_OF_WINDOW_MESSAGE });

/** 'HH:MM' in any digit script, normalized to Latin 'HH:MM'. */
export const VisitTimeSchema = z
  .string({ error: 'زمان بازدید را وارد کنید.' })
  .transform((value, ctx) => {
    const time = normalizeVisitTime(value);
    if (time === null) {
      ctx.addIssue({ code: 'custom', message: 'زمان بازدید باید به شکل ساعت:دقیقه باشد، مثلا 10:00.' });
      return z.NEVER;
    }
    return time;
  });

const noteContent = z
  .string({ error: 'متن یادداشت را وارد کنید.' })
  .transform((value) => value.trim())
  .pipe(textField({ max: 2000, tooLong: 'متن یادداشت طولانی است.' }).min(1, { error: 'متن یادداشت خالی است.' }));

const description = textField({ max: 2000, tooLong: 'توضیحات طولانی است.' }).optional();

// ---- BFF procedure inputs ----

export const ListExpertsInputSchema = z.object({
  /** Sort by availability in this shift (free first), the upstream's `sort_from_timeslot`. */
  sortFromTimeslot: shiftId.optional(),
  isExpert: z.boolean().optional(),
  isMechanic: z.boolean().optional(),
});
export type ListExpertsInput = z.infer<typeof ListExpertsInputSchema>;

export const GetScheduleInputSchema = z.object({ date: DispatchDateSchema.optional() });
export type GetScheduleInput = z.infer<typeof GetScheduleInputSchema>;

export const ListCellsInputSchema = z.object({ date: DispatchDateSchema });
export type ListCellsInput = z.infer<typeof ListCellsInputSchema>;

export const UpdateAvailabilityInputSchema = z.object({
  expertId,
  shiftId,
  state: z.literal([0, 1, 2, 3, 4], { error: 'وضعیت حضور نامعتبر است.' }),
  version,
});
export type UpdateAvailabilityInput = z.infer<typeof UpdateAvailabilityInputSchema>;

export const TempReserveCellInputSchema = z.object({ expertId, shiftId, version });
export type TempReserveCellInput = z.infer<typeof TempReserveCellInputSchema>;

export const CancelReserveCellInputSchema = z.object({ expertId, shiftId });
export type CancelReserveCellInput = z.infer<typeof CancelReserveCellInputSchema>;

/**
 * Assigns an order to a cell. `replacesInspectionId` names the order the cell holds now: that
 * order goes back to "without expert" in the same step (spec §5 leaves the picker open on an
 * assigned cell unless its order is in final assignment, O; decision 016).
 */
export const AssignOrderInputSchema = z.object({
  inspectionId,
  timeslotId,
  visitTime: VisitTimeSchema,
  version,
  replacesInspectionId: inspectionId.optional(),
});
export type AssignOrderInput = z.input<typeof AssignOrderInputSchema>;

export const UpdateVisitTimeInputSchema = z.object({ inspectionId, visitTime: VisitTimeSchema });
export type UpdateVisitTimeInput = z.input<typeof UpdateVisitTimeInputSchema>;

export const CancelAssignmentInputSchema = z.object({
  inspectionId,
  expertId,
  cancelByExpert: z.boolean({ error: 'نوع لغو را انتخاب کنید.' }),
  penalty: z.boolean({ error: 'وضعیت جریمه نامعتبر است.' }),
  description,
});
export type CancelAssignmentInput = z.infer<typeof CancelAssignmentInputSchema>;

export const CheckPenaltyInputSchema = z.object({ inspectionId });
export type CheckPenaltyInput = z.infer<typeof CheckPenaltyInputSchema>;

export const ListOrdersInputSchema = z.object({ shiftId, expertId });
export type ListOrdersInput = z.infer<typeof ListOrdersInputSchema>;

export const ListUnassignedInputSchema = z.object({ shiftId, expertId });
export type ListUnassignedInput = z.infer<typeof ListUnassignedInputSchema>;

export const ListNotesInputSchema = z.object({ shiftId, expertId });
export type ListNotesInput = z.infer<typeof ListNotesInputSchema>;

/** The agent is the signed-in user; the BFF fills agent_username and agent_fullname. */
export const CreateNoteInputSchema = z.object({ shiftId, expertId, content: noteContent, isActive: z.boolean().default(true) });
export type CreateNoteInput = z.input<typeof CreateNoteInputSchema>;

export const GetCellDetailInputSchema = z.object({ expertTimeslotId: timeslotId });
export type GetCellDetailInput = z.infer<typeof GetCellDetailInputSchema>;

export const GetShiftStatisticsInputSchema = z.object({ date: DispatchDateSchema });
export type GetShiftStatisticsInput = z.infer<typeof GetShiftStatisticsInputSchema>;

/** Copies the availability of every free cell of `fromDate` onto the same expert and shift of `toDate`. */
export const DuplicateTimeslotInputSchema = z
  .object({ fromDate: DispatchDateSchema, toDate: DispatchDateSchema })
  .refine((v) => v.fromDate !== v.toDate, { error: 'تاریخ مقصد باید با تاریخ مبدا متفاوت باشد.', path: ['toDate'] });
export type DuplicateTimeslotInput = z.infer<typeof DuplicateTimeslotInputSchema>;

export const ResendOfferInputSchema = z.object({ inspectionId });
export type ResendOfferInput = z.infer<typeof ResendOfferInputSchema>;

export const WatchDateInputSchema = z.object({
  date: DispatchDateSchema,
  /** Set by tRPC from the last `tracked()` id on reconnect ('epoch:offset'); anything else means "from a snapshot". */
  lastEventId: LastEventIdField,
});
export type WatchDateInput = z.infer<typeof WatchDateInputSchema>;

/** Free-text search of the filter bar: Persian and Arabic digits become Latin. */
export const SearchTextSchema = textField({ max: 200 }).transform((value) => toLatinDigits(value).trim());

// ---- Gateway request bodies (the upstream's shapes) ----

export const UpdateAvailabilityBodySchema = z.object({ state: z.literal([0, 1, 2, 3, 4], { error: 'وضعیت حضور نامعتبر است.' }), version });
export const ReserveBodySchema = z.object({ shift_id: shiftId, expert_id: expertId, version });
export const AssignBodySchema = z.object({ visit_time: VisitTimeSchema, version, replaces_inspection_id: inspectionId.optional() });
export const VisitTimeBodySchema = z.object({ visit_time: VisitTimeSchema });
export const CancelAssignmentBodySchema = z.object({
  inspection_id: inspectionId,
  expert_id: expertId,
  cancel_by_expert: z.boolean({ error: 'نوع لغو را انتخاب کنید.' }),
  penalty: z.boolean({ error: 'وضعیت جریمه نامعتبر است.' }),
  description,
});
/** The agent fields of the spec's shape may be sent; the gateway writes the verified token's user. */
export const CreateNoteBodySchema = z.object({
  agent_username: z.string().max(150).optional(),
  agent_fullname: z.string().max(300).optional(),
  content: noteContent,
  is_active: z.boolean().default(true),
  shift: shiftId,
  expert: expertId,
});
export const CellDetailBodySchema = z.object({ expert_timeslot_id: timeslotId });
export const DuplicateTimeslotBodySchema = z
  .object({ from_date: DispatchDateSchema, to_date: DispatchDateSchema })
  .refine((v) => v.from_date !== v.to_date, { error: 'تاریخ مقصد باید با تاریخ مبدا متفاوت باشد.', path: ['to_date'] });
export const ShiftExpertQuerySchema = z.object({ shift_id: shiftId, expert_id: expertId });
export const DateQuerySchema = z.object({ date: DispatchDateSchema });
export const ExpertsQuerySchema = z.object({
  sort_from_timeslot: shiftId.optional(),
  is_expert: z.enum(['true', 'false']).optional(),
  is_mechanic: z.enum(['true', 'false']).optional(),
});
export const NotesQuerySchema = z.object({ shift: shiftId, expert: expertId });
