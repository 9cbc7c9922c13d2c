import { z } from 'zod';
import { AvailabilitySchema, ExpertLevelSchema, InspectionStateSchema } from '../common/enums';
import { isCalendarDayKey } from '../common/fields';
import { DateOptionTypeSchema } from './sheet.schemas';

// Outputs of the dispatch sheet (spec §3, §7; DESIGN §6), in the upstream's snake_case field
// names: the BFF passes the gateway's shapes through to the browser unchanged.

/** A Tehran calendar day, 'YYYY-MM-DD' (see `tehranDateKey`). */
export const DateKeySchema = z.string().refine(isCalendarDayKey, { error: 'تاریخ نامعتبر است.' });
export type DateKey = z.infer<typeof DateKeySchema>;

export const ExpertSchema = z.object({
  pk: z.number().int(),
  report_name: z.string(),
  level: ExpertLevelSchema,
  is_car_expert: z.boolean(),
  is_motor_cycle_expert: z.boolean(),
  is_concierge_sale_expert: z.boolean(),
  is_car_mechanic: z.boolean(),
  is_motor_cycle_mechanic: z.boolean(),
  is_leasing_expert: z.boolean(),
  /** Area ids (see the area list) the expert works in. */
  areas: z.array(z.number().int()),
  /** City id (see CITIES). */
  city: z.number().int(),
});
export type Expert = z.infer<typeof ExpertSchema>;

export const DateOptionSchema = z.object({ date: DateKeySchema, type: DateOptionTypeSchema });
export type DateOption = z.infer<typeof DateOptionSchema>;

export const ShiftSchema = z.object({
  pk: z.number().int(),
  /** 'HH:MM:SS', Tehran wall clock. */
  start: z.string(),
  end: z.string(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const DayScheduleSchema = z.object({ date: DateKeySchema, type: DateOptionTypeSchema, shifts: z.array(ShiftSchema) });
export type DaySchedule = z.infer<typeof DayScheduleSchema>;

export const CellInspectionSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  state: InspectionStateSchema,
  /** 'HH:MM' Tehran wall clock, or null before a time is agreed. */
  visit_time: z.string().nullable(),
  brand_model: z.string(),
  selected_package_name: z.string(),
  visit_place: z.string(),
  /** Tomans. */
  price: z.number(),
});
export type CellInspection = z.infer<typeof CellInspectionSchema>;

/** A dispatcher's temporary reserve; the server releases it at `expires_at`. */
export const CellHoldSchema = z.object({
  holder_username: z.string(),
  holder_fullname: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type CellHold = z.infer<typeof CellHoldSchema>;

/** One expert in one shift (the expert timeslot). `pk` is the cell's own id (expert_timeslot_id). */
export const CellSchema = z.object({
  pk: z.number().int(),
  expert_id: z.number().int(),
  shift_id: z.number().int(),
  /** Availability: 0 available, 1 unavailable, 2 busy, 3 concierge-sale visit reserved, 4 instant reserved. */
  state: AvailabilitySchema,
  inspection: CellInspectionSchema.nullable(),
  hold: CellHoldSchema.nullable(),
  /** Grows by one on every change; mutations may send it back to refuse a stale edit (409). */
  version: z.number().int(),
  /** When the cell last changed (server clock). */
  updated_at: z.iso.datetime({ offset: true }),
});
export type Cell = z.infer<typeof CellSchema>;

export const NoteSchema = z.object({
  pk: z.number().int(),
  agent_username: z.string(),
  agent_fullname: z.string(),
  content: z.string(),
  is_active: z.boolean(),
  /** Shift pk. */
  shift: z.number().int(),
  /** Expert pk. */
  expert: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Note = z.infer<typeof NoteSchema>;

/** An order the picker offers for a cell: same date and shift, in the expert's city, without expert. */
export const OrderCandidateSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  state: InspectionStateSchema,
  /** Tomans. */
  price: z.number(),
  brand_model: z.string(),
  selected_package_name: z.string(),
  visit_place: z.string(),
  visit_time: z.string().nullable(),
  customer_name: z.string(),
  city: z.number().int(),
});
export type OrderCandidate = z.infer<typeof OrderCandidateSchema>;

export const PenaltyCheckSchema = z.object({ penalty: z.boolean() });
export type PenaltyCheck = z.infer<typeof PenaltyCheckSchema>;

export const CellHistoryActionSchema = z.enum([
  'reserve',
  'cancel_reserve',
  'hold_expired',
  'assign',
  'visit_time',
  'cancel_assignment',
  'availability',
  'duplicate',
  'resend_offer',
  'customer_reserve',
  'customer_reserve_end',
]);
export type CellHistoryAction = z.infer<typeof CellHistoryActionSchema>;
export const CELL_HISTORY_ACTION_LABELS: Record<CellHistoryAction, string> = {
  reserve: 'رزرو موقت',
  cancel_reserve: 'لغو رزرو',
  hold_expired: 'پایان مهلت رزرو',
  assign: 'تخصیص سفارش',
  visit_time: 'تغییر زمان بازدید',
  cancel_assignment: 'لغو تخصیص',
  availability: 'تغییر وضعیت حضور',
  duplicate: 'کپی وضعیت',
  resend_offer: 'ارسال مجدد به پیشنهاد',
  customer_reserve: 'رزرو مشتری',
  customer_reserve_end: 'پایان رزرو مشتری',
};

export const CellHistoryEntrySchema = z.object({
  pk: z.number().int(),
  action: CellHistoryActionSchema,
  /** Empty for the server's own actions (hold expiry). */
  actor_username: z.string(),
  actor_fullname: z.string(),
  inspection_code: z.string().nullable(),
  /** Free text: the new state, visit time, cancel description... */
  details: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type CellHistoryEntry = z.infer<typeof CellHistoryEntrySchema>;

/** Answer of the `{expert_timeslot_id}` call. */
export const CellDetailSchema = z.object({
  cell: CellSchema,
  expert: ExpertSchema,
  shift: ShiftSchema.extend({ date: DateKeySchema }),
  notes: z.array(NoteSchema),
  history: z.array(CellHistoryEntrySchema),
});
export type CellDetail = z.infer<typeof CellDetailSchema>;

export const ShiftStatisticsSchema = z.object({
  shift_id: z.number().int(),
  start: z.string(),
  end: z.string(),
  experts: z.number().int(),
  available: z.number().int(),
  unavailable: z.number().int(),
  busy: z.number().int(),
  reserved: z.number().int(),
  held: z.number().int(),
  assigned: z.number().int(),
  /** Orders of that shift still without an expert (states T and M). */
  unassigned_orders: z.number().int(),
});
export type ShiftStatistics = z.infer<typeof ShiftStatisticsSchema>;

export const ServerTimeSchema = z.object({ now: z.iso.datetime({ offset: true }), tehran_date: DateKeySchema });
export type ServerTime = z.infer<typeof ServerTimeSchema>;

export const DuplicateTimeslotResultSchema = z.object({ updated: z.number().int() });
export type DuplicateTimeslotResult = z.infer<typeof DuplicateTimeslotResultSchema>;

export const ResendOfferResultSchema = z.object({ pk: z.number().int(), code: z.string(), offer_sent_at: z.iso.datetime({ offset: true }) });
export type ResendOfferResult = z.infer<typeof ResendOfferResultSchema>;
