import { z } from 'zod';
import { defineListFilter } from '../common/list-filter';
import { TICKET_KIT_MESSAGES, ticketListFields, ticketSchemas } from '../common/tickets';
import { codeSchema } from '../common/enums';

// The sale team's tickets (/panel/sell-tickets, issue 16): what a seller, a buyer or a sales
// expert raises about a concierge sale or a car post, on the ticket kit (decision 086).

/** Spec §2: date, assistant (the sale team's member), expert (the sales expert's user id), query, resolved. */
export const sellTicketListFilter = defineListFilter(ticketListFields('کارشناس فروش نامعتبر است'));
export const SellTicketListFilterSchema = sellTicketListFilter.schema;
export type SellTicketListFilter = z.infer<typeof SellTicketListFilterSchema>;

export const SELL_TICKET_CATEGORIES = {
  pricing: 'قیمت‌گذاری',
  buyer_visit: 'هماهنگی بازدید خریدار',
  documents: 'مدارک و قولنامه',
  payment: 'پرداخت و کمیسیون',
  post_edit: 'ویرایش آگهی',
  other: 'سایر',
} as const;
export type SellTicketCategory = keyof typeof SELL_TICKET_CATEGORIES;
export const SellTicketCategorySchema = codeSchema(SELL_TICKET_CATEGORIES);

/** What a ticket concerns: a concierge sale or a car post, with the panel page that shows it. */
export const SellTicketSubjectSchema = z.object({
  kind: z.enum(['concierge_sale', 'car_post']),
  id: z.number().int(),
  /** The sale's code or the post's token (Latin, copied as it is). */
  code: z.string(),
  title: z.string(),
  url: z.string(),
});
export type SellTicketSubject = z.infer<typeof SellTicketSubjectSchema>;
export const SELL_TICKET_SUBJECT_KINDS = { concierge_sale: 'فروش همراه', car_post: 'آگهی خودرو' } as const;

export const { TicketSchema: SellTicketSchema, TicketListPageSchema: SellTicketPageSchema } = ticketSchemas({
  category: SellTicketCategorySchema,
  customer_name: z.string(),
  customer_phone: z.string(),
  city: z.string(),
  /** The sale team's member the ticket is assigned to (username) and by name. */
  assistant: z.string(),
  assistant_name: z.string(),
  sales_expert_id: z.number().int().nullable(),
  sales_expert_name: z.string().nullable(),
  subject: SellTicketSubjectSchema.nullable(),
});
export type SellTicket = z.infer<typeof SellTicketSchema>;
export type SellTicketPage = z.infer<typeof SellTicketPageSchema>;

/** Whom the assistant and expert filters can name. */
export const SellTicketPersonSchema = z.object({ value: z.string(), name: z.string() });
export const SellTicketPeopleSchema = z.object({ assistants: z.array(SellTicketPersonSchema), experts: z.array(SellTicketPersonSchema) });
export type SellTicketPeople = z.infer<typeof SellTicketPeopleSchema>;

export const SELL_TICKET_MESSAGES = {
  ...TICKET_KIT_MESSAGES,
  empty: 'تیکت فروشی یافت نشد!',
  notFound: 'تیکت فروش یافت نشد',
} as const;
