import { z } from 'zod';
import { INSPECTION_RESERVES_ACCESS } from './inspection-reserves.access';
import { PhoneNumberSchema, defineListFilter, defineWorkflow, formatJalaliDate, formatTehranTime, listField, paginated, textField, wholeNumberField, codeSchema } from '../common';

// Customer reservations of a timeslot awaiting payment (issue 14, spec §7 "reserves with renew
// and send payment link"). While a reserve waits, its cell on the dispatch sheet is held as
// "instant reserved" (availability 4); an unpaid one expires on the server and frees the cell.

export const RESERVE_STATES = {
  waiting: 'در انتظار پرداخت',
  paid: 'پرداخت شده',
  expired: 'منقضی شده',
  released: 'آزاد شده',
} as const;
export type ReserveState = keyof typeof RESERVE_STATES;
export const ReserveStateSchema = codeSchema(RESERVE_STATES, 'وضعیت رزرو نامعتبر است');

export const RESERVE_WORKFLOW = defineWorkflow({
  noun: 'رزرو',
  roles: INSPECTION_RESERVES_ACCESS.act,
  states: RESERVE_STATES,
  actions: {
    renew: { label: 'تمدید رزرو', from: ['waiting', 'expired'], to: 'waiting' },
    send_payment_link: { label: 'ارسال لینک پرداخت', from: ['waiting'], confirm: 'لینک پرداخت برای مشتری پیامک شود؟' },
    release: { label: 'آزاد کردن', from: ['waiting'], to: 'released', reason: 'optional', confirm: 'رزرو آزاد شود؟ خانهٔ آن در میز تخصیص آزاد می‌شود.' },
  },
});
export type ReserveAction = (typeof RESERVE_WORKFLOW.actionList)[number];

/**
 * A renewal gives the customer this long more to pay (decision 032): added to the deadline of a
 * waiting reserve, to the time of renewal for an expired one, never past the end of the
 * reserved shift (decision 033).
 */
export const RESERVE_RENEW_MINUTES = 30;

/** A payment deadline as the customer and staff read it: Tehran time, Jalali day, Persian digits ('ساعت ۲۱:۳۰ روز ۱۴۰۵/۰۹/۰۴'). */
export const formatPaymentDeadline = (deadline: string) => `ساعت ${formatTehranTime(deadline)} روز ${formatJalaliDate(deadline)}`;

/** The columns the reserve list sorts by (in SQL). */
export const RESERVE_SORT_COLUMNS = ['payment_deadline', 'reserved_at', 'slot', 'customer_name', 'price'] as const;
export type ReserveSortColumn = (typeof RESERVE_SORT_COLUMNS)[number];

export const reserveListFilter = defineListFilter({
  /** Customer name or phone. */
  query: listField.text(),
  state: listField.someOf(ReserveStateSchema, { initial: ['waiting'] satisfies ReserveState[] }),
  /** The Tehran day of the reserved slot. */
  date: listField.day(),
  /** Soonest payment deadline first unless the address says otherwise. */
  ...listField.ordering(RESERVE_SORT_COLUMNS, 'payment_deadline', true),
});
export const ReserveListFilterSchema = reserveListFilter.schema;
export const DEFAULT_RESERVE_STATES: readonly ReserveState[] = ['waiting'];
export type ReserveListFilter = z.infer<typeof ReserveListFilterSchema>;

/** The states a filter asks for: waiting when the address says nothing, every state when it says 'state='. */
export function effectiveReserveStates(filter: Pick<ReserveListFilter, 'state'>): readonly ReserveState[] | undefined {
  if (filter.state === undefined) return DEFAULT_RESERVE_STATES;
  return filter.state.length === 0 ? undefined : filter.state;
}

export const ReserveSchema = z.object({
  id: z.number().int(),
  customer_name: z.string(),
  phone_number: z.string(),
  package: z.string(),
  price: z.number(),
  city: z.string(),
  /** The reserved slot: its day, shift range and the expert's cell. */
  date: z.string(),
  shift: z.string(),
  cell_pk: z.number().int(),
  expert_name: z.string(),
  reserved_at: z.iso.datetime({ offset: true }),
  payment_deadline: z.iso.datetime({ offset: true }),
  paid: z.boolean(),
  state: ReserveStateSchema,
  renewals: z.number().int(),
  link_sent_at: z.iso.datetime({ offset: true }).nullable(),
  /** The payment link's SMS as recorded in the outbox (the screen shows it; nothing is sent). */
  link_text: z.string().nullable(),
  release_reason: z.string(),
  version: z.number().int(),
});
export type Reserve = z.infer<typeof ReserveSchema>;

export const ReserveListPageSchema = paginated(ReserveSchema);
export type ReserveListPage = z.infer<typeof ReserveListPageSchema>;

export const ReserveIdInputSchema = z.object({ id: wholeNumberField('شناسه رزرو نامعتبر است') });
export const ReleaseReserveInputSchema = ReserveIdInputSchema.extend({
  reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default('')),
});
export type ReserveIdInput = z.infer<typeof ReserveIdInputSchema>;
export type ReleaseReserveInput = z.infer<typeof ReleaseReserveInputSchema>;

/**
 * A customer's reserve of a free cell (the customer app's call; the reference gateway takes it
 * with a staff token for demos and tests): the customer has `payment_minutes` to pay.
 */
export const CreateReserveBodySchema = z.object({
  cell_pk: wholeNumberField('خانه نامعتبر است'),
  customer_name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 100, message: 'نام مشتری را بنویسید.' }).min(1, { error: 'نام مشتری را بنویسید.' })),
  phone_number: PhoneNumberSchema,
  package: textField({ max: 100, message: 'بسته کارشناسی را انتخاب کنید' }),
  payment_minutes: z.coerce.number({ error: 'مهلت پرداخت نامعتبر است' }).min(0.05, { error: 'مهلت پرداخت نامعتبر است' }).max(24 * 60, { error: 'مهلت پرداخت نامعتبر است' }).default(RESERVE_RENEW_MINUTES),
});
export type CreateReserveBody = z.infer<typeof CreateReserveBodySchema>;

export const RESERVE_MESSAGES = {
  empty: 'رزروی یافت نشد!',
  slotGone: 'خانهٔ این رزرو دیگر آزاد نیست؛ تمدید ممکن نیست.',
  cellTaken: 'این خانه آزاد نیست و رزرو نمی‌شود.',
  slotPast: 'نوبت این رزرو گذشته است؛ تمدید ممکن نیست.',
  deadlineAtSlotEnd: 'مهلت پرداخت این رزرو به پایان شیفت نوبت رسیده است؛ بیش از این تمدید نمی‌شود.',
  package: 'بسته کارشناسی را انتخاب کنید',
  /** The renewal's success, with the new deadline; a payment SMS sent earlier quoted the old one. */
  renewed: (reserve: Pick<Reserve, 'payment_deadline' | 'link_sent_at'>) =>
    `رزرو تمدید شد؛ مهلت پرداخت تا ${formatPaymentDeadline(reserve.payment_deadline)}.${reserve.link_sent_at ? ' پیامکی که پیش‌تر فرستاده شد مهلت قبلی را می‌گوید؛ برای خبر دادن به مشتری، لینک پرداخت را دوباره بفرستید.' : ''}`,
  done: {
    send_payment_link: 'لینک پرداخت برای مشتری فرستاده شد.',
    release: 'رزرو آزاد شد.',
  } satisfies Record<Exclude<ReserveAction, 'renew'>, string>,
} as const;
