import { z } from 'zod';
import { PhoneNumberSchema, defineListFilter, listField, paginated, textField, versionField, wholeNumberField } from '../common';
import {
  DEFAULT_NPS_STATES,
  NPS_CHANNEL_LIST,
  NPS_GROUP_LIST,
  NPS_ROOT_CAUSE_LIST,
  NPS_STATE_LIST,
  NpsActionSchema,
  type NpsAction,
  NpsStateSchema,
  type NpsState,
} from './nps.workflow';

// NPS (/panel/nps, issue 33, decision 115): the survey answer, its list filter with the figure of
// the filtered set, the weekly chart, the follow-up's inputs and the Persian texts.

export const NPS_MESSAGES = {
  empty: 'پاسخی یافت نشد!',
  loadFailed: 'فهرست پاسخ‌ها بارگذاری نشد.',
  notFound: 'پاسخ نظرسنجی یافت نشد',
  stale: 'این پاسخ همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  rootCauseRequired: 'برای بستن پیگیری، علت ریشه‌ای را انتخاب کنید.',
  rootCauseOnlyOnClose: 'علت ریشه‌ای فقط هنگام بستن پیگیری ثبت می‌شود.',
  noOrder: 'سفارشی با این شناسه یافت نشد.',
  orderAnswered: 'برای این سفارش پیش‌تر پاسخ نظرسنجی ثبت شده است.',
  recorded: 'پاسخ نظرسنجی ثبت شد.',
  moved: {
    open_followup: 'پیگیری پاسخ شروع شد.',
    call_back: 'تماس با مشتری ثبت شد.',
    no_answer: 'تماس بی‌پاسخ ثبت شد.',
    refer: 'پاسخ به واحد مسئول ارجاع شد.',
    resolve: 'رسیدگی ثبت شد.',
    close: 'پیگیری بسته شد.',
    exclude: 'پاسخ کنار گذاشته شد.',
    restore: 'پاسخ بازگردانده شد.',
    reopen: 'پیگیری بازگشایی شد.',
  } satisfies Record<NpsAction, string>,
} as const;

const id = wholeNumberField('شناسه پاسخ نامعتبر است');
const version = versionField('نسخه پاسخ نامعتبر است');
const score = (message: string) => wholeNumberField(message, { min: 0, max: 10 });
const trimmed = (max: number, message: string, min = 0) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }).refine((v) => v.length >= min, { error: message }));
const blankIsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const NpsIdInputSchema = z.object({ id });

/** A survey answer as the survey sends it (or staff type one given by phone). */
export const RecordNpsAnswerInputSchema = z.object({
  score: score('امتیاز را از ۰ تا ۱۰ وارد کنید.'),
  comment: trimmed(1000, 'توضیح مشتری حداکثر ۱۰۰۰ نویسه است.').default(''),
  customer_name: trimmed(100, 'نام مشتری را بنویسید.', 2),
  customer_phone: PhoneNumberSchema,
  inspection_id: z.preprocess(blankIsNull, wholeNumberField('شناسه سفارش نامعتبر است').nullable()).default(null),
  channel: z.enum(NPS_CHANNEL_LIST, { error: 'کانال نظرسنجی نامعتبر است' }).default('sms'),
});
export type RecordNpsAnswerInput = z.infer<typeof RecordNpsAnswerInputSchema>;

/** One follow-up action; closing needs its root cause (and only closing takes one). */
export const NpsStepInputSchema = z
  .object({
    id,
    version,
    action: NpsActionSchema,
    reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default('')),
    root_cause: z.preprocess(blankIsNull, z.enum(NPS_ROOT_CAUSE_LIST, { error: 'علت ریشه‌ای نامعتبر است' }).nullable()).default(null),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'close' && v.root_cause === null) ctx.addIssue({ code: 'custom', path: ['root_cause'], message: NPS_MESSAGES.rootCauseRequired });
    if (v.action !== 'close' && v.root_cause !== null) ctx.addIssue({ code: 'custom', path: ['root_cause'], message: NPS_MESSAGES.rootCauseOnlyOnClose });
  });
export type NpsStepInput = z.infer<typeof NpsStepInputSchema>;

const instant = z.iso.datetime({ offset: true });

export const NpsAnswerSchema = z.object({
  id: z.number().int(),
  state: z.enum(NPS_STATE_LIST),
  state_label: z.string(),
  version: z.number().int(),
  score: z.number().int(),
  group: z.enum(NPS_GROUP_LIST),
  comment: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  inspection_id: z.number().int().nullable(),
  order_code: z.string().nullable(),
  channel: z.enum(NPS_CHANNEL_LIST),
  answered_at: instant,
  /** A detractor's target (answered + 48 hours); null for promoters and passives. */
  due_at: instant.nullable(),
  /** When the customer was first called back (or the follow-up closed): the target's end. */
  responded_at: instant.nullable(),
  /** Past its target without a call back (the database's clock). */
  overdue: z.boolean(),
  root_cause: z.enum(NPS_ROOT_CAUSE_LIST).nullable(),
});
export type NpsAnswer = z.infer<typeof NpsAnswerSchema>;

/** The linked inspection order, as far as the answer's reader needs it. */
export const NpsOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  brand_model: z.string(),
  package: z.string(),
  city: z.string(),
  visit_date: z.string().nullable(),
  price: z.number(),
});
export const NpsAnswerDetailSchema = NpsAnswerSchema.extend({ order: NpsOrderSchema.nullable(), created_at: instant });
export type NpsAnswerDetail = z.infer<typeof NpsAnswerDetailSchema>;

/** The figure of the filtered set, counted by the database in the list's own pass. */
export const NpsTotalsSchema = z.object({
  count: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  /** % promoters − % detractors, one decimal; null when nothing matches. */
  nps: z.number().nullable(),
  overdue: z.number().int(),
});
export type NpsTotals = z.infer<typeof NpsTotalsSchema>;
export const NpsPageSchema = paginated(NpsAnswerSchema).extend({ totals: NpsTotalsSchema });
export type NpsPage = z.infer<typeof NpsPageSchema>;

/** One week (Saturday to Friday, Tehran) of the filtered set. */
export const NpsWeekSchema = z.object({
  week: z.string(),
  count: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  nps: z.number(),
});
export type NpsWeek = z.infer<typeof NpsWeekSchema>;
export const NpsTrendSchema = z.object({ results: z.array(NpsWeekSchema) });
export type NpsTrend = z.infer<typeof NpsTrendSchema>;
/** The chart shows at most this many weeks, the latest of the filtered set. */
export const NPS_TREND_WEEKS = 26;

/** What an action answers: the state it left and the toast's message. */
export const NpsOutcomeSchema = z.object({ id: z.number().int(), state: z.enum(NPS_STATE_LIST), version: z.number().int(), message: z.string() });
export type NpsOutcome = z.infer<typeof NpsOutcomeSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const NPS_SORTS = ['answered_at', 'score'] as const;
const scoreFilter = listField.oneOf(score('امتیاز باید از ۰ تا ۱۰ باشد'));

/** The address filter of the list (spec §4: the statuses B–H by default): the BFF's input and the gateway's query alike. */
export const npsListFilter = defineListFilter({
  state: listField.someOf(NpsStateSchema, { initial: DEFAULT_NPS_STATES }),
  group: listField.oneOf(z.enum(NPS_GROUP_LIST, { error: 'گروه امتیاز نامعتبر است' })),
  scoreMin: scoreFilter,
  scoreMax: scoreFilter,
  answeredFrom: listField.day(),
  answeredTo: listField.day(),
  overdue: listField.flag('فیلتر دیرکرد نامعتبر است'),
  search: listField.text(),
  ...listField.ordering(NPS_SORTS, 'answered_at'),
});
export const NpsListFilterSchema = npsListFilter.schema;
export type NpsListFilter = z.infer<typeof NpsListFilterSchema>;
/** The filter without its page, for the chart of the same set. */
export const NpsTrendFilterSchema = NpsListFilterSchema;

/** The statuses a filter keeps: its own, or the spec's default set when it names none; undefined is every status. */
export function effectiveNpsStates(filter: { state?: readonly NpsState[] }): readonly NpsState[] | undefined {
  if (filter.state === undefined) return DEFAULT_NPS_STATES;
  return filter.state.length === 0 ? undefined : filter.state;
}
