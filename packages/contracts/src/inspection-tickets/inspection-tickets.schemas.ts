import { z } from 'zod';
import { textField, wholeNumberField } from '../common/fields';
import { defineListFilter, listField } from '../common/list-filter';
import { paginated } from '../common/pagination';

// Inspection tickets: issues staff raise about an order or an expert (spec §2 Tickets list).

const positiveInt = (message: string) => wholeNumberField(message);

/** Spec §2: date, assistant, expert, query, resolved. */
export const ticketListFilter = defineListFilter({
  /** Day the ticket was opened (Tehran). */
  date: listField.day(),
  /** Assistant username the ticket is assigned to. */
  assistant: listField.text(),
  /** Expert id the ticket is about. */
  expert: listField.id('شناسه کارشناس نامعتبر است'),
  /** Free text: title, description or order code. */
  query: listField.text(),
  /** Resolved (true) or open (false); absent means both. */
  resolved: listField.flag('وضعیت رسیدگی نامعتبر است'),
});
export const TicketListFilterSchema = ticketListFilter.schema;
export type TicketListFilter = z.infer<typeof TicketListFilterSchema>;
export type TicketListFilterInput = z.input<typeof TicketListFilterSchema>;

export const TicketCategorySchema = z.enum(['expert_delay', 'report_issue', 'customer_complaint', 'payment', 'other']);
export type TicketCategory = z.infer<typeof TicketCategorySchema>;
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  expert_delay: 'تأخیر کارشناس',
  report_issue: 'ایراد در گزارش',
  customer_complaint: 'شکایت مشتری',
  payment: 'پرداخت',
  other: 'سایر',
};

export const TicketSchema = z.object({
  pk: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: TicketCategorySchema,
  order_code: z.string().nullable(),
  expert_id: z.number().int().nullable(),
  /** The expert by name, for people to read (the id stays for filters and links). */
  expert_name: z.string().nullable(),
  assistant: z.string().nullable(),
  /** The assistant by name (issue 13); null when the username names no user. */
  assistant_name: z.string().nullable(),
  resolved: z.boolean(),
  resolved_at: z.iso.datetime({ offset: true }).nullable(),
  resolved_by: z.string().nullable(),
  resolution_note: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketListPageSchema = paginated(TicketSchema);
export type TicketListPage = z.infer<typeof TicketListPageSchema>;

export const TicketPkInputSchema = z.object({ pk: positiveInt('شناسه تیکت نامعتبر است') });
export type TicketPkInput = z.infer<typeof TicketPkInputSchema>;

export const ResolveTicketInputSchema = z.object({
  pk: positiveInt('شناسه تیکت نامعتبر است'),
  note: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    textField({ max: 1000, tooLong: 'حداکثر ۱۰۰۰ نویسه مجاز است' }).default(''),
  ),
});
export type ResolveTicketInput = z.infer<typeof ResolveTicketInputSchema>;

export const TICKET_MESSAGES = {
  alreadyResolved: 'این تیکت قبلا بسته شده است.',
  resolved: 'تیکت بسته شد',
  empty: 'تیکتی یافت نشد!',
} as const;
