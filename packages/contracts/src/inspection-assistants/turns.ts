import { z } from 'zod';
import { ActionLogEntrySchema, codeSchema, keyField, tehranDateKey, textField, toLatinDigits, toPersianDigits, versionField, wholeNumberField } from '../common';

// Turn-assign (issue 29, spec §7 "Turn-assign"): inspection assistants, the call-centre staff who
// follow orders by phone, receive new orders in turn. The rotation pointer is one row locked for
// update; every assignment keeps its reason and the assistants it passed over (decision 097).

/** Why an order went to an assistant (or to none), as the turn ledger records it. */
export const ASSIGNMENT_REASONS = {
  turn: 'نوبت عادی',
  makeup: 'نوبت جبرانی',
  by_hand: 'تخصیص دستی',
  balance: 'متعادل‌سازی سفارش‌ها',
  cleared: 'بازگشت به صف',
  pool: 'بدون دستیار آماده',
} as const;
export type AssignmentReason = keyof typeof ASSIGNMENT_REASONS;
export const AssignmentReasonSchema = codeSchema(ASSIGNMENT_REASONS);

/** Why the rotation passed an assistant over on its way to the one who got the order. */
export const SKIP_REASONS = {
  inactive: 'غیرفعال',
  paused: 'در استراحت',
  at_capacity: 'ظرفیت پر',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;
export const SkipReasonSchema = codeSchema(SKIP_REASONS);

/**
 * A turn passed over while an assistant was inactive or on a break is owed back, at most this
 * many, and paid one extra order per round (decision 097): back from a break without a backlog dump.
 */
export const MAKEUP_CAP = 3;
/** How many open orders an assistant follows before the rotation passes them over (the default of a new one). */
export const DEFAULT_ASSISTANT_CAPACITY = 40;
/** An order an assistant still follows: anything not done (D) or cancelled (F). */
export const CLOSED_ORDER_STATES = ['D', 'F'] as const;

/**
 * The call centre's two shifts, Tehran time: a pause lasts to the end of the shift it starts in
 * (08:00-15:00, 15:00-22:00); outside them, to the next morning's start.
 */
export const ASSISTANT_SHIFTS = [
  { start: 8, end: 15 },
  { start: 15, end: 22 },
] as const;

const TEHRAN = '+03:30'; // Tehran keeps no daylight saving since 2022.
const tehranInstant = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${TEHRAN}`);

/** When a pause taken at `now` ends: the end of the shift it falls in, else the start of the next one. */
export function pauseEnd(now: Date): Date {
  const day = tehranDateKey(now);
  for (const shift of ASSISTANT_SHIFTS) {
    if (now < tehranInstant(day, shift.start)) return tehranInstant(day, shift.start);
    if (now < tehranInstant(day, shift.end)) return tehranInstant(day, shift.end);
  }
  return tehranInstant(tehranDateKey(new Date(now.getTime() + 86_400_000)), ASSISTANT_SHIFTS[0].start);
}

export const ASSISTANT_MESSAGES = {
  notFound: 'دستیار یافت نشد.',
  orderNotFound: 'سفارش یافت نشد.',
  stale: 'اطلاعات این دستیار در این فاصله تغییر کرده است؛ صفحه را تازه کنید و دوباره تلاش کنید.',
  alreadyActive: 'این دستیار از قبل فعال است.',
  alreadyInactive: 'این دستیار از قبل غیرفعال است.',
  alreadyPaused: 'این دستیار از قبل در استراحت است.',
  inactiveNoPause: 'دستیار غیرفعال نوبت نمی‌گیرد؛ استراحت برای او معنا ندارد.',
  nothingToClear: 'این دستیار سفارش بازی ندارد.',
  noActive: 'هیچ دستیار فعالی نیست؛ سفارش‌ها بین کسی پخش نمی‌شوند.',
  planChanged: 'سفارش‌ها یا دستیاران از زمان نمایش برنامه تغییر کرده‌اند؛ برنامه تازه را ببینید و دوباره تأیید کنید.',
  alreadyBalanced: 'سفارش‌ها از قبل متوازن‌اند.',
  closedOrder: 'این سفارش بسته شده است و دستیار آن عوض نمی‌شود.',
  sameAssistant: 'این سفارش از قبل با همین دستیار است.',
  assistantInactive: 'این دستیار غیرفعال است؛ سفارش به او داده نمی‌شود.',
  id: 'شناسه دستیار نامعتبر است.',
  pk: 'شناسه سفارش نامعتبر است.',
  code: 'کد سفارش را با رقم بنویسید.',
  reason: 'دلیل را بنویسید.',
  fingerprint: 'برنامه متعادل‌سازی نامعتبر است.',
  done: {
    activate: 'دستیار فعال شد.',
    deactivate: 'دستیار غیرفعال شد.',
    pause: 'دستیار تا پایان شیفت نوبت نمی‌گیرد.',
    resume: 'دستیار دوباره نوبت می‌گیرد.',
    clear: 'سفارش‌های باز دستیار به صف برگشت.',
    balance: 'سفارش‌ها بین دستیاران فعال پخش شد.',
    assign: 'سفارش به دستیار داده شد.',
  },
} as const;

/** The actions of the turn-assign page, as the change log names them. */
export const TURN_ACTIONS = {
  activate: 'فعال‌سازی',
  deactivate: 'غیرفعال‌سازی',
  pause: 'استراحت تا پایان شیفت',
  resume: 'پایان استراحت',
  clear: 'پاک کردن تخصیص‌ها',
  balance: 'متعادل‌سازی سفارش‌ها',
  assign: 'تخصیص دستی',
} as const;
export type TurnAction = keyof typeof TURN_ACTIONS;

/** One assistant on the live board: turn position, open load and last assignment. */
export const AssistantSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Until when a break keeps them out of the rotation (null: not on a break). */
  paused_until: z.iso.datetime({ offset: true }).nullable(),
  pause_reason: z.string(),
  capacity: z.number().int(),
  /** Their seat in the rotation (1 first). */
  position: z.number().int(),
  /** Turns owed back after a break or a deactivation, at most MAKEUP_CAP. */
  makeup_owed: z.number().int(),
  version: z.number().int(),
  open_orders: z.number().int(),
  orders_today: z.number().int(),
  last_assigned_at: z.iso.datetime({ offset: true }).nullable(),
  /** How many orders come before theirs: 0 is the next order's assistant; null when out of the rotation. */
  turns_away: z.number().int().nullable(),
});
export type Assistant = z.infer<typeof AssistantSchema>;

export const AssistantBoardSchema = z.object({ results: z.array(AssistantSchema), open_orders: z.number().int(), unassigned_orders: z.number().int() });
export type AssistantBoard = z.infer<typeof AssistantBoardSchema>;

const id = keyField(ASSISTANT_MESSAGES.id);
const version = versionField('نسخه نامعتبر است.', 1);

/** Activate, deactivate, resume, clear: the assistant and the version the screen showed. */
export const AssistantActionInputSchema = z.object({ id, version });
export type AssistantActionInput = z.infer<typeof AssistantActionInputSchema>;

export const PauseAssistantInputSchema = z.object({
  id,
  version,
  reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 300, message: ASSISTANT_MESSAGES.reason }).min(1, { error: ASSISTANT_MESSAGES.reason })),
});
export type PauseAssistantInput = z.infer<typeof PauseAssistantInputSchema>;

/** Give one open order to an assistant by hand (recorded in the ledger as `by_hand`). */
export const AssignByHandInputSchema = z.object({ pk: wholeNumberField(ASSISTANT_MESSAGES.pk), assistant_id: id });
export type AssignByHandInput = z.infer<typeof AssignByHandInputSchema>;

export const AssistantActionResultSchema = z.object({ assistant: AssistantSchema, moved: z.number().int(), message: z.string() });
export type AssistantActionResult = z.infer<typeof AssistantActionResultSchema>;

/** The balance plan shown before it is applied: each active assistant's open orders before and after. */
export const BalancePlanSchema = z.object({
  /** What the plan was computed from; applying it with another answers 409 (decision 097). */
  fingerprint: z.string(),
  open_orders: z.number().int(),
  moves: z.number().int(),
  rows: z.array(z.object({ username: z.string(), name: z.string(), active: z.boolean(), before: z.number().int(), after: z.number().int() })),
});
export type BalancePlan = z.infer<typeof BalancePlanSchema>;

export const ApplyBalanceInputSchema = z.object({ fingerprint: z.string({ error: ASSISTANT_MESSAGES.fingerprint }).regex(/^[0-9a-f]{32}$/, { error: ASSISTANT_MESSAGES.fingerprint }) });
export type ApplyBalanceInput = z.infer<typeof ApplyBalanceInputSchema>;

/** What a balance or a hand assignment answers: how many orders moved. */
export const MovedResultSchema = z.object({ moved: z.number().int(), message: z.string() });
export type MovedResult = z.infer<typeof MovedResultSchema>;

/** One row of the turn ledger: who got an order, why, and whom the rotation passed over. */
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  inspection_id: z.number().int(),
  code: z.string(),
  assistant: z.string().nullable(),
  assistant_name: z.string().nullable(),
  reason: AssignmentReasonSchema,
  skipped: z.array(z.object({ username: z.string(), name: z.string(), why: SkipReasonSchema })),
  actor_username: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** The Persian answer to "why did this assistant get this order". */
  explanation: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerFilterSchema = z.object({
  pk: wholeNumberField(ASSISTANT_MESSAGES.pk).optional(),
  /** The order's code as staff read it (Persian digits accepted); empty means every order. */
  code: z.preprocess((v) => (typeof v === 'string' ? toLatinDigits(v.trim()) || undefined : v), z.string().regex(/^\d{1,20}$/, { error: ASSISTANT_MESSAGES.code }).optional()),
  limit: wholeNumberField('تعداد نامعتبر است.', { max: 200 }).default(50),
});
export type LedgerFilter = z.infer<typeof LedgerFilterSchema>;

/** The change log of the turn-assign page: who, when, what, how many orders moved. */
export const TurnLogEntrySchema = ActionLogEntrySchema.extend({ assistant: z.string().nullable(), moved: z.number().int() });
export type TurnLogEntry = z.infer<typeof TurnLogEntrySchema>;

/** "Why did this assistant get order N", from one ledger row. */
export function explainAssignment(entry: Pick<LedgerEntry, 'code' | 'assistant_name' | 'assistant' | 'reason' | 'skipped'>): string {
  const order = `سفارش ${toPersianDigits(entry.code)}`;
  const who = entry.assistant_name || entry.assistant || '';
  const skipped = entry.skipped.length
    ? `؛ پیش از او ${entry.skipped.map((s) => `${s.name || s.username} (${SKIP_REASONS[s.why]})`).join('، ')} کنار گذاشته شد`
    : '';
  switch (entry.reason) {
    case 'turn':
      return `${order} به نوبت به ${who} رسید${skipped}.`;
    case 'makeup':
      return `${order} نوبت جبرانی ${who} بود: او نوبت‌هایی را در غیبت یا استراحت از دست داده بود${skipped}.`;
    case 'by_hand':
      return `${order} به دست کارمند به ${who} داده شد.`;
    case 'balance':
      return `${order} در متعادل‌سازی سفارش‌ها به ${who} رسید.`;
    case 'cleared':
      return `${order} با پاک کردن تخصیص‌های دستیار به صف برگشت.`;
    case 'pool':
      return `${order} به هیچ دستیاری نرسید: دستیار فعال آماده‌ای نبود${skipped}.`;
  }
}
