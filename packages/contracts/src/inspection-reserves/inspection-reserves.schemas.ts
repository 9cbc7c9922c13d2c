import { z } from 'zod';
import { defineListFilter, defineWorkflow, listField, paginated, textField, wholeNumberField } from '../common';

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
export const ReserveStateSchema = z.enum(Object.keys(RESERVE_STATES) as [ReserveState, ...ReserveState[]], { error: 'وضعیت رزرو نامعتبر است' });

export const RESERVE_WORKFLOW = defineWorkflow({
  noun: 'رزرو',
  states: RESERVE_STATES,
  actions: {
    renew: { label: 'تمدید رزرو', from: ['waiting', 'expired'], to: 'waiting' },
    send_payment_link: { label: 'ارسال لینک پرداخت', from: ['waiting'], confirm: 'لینک پرداخت برای مشتری پیامک شود؟' },
    release: { label: 'آزاد کردن', from: ['waiting'], to: 'released', reason: 'optional', confirm: 'رزرو آزاد شود؟ خانهٔ آن در میز تخصیص آزاد می‌شود.' },
  },
});
export type ReserveAction = (typeof RESERVE_WORKFLOW.actionList)[number];

/** A renewal gives the customer this long again to pay (decision 032). */
export const RESERVE_RENEW_MINUTES = 30;

export const reserveListFilter = defineListFilter({
  /** Customer name or phone. */
  query: listField.text(),
  state: listField.someOf(ReserveStateSchema, { initial: ['waiting'] satisfies ReserveState[] }),
  /** The Tehran day of the reserved slot. */
  date: listField.day(),
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

export const RESERVE_MESSAGES = {
  empty: 'رزروی یافت نشد!',
  slotGone: 'خانهٔ این رزرو دیگر آزاد نیست؛ تمدید ممکن نیست.',
  done: {
    renew: 'رزرو تمدید شد.',
    send_payment_link: 'لینک پرداخت برای مشتری فرستاده شد.',
    release: 'رزرو آزاد شد.',
  } satisfies Record<ReserveAction, string>,
} as const;
