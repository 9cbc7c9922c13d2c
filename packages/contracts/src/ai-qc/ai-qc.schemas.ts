import { z } from 'zod';
import { defineListFilter, listField, paginated, textField, versionField, wholeNumberField } from '../common';
import {
  AI_REJECT_REASON_LIST,
  AI_TEXT_KIND_LIST,
  AI_TEXT_STATE_LIST,
  AiTextKindSchema,
  AiTextStateSchema,
  DEFAULT_AI_TEXT_STATES,
  type AiTextState,
} from './ai-qc.workflow';

// AI quality control (/panel/ai-qc, issue 33, decision 116): the machine-made text under review,
// its inputs (the model's submission, each review action), the list filter and the Persian texts.

export const AI_QC_MESSAGES = {
  empty: 'متنی در این فهرست نیست.',
  loadFailed: 'فهرست متن‌ها بارگذاری نشد.',
  notFound: 'متن یافت نشد',
  stale: 'این متن همین حالا بررسی یا تغییر داده شد؛ وضعیت تازه نمایش داده شد.',
  noSubject: (what: string) => `${what} با این شناسه یافت نشد.`,
  unchanged: 'متن تغییری نکرده است؛ برای تأیید بدون ویرایش، «تأیید» را بزنید.',
  rejectReason: 'دلیل رد را انتخاب کنید.',
  otherNote: 'برای «سایر»، دلیل رد را بنویسید.',
  submitted: 'متن در صف بررسی قرار گرفت.',
  approved: 'متن تأیید شد.',
  editApproved: 'متن ویرایش و تأیید شد.',
  rejected: 'متن رد شد.',
  regenerate: 'متن برای تولید دوباره به مدل برگشت.',
  resubmitted: 'متن تازه مدل در صف بررسی قرار گرفت.',
  reopened: 'متن به صف بررسی برگشت.',
  queueEmpty: 'متن دیگری در انتظار بررسی نیست.',
} as const;

const id = wholeNumberField('شناسه متن نامعتبر است');
const version = versionField('نسخه متن نامعتبر است');
const trimmed = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), schema);

/** A machine's or a reviewer's text: 10 to 5,000 characters, line breaks kept. */
export const AI_TEXT_MIN = 10;
export const AI_TEXT_MAX = 5_000;
export const AiTextBodySchema = trimmed(
  textField({ max: AI_TEXT_MAX, message: 'متن را بنویسید.', tooLong: 'متن حداکثر ۵٬۰۰۰ نویسه است.' }).refine((v) => v.length >= AI_TEXT_MIN, {
    error: 'متن را بنویسید (دست‌کم ۱۰ نویسه).',
  }),
);
/** A model's name as its maker spells it (`gpt-4o-mini`, `karnameh-summarizer:v3`). */
export const AiModelNameSchema = z.string({ error: 'نام مدل نامعتبر است' }).regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{1,63}$/, { error: 'نام مدل نامعتبر است' });

/** What the producing model sends (as an integrator, with an API token of a staff account). */
export const SubmitAiTextInputSchema = z.object({
  kind: AiTextKindSchema,
  model: AiModelNameSchema,
  /** The inspection order's pk or the car post's id, by the kind. */
  subject_id: wholeNumberField('شناسه سفارش یا آگهی نامعتبر است'),
  text: AiTextBodySchema,
});
export type SubmitAiTextInput = z.infer<typeof SubmitAiTextInputSchema>;
/** The model's new text for one sent back to it. */
export const ResubmitAiTextInputSchema = z.object({ id, version, model: AiModelNameSchema, text: AiTextBodySchema });
export type ResubmitAiTextInput = z.infer<typeof ResubmitAiTextInputSchema>;

export const AiTextIdInputSchema = z.object({ id });
export const ApproveAiTextInputSchema = z.object({ id, version });
export type ApproveAiTextInput = z.infer<typeof ApproveAiTextInputSchema>;
/** The reviewer's edit of the machine's text, approved as it is typed (normalised on save). */
export const EditApproveAiTextInputSchema = z.object({ id, version, text: AiTextBodySchema });
export type EditApproveAiTextInput = z.infer<typeof EditApproveAiTextInputSchema>;
/** A rejection: a reason of the declared list, and a note (required for «سایر»). */
export const RejectAiTextInputSchema = z
  .object({
    id,
    version,
    reason_code: z.enum(AI_REJECT_REASON_LIST, { error: AI_QC_MESSAGES.rejectReason }),
    note: trimmed(textField({ max: 500 })).default(''),
  })
  .refine((v) => v.reason_code !== 'other' || v.note.length > 0, { path: ['note'], error: AI_QC_MESSAGES.otherNote });
export type RejectAiTextInput = z.infer<typeof RejectAiTextInputSchema>;
/** Send back for regeneration, or (a supervisor) return a decided text to the queue; both with a reason. */
export const AiTextStepInputSchema = z.object({
  id,
  version,
  action: z.enum(['regenerate', 'reopen'], { error: 'اقدام نامعتبر است' }),
  reason: trimmed(textField({ max: 500 })).default(''),
});
export type AiTextStepInput = z.infer<typeof AiTextStepInputSchema>;
/** The next text waiting for review after `after` (the queue's order), within a kind or model. */
export const NextAiTextInputSchema = z.object({
  after: id.optional(),
  kind: AiTextKindSchema.optional(),
  model: AiModelNameSchema.optional(),
});
export type NextAiTextInput = z.infer<typeof NextAiTextInputSchema>;

export const AiTextSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AI_TEXT_KIND_LIST),
  kind_label: z.string(),
  subject_type: z.enum(['inspection', 'car_post']),
  subject_id: z.number().int(),
  /** The order's code or the post's token, as people look it up. */
  subject_code: z.string(),
  /** The car: the order's brand and model, or the post's title. */
  subject_title: z.string(),
  model: z.string(),
  state: z.enum(AI_TEXT_STATE_LIST),
  state_label: z.string(),
  version: z.number().int(),
  /** How many texts the model has written for this item (a regeneration adds one). */
  revision: z.number().int(),
  machine_text: z.string(),
  /** The approved text (the machine's, or the reviewer's edit of it). */
  final_text: z.string().nullable(),
  edited: z.boolean(),
  /** Words removed plus words added by the edit, and their share of both texts' words (0–100), kept at approval. */
  changed_words: z.number().int().nullable(),
  change_percent: z.number().int().nullable(),
  reject_reason: z.enum(AI_REJECT_REASON_LIST).nullable(),
  /** The reviewer's note: a rejection's explanation or what the model should fix. */
  review_note: z.string(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type AiText = z.infer<typeof AiTextSchema>;
export const AiTextPageSchema = paginated(AiTextSchema);
export type AiTextPage = z.infer<typeof AiTextPageSchema>;
/** The next waiting text, or none. */
export const NextAiTextSchema = z.object({ result: AiTextSchema.nullable() });

/** What an action answers: the text as it now is, and the toast's message. */
export const AiTextOutcomeSchema = z.object({ text: AiTextSchema, message: z.string() });
export type AiTextOutcome = z.infer<typeof AiTextOutcomeSchema>;

/** The models that have written texts, for the list's filter. */
export const AiModelSchema = z.object({ name: z.string() });
export type AiModel = z.infer<typeof AiModelSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const AI_QC_SORTS = ['created_at', 'reviewed_at', 'change_percent'] as const;

/**
 * The address filter of the list: the BFF's input and the gateway's query alike. With no state in
 * the address it is the queue (waiting, oldest first); `state=` is every state.
 */
export const aiQcListFilter = defineListFilter({
  state: listField.someOf(AiTextStateSchema, { initial: DEFAULT_AI_TEXT_STATES }),
  kind: listField.oneOf(AiTextKindSchema),
  model: listField.oneOf(AiModelNameSchema),
  edited: listField.flag('ویرایش‌شده نامعتبر است'),
  createdFrom: listField.day(),
  createdTo: listField.day(),
  search: listField.text(),
  ...listField.ordering(AI_QC_SORTS, 'created_at', true),
});
export const AiQcListFilterSchema = aiQcListFilter.schema;
export type AiQcListFilter = z.infer<typeof AiQcListFilterSchema>;

/** The states a filter asks for: waiting when the address says nothing, every state when it says `state=`. */
export function effectiveAiTextStates(filter: Pick<AiQcListFilter, 'state'>): readonly AiTextState[] | undefined {
  if (filter.state === undefined) return DEFAULT_AI_TEXT_STATES;
  return filter.state.length === 0 ? undefined : filter.state;
}
