import { z } from 'zod';
import { defineListFilter } from '../common/list-filter';
import { TICKET_KIT_MESSAGES, ticketListFields, ticketSchemas } from '../common/tickets';

// Inspection tickets: issues staff raise about an order or an expert (spec §2 Tickets list).

/** Spec §2: date, assistant, expert (the expert's id), query, resolved; the kit's fields (decision 086). */
export const ticketListFilter = defineListFilter(ticketListFields('شناسه کارشناس نامعتبر است'));
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

/** An inspection ticket: the kit's fields (decision 086) and what it is about. */
export const { TicketSchema, TicketListPageSchema } = ticketSchemas({
  category: TicketCategorySchema,
  order_code: z.string().nullable(),
  expert_id: z.number().int().nullable(),
  /** The expert by name, for people to read (the id stays for filters and links). */
  expert_name: z.string().nullable(),
  assistant: z.string().nullable(),
  /** The assistant by name (issue 13); null when the username names no user. */
  assistant_name: z.string().nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;
export type TicketListPage = z.infer<typeof TicketListPageSchema>;

// The kit's inputs, under the names this module has always used.
export { TicketPkInputSchema, ResolveTicketInputSchema, ReopenTicketInputSchema, ReplyTicketInputSchema } from '../common/tickets';
export type { TicketOrdering, TicketPkInput, ResolveTicketInput, ReopenTicketInput, ReplyTicketInput } from '../common/tickets';

export const TICKET_MESSAGES = {
  alreadyResolved: TICKET_KIT_MESSAGES.alreadyResolved,
  resolved: TICKET_KIT_MESSAGES.done.resolve,
  empty: TICKET_KIT_MESSAGES.empty,
  notFound: TICKET_KIT_MESSAGES.notFound,
} as const;
