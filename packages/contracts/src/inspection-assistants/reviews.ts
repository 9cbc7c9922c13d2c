import { z } from 'zod';
import { PhotoSlotSchema, defineListFilter, keyField, listField, paginated, textField, versionField, wholeNumberField, type PhotoSlot } from '../common';

// Quality control and pricing assistants (issue 29): reviewers take orders in state Q (waiting
// for quality control) or W (waiting for price estimation) from their queue. One claimer wins; a
// claim lapses when the reviewer's screen stops refreshing it (decision 098). The order's moves
// (Q → W or D, Q → S, W → D) are the order workflow's, declared in inspection-orders' contracts.

export const REVIEW_KINDS = {
  qc: 'کنترل کیفیت',
  pricing: 'قیمت‌گذاری',
} as const;
export type ReviewKind = keyof typeof REVIEW_KINDS;
export const ReviewKindSchema = z.enum(['qc', 'pricing'], { error: 'نوع بررسی نامعتبر است.' });

/** The order state each queue holds. */
export const REVIEW_QUEUE_STATE = { qc: 'Q', pricing: 'W' } as const satisfies Record<ReviewKind, string>;

/** A claim lives this long unless the screen refreshes it; the screen refreshes it every CLAIM_REFRESH_SECONDS. */
export const CLAIM_TTL_SECONDS = 90;
export const CLAIM_REFRESH_SECONDS = 30;

/** The five photo slots of spec §3, in the order the report shows them. */
export const PHOTO_SLOTS: readonly PhotoSlot[] = PhotoSlotSchema.options;

export const SLOT_VERDICTS = { ok: 'تأیید', problem: 'ایراد دارد' } as const;
export type SlotVerdict = keyof typeof SLOT_VERDICTS;
export const SlotVerdictSchema = z.enum(['ok', 'problem'], { error: 'نظر عکس را انتخاب کنید.' });

export const REVIEW_MESSAGES = {
  reviewerNotFound: 'بررسی‌کننده یافت نشد.',
  notReviewer: 'شما بررسی‌کنندهٔ فعال این صف نیستید.',
  orderNotFound: 'سفارش یافت نشد.',
  notInQueue: 'این سفارش در این صف نیست.',
  claimedByOther: (name: string) => `این سفارش را «${name}» برداشته است.`,
  notClaimed: 'اول سفارش را بردارید.',
  claimLapsed: 'مهلت برداشتن این سفارش گذشته است؛ دوباره آن را بردارید.',
  stale: 'اطلاعات این بررسی‌کننده در این فاصله تغییر کرده است؛ صفحه را تازه کنید.',
  alreadyActive: 'این بررسی‌کننده از قبل فعال است.',
  alreadyInactive: 'این بررسی‌کننده از قبل غیرفعال است.',
  slotsMissing: 'پیش از تأیید، برای هر پنج عکس نظر بدهید.',
  slotsProblem: 'عکسی ایراد دارد؛ سفارش را با یافته‌ها برگردانید.',
  noPhoto: 'برای این جایگاه عکسی نیست.',
  findings: 'یافته‌ها را بنویسید.',
  problemNote: 'برای عکسی که ایراد دارد، ایراد را بنویسید.',
  low: 'کمینه قیمت را به تومان وارد کنید (دست‌کم یک میلیون تومان).',
  high: 'بیشینه قیمت را به تومان وارد کنید (دست‌کم یک میلیون تومان).',
  band: 'بیشینه قیمت نباید از کمینه کمتر باشد.',
  id: 'شناسه نامعتبر است.',
  pk: 'شناسه سفارش نامعتبر است.',
  done: {
    claim: 'سفارش برداشته شد.',
    release: 'سفارش به صف برگشت.',
    verdict: 'نظر عکس ثبت شد.',
    approve: 'کنترل کیفیت تأیید شد.',
    return: 'سفارش با یافته‌ها به کارشناس برگشت.',
    price: 'بازه قیمت ثبت شد و سفارش انجام شد.',
    activate: 'بررسی‌کننده فعال شد.',
    deactivate: 'بررسی‌کننده غیرفعال شد.',
  },
} as const;

export const ReviewerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  kind: ReviewKindSchema,
  active: z.boolean(),
  version: z.number().int(),
  /** Orders they hold a live claim on now. */
  claimed_now: z.number().int(),
  reviewed_today: z.number().int(),
  reviewed_total: z.number().int(),
});
export type Reviewer = z.infer<typeof ReviewerSchema>;

export const QueueItemSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  customer_name: z.string(),
  brand_model: z.string(),
  city: z.string(),
  package: z.string(),
  state: z.string(),
  /** Since when the order waits in this queue. */
  waiting_since: z.iso.datetime({ offset: true }),
  claimed_by: z.string().nullable(),
  claimed_by_name: z.string().nullable(),
  claim_expires_at: z.iso.datetime({ offset: true }).nullable(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;
/** A page of a queue, oldest first, and how many of the filter wait in all. */
export const QueueSchema = paginated(QueueItemSchema);
export type Queue = z.infer<typeof QueueSchema>;

/** The columns a queue sorts by (in SQL): how long an order waits, oldest first unless the address says otherwise. */
export const REVIEW_QUEUE_SORT_COLUMNS = ['waiting_since'] as const;

/** The address filter of a desk's queue: claimed now or not (a live claim), the order, and the page. */
export const reviewQueueFilter = defineListFilter({
  claimed: listField.flag('وضعیت برداشتن نامعتبر است.'),
  ...listField.ordering(REVIEW_QUEUE_SORT_COLUMNS, 'waiting_since', true),
});
export const ReviewQueueFilterSchema = reviewQueueFilter.schema;
export type ReviewQueueFilter = z.infer<typeof ReviewQueueFilterSchema>;
/** The queue procedure's input: the desk and its filter. */
export const ReviewQueueInputSchema = ReviewQueueFilterSchema.extend({ kind: ReviewKindSchema });
export type ReviewQueueInput = z.input<typeof ReviewQueueInputSchema>;

export const PhotoSchema = z.object({
  slot: PhotoSlotSchema,
  label: z.string(),
  media_id: z.number().int().nullable(),
  url: z.string().nullable(),
  verdict: SlotVerdictSchema.nullable(),
  note: z.string(),
});
export type Photo = z.infer<typeof PhotoSchema>;

/** The QC report page of an order: the report's sections, the five photos with their verdicts, the claim. */
export const QcReportSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  state: z.string(),
  /** The order asks for a price estimation: QC approval sends it to the pricing desk (W), else it is done (D). */
  pricing: z.boolean(),
  sections: z.array(z.object({ title: z.string(), rows: z.array(z.object({ label: z.string(), value: z.string() })) })),
  photos: z.array(PhotoSchema),
  claimed_by: z.string().nullable(),
  claimed_by_name: z.string().nullable(),
  claim_expires_at: z.iso.datetime({ offset: true }).nullable(),
  price_low: z.number().nullable(),
  price_high: z.number().nullable(),
});
export type QcReport = z.infer<typeof QcReportSchema>;

const id = keyField(REVIEW_MESSAGES.id);
const pk = wholeNumberField(REVIEW_MESSAGES.pk);
const trimmed = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), schema);

export const ReviewKindInputSchema = z.object({ kind: ReviewKindSchema });
export const ReviewerActionInputSchema = z.object({ id, version: versionField('نسخه نامعتبر است.', 1) });
export type ReviewerActionInput = z.infer<typeof ReviewerActionInputSchema>;

/** Claim, refresh, release, approve: an order of a queue. */
export const ReviewOrderInputSchema = z.object({ kind: ReviewKindSchema, pk });
export type ReviewOrderInput = z.infer<typeof ReviewOrderInputSchema>;

export const SlotVerdictInputSchema = z.object({
  pk,
  slot: PhotoSlotSchema,
  verdict: SlotVerdictSchema,
  note: trimmed(textField({ max: 500 })).default(''),
});
export type SlotVerdictInput = z.infer<typeof SlotVerdictInputSchema>;

export const ReturnOrderInputSchema = z.object({ pk, findings: trimmed(textField({ max: 1000, message: REVIEW_MESSAGES.findings }).min(1, { error: REVIEW_MESSAGES.findings })) });
export type ReturnOrderInput = z.infer<typeof ReturnOrderInputSchema>;

const toman = (message: string) => z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min: 1_000_000, max: 1_000_000_000_000 }));
/** The estimated price band of a W order, in tomans (Persian digits accepted). */
export const PriceBandInputSchema = z
  .object({ pk, low: toman(REVIEW_MESSAGES.low), high: toman(REVIEW_MESSAGES.high), note: trimmed(textField({ max: 1000 })).default('') })
  .refine((v) => v.low <= v.high, { error: REVIEW_MESSAGES.band, path: ['high'] });
export type PriceBandInput = z.infer<typeof PriceBandInputSchema>;

export const ReviewResultSchema = z.object({ pk: z.number().int(), state: z.string(), message: z.string(), claim_expires_at: z.iso.datetime({ offset: true }).nullable() });
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

export const ReviewerResultSchema = z.object({ reviewer: ReviewerSchema, message: z.string() });
export type ReviewerResult = z.infer<typeof ReviewerResultSchema>;
