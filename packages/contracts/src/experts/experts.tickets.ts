import { z } from 'zod';
import { defineListFilter } from '../common/list-filter';
import { TICKET_KIT_MESSAGES, ticketListFields, ticketSchemas } from '../common/tickets';
import { codeSchema } from '../common/enums';

// The experts' tickets (/panel/experts/tickets, issue 31): an expert's questions and complaints,
// linked to the expert and, where there is one, the order; on the ticket kit (decision 086).

/** Spec §2: date, assistant (the staff member it is assigned to), expert (the expert's pk), query, resolved. */
export const expertTicketListFilter = defineListFilter(ticketListFields('کارشناس نامعتبر است'));
export const ExpertTicketListFilterSchema = expertTicketListFilter.schema;
export type ExpertTicketListFilter = z.infer<typeof ExpertTicketListFilterSchema>;

export const EXPERT_TICKET_CATEGORIES = {
  question: 'پرسش',
  complaint: 'شکایت',
  schedule: 'شیفت و تخصیص',
  payment: 'پرداخت و تسویه',
  app: 'اپلیکیشن کارشناس',
  other: 'سایر',
} as const;
export type ExpertTicketCategory = keyof typeof EXPERT_TICKET_CATEGORIES;
export const ExpertTicketCategorySchema = codeSchema(EXPERT_TICKET_CATEGORIES);

export const { TicketSchema: ExpertTicketSchema, TicketListPageSchema: ExpertTicketPageSchema } = ticketSchemas({
  category: ExpertTicketCategorySchema,
  expert_id: z.number().int(),
  expert_name: z.string(),
  expert_phone: z.string().nullable(),
  /** The staff member it is assigned to (username) and by name. */
  assistant: z.string(),
  assistant_name: z.string(),
  /** The order it concerns, if any. */
  inspection: z.object({ pk: z.number().int(), code: z.string(), brand_model: z.string() }).nullable(),
});
export type ExpertTicket = z.infer<typeof ExpertTicketSchema>;
export type ExpertTicketPage = z.infer<typeof ExpertTicketPageSchema>;

export const ExpertTicketPersonSchema = z.object({ value: z.string(), name: z.string() });
export const ExpertTicketPeopleSchema = z.object({ assistants: z.array(ExpertTicketPersonSchema), experts: z.array(ExpertTicketPersonSchema) });
export type ExpertTicketPeople = z.infer<typeof ExpertTicketPeopleSchema>;

export const EXPERT_TICKET_MESSAGES = {
  ...TICKET_KIT_MESSAGES,
  empty: 'تیکت کارشناسی یافت نشد!',
  notFound: 'تیکت کارشناس یافت نشد',
} as const;
