import { z } from 'zod';
import { STAFF } from './access';
import { textField, wholeNumberField } from './fields';
import { listField } from './list-filter';
import { paginated } from './pagination';
import { ActionLogEntrySchema, defineWorkflow } from './workflow';

// The ticket kit (decision 086): what every ticket area shares (inspection tickets, the sale
// team's tickets, later the experts' tickets). A ticket is open or resolved; staff reply on its
// thread while it is open, resolve it with an optional note and reopen it with a reason. The
// state table below is the one the gateway enforces and the drawer's buttons follow.

export const TICKET_STATES = { open: 'باز', resolved: 'بسته‌شده' } as const;
export type TicketState = keyof typeof TICKET_STATES;

export const TICKET_WORKFLOW = defineWorkflow({
  noun: 'تیکت',
  roles: STAFF,
  states: TICKET_STATES,
  actions: {
    reply: { label: 'ارسال پاسخ', from: ['open'] },
    resolve: { label: 'بستن تیکت', from: ['open'], to: 'resolved', confirm: 'این تیکت بسته شود؟ پس از بستن، پاسخ تازه‌ای ثبت نمی‌شود مگر آن را دوباره باز کنید.', reason: 'optional' },
    reopen: { label: 'بازگشایی تیکت', from: ['resolved'], to: 'open', confirm: 'این تیکت دوباره باز شود؟', reason: 'required' },
  },
});
export type TicketAction = (typeof TICKET_WORKFLOW.actionList)[number];

/** A ticket's state as the table reads it: the areas store it as the spec's `resolved` flag. */
export const ticketState = (ticket: { resolved: boolean }): TicketState => (ticket.resolved ? 'resolved' : 'open');

export const TICKET_KIT_MESSAGES = {
  alreadyResolved: 'این تیکت قبلا بسته شده است.',
  alreadyOpen: 'این تیکت همین حالا باز است.',
  replyToResolved: 'این تیکت بسته شده است؛ برای پاسخ دادن اول آن را دوباره باز کنید.',
  notFound: 'تیکت یافت نشد',
  replyRequired: 'متن پاسخ را بنویسید.',
  reopenReason: 'دلیل بازگشایی را بنویسید.',
  pk: 'شناسه تیکت نامعتبر است',
  empty: 'تیکتی یافت نشد!',
  noReplies: 'هنوز پاسخی ثبت نشده است.',
  noHistory: 'هنوز اقدامی ثبت نشده است.',
  done: { reply: 'پاسخ ثبت شد', resolve: 'تیکت بسته شد', reopen: 'تیکت دوباره باز شد' } satisfies Record<TicketAction, string>,
} as const;

/**
 * The refusals of moves the table does not allow, each in plain Persian (the table's generic
 * sentence is the fallback). Two staff resolving at once: the second reads "already resolved".
 */
const REFUSALS: Partial<Record<TicketAction, Partial<Record<TicketState, string>>>> = {
  resolve: { resolved: TICKET_KIT_MESSAGES.alreadyResolved },
  reopen: { open: TICKET_KIT_MESSAGES.alreadyOpen },
  reply: { resolved: TICKET_KIT_MESSAGES.replyToResolved },
};
export function ticketRefusal(action: TicketAction, state: TicketState, name?: string): string | undefined {
  if (TICKET_WORKFLOW.can(action, state)) return undefined;
  return REFUSALS[action]?.[state] ?? TICKET_WORKFLOW.refusal(action, state, name);
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const pk = wholeNumberField(TICKET_KIT_MESSAGES.pk);

export const TicketPkInputSchema = z.object({ pk });
export type TicketPkInput = z.infer<typeof TicketPkInputSchema>;

/** Resolving: an optional note kept on the ticket and in its history. */
export const ResolveTicketInputSchema = z.object({
  pk,
  note: z.preprocess(trimmed, textField({ max: 1000, tooLong: 'حداکثر ۱۰۰۰ نویسه مجاز است' }).default('')),
});
export type ResolveTicketInput = z.infer<typeof ResolveTicketInputSchema>;

/** Reopening needs a reason (the table says `reason: 'required'`). */
export const ReopenTicketInputSchema = z.object({
  pk,
  note: z.preprocess(trimmed, textField({ max: 1000, tooLong: 'حداکثر ۱۰۰۰ نویسه مجاز است' }).min(1, { error: TICKET_KIT_MESSAGES.reopenReason })),
});
export type ReopenTicketInput = z.infer<typeof ReopenTicketInputSchema>;

/** A reply on the thread: one to two thousand characters. */
export const ReplyTicketInputSchema = z.object({
  pk,
  body: z.preprocess(trimmed, textField({ max: 2000, tooLong: 'حداکثر ۲۰۰۰ نویسه مجاز است', message: TICKET_KIT_MESSAGES.replyRequired }).min(1, { error: TICKET_KIT_MESSAGES.replyRequired })),
});
export type ReplyTicketInput = z.infer<typeof ReplyTicketInputSchema>;

export const TicketReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author_username: z.string(),
  author_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type TicketReply = z.infer<typeof TicketReplySchema>;

/** The thread of a ticket (oldest reply first) and its action history (newest first). */
export const TicketThreadSchema = z.object({ replies: z.array(TicketReplySchema), history: z.array(ActionLogEntrySchema) });
export type TicketThread = z.infer<typeof TicketThreadSchema>;

/** The fields every area's ticket has; an area adds its own (`ticketSchemas`). */
export const TICKET_BASE_SHAPE = {
  pk: z.number().int(),
  title: z.string(),
  description: z.string(),
  resolved: z.boolean(),
  resolved_at: z.iso.datetime({ offset: true }).nullable(),
  resolved_by: z.string().nullable(),
  resolution_note: z.string(),
  reply_count: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
};
export type TicketBase = z.infer<z.ZodObject<typeof TICKET_BASE_SHAPE>>;

/** An area's ticket (the base fields and its own) and its page, parameterised once per area. */
export function ticketSchemas<Extra extends z.ZodRawShape>(extra: Extra) {
  const TicketSchema = z.object({ ...TICKET_BASE_SHAPE, ...extra });
  return { TicketSchema, TicketListPageSchema: paginated(TicketSchema) };
}

/**
 * The list's order, Django REST's `ordering` (a column, `-` for descending); absent means newest
 * first. The gateway maps each value to columns through a whitelist.
 */
export const TICKET_ORDERINGS = ['-created_at', 'created_at', '-pk', 'pk', '-resolved_at', 'resolved_at'] as const;
export type TicketOrdering = (typeof TICKET_ORDERINGS)[number];
export const TicketOrderingSchema = z.enum(TICKET_ORDERINGS, { error: 'ترتیب نامعتبر است' });

/**
 * Spec §2 "Tickets list: date, assistant, expert, query, resolved", the same in every area: the
 * day opened (Tehran), the team member it is assigned to (username), the expert it concerns
 * (a user or expert id), free text, open (the default) or resolved or both; and the order.
 */
export const ticketListFields = (expertMessage: string) => ({
  date: listField.day(),
  assistant: listField.text(),
  expert: listField.id(expertMessage),
  query: listField.text(),
  // The default view is the open tickets, the work still to do; 'resolved=' shows both (decision 086).
  resolved: listField.flagWithDefault('وضعیت رسیدگی نامعتبر است', false),
  ordering: listField.oneOf(TicketOrderingSchema),
});

/** A column's sort as the table shows it, from the address's `ordering`. */
export function ticketSort(ordering: TicketOrdering | undefined): { key: string; ascending: boolean } {
  const value = ordering ?? '-created_at';
  return { key: value.replace(/^-/, ''), ascending: !value.startsWith('-') };
}
/** The `ordering` of a column's sort (undefined for the default, newest first, so it stays out of the address). */
export function ticketOrdering(sort: { key: string; ascending: boolean }): TicketOrdering | undefined {
  const value = `${sort.ascending ? '' : '-'}${sort.key}`;
  if (value === '-created_at') return undefined;
  return (TICKET_ORDERINGS as readonly string[]).includes(value) ? (value as TicketOrdering) : undefined;
}
