import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/constants';
import { textField, wholeNumberField } from '../common/fields';
import { paginated } from '../common/pagination';
import { QueryDateSchema, QueryTextSchema, parseQueryLeniently } from '../common/query-params';

// Inspection tickets: issues staff raise about an order or an expert (spec §2 Tickets list).
// The filter parses the address query (every value a string) and typed callers alike.

const text = QueryTextSchema;
const positiveInt = (message: string) => wholeNumberField(message);

export const TicketListFilterSchema = z.object({
  /** Day the ticket was opened (Tehran) as 'YYYY-MM-DD'; absent or empty means every day. */
  date: QueryDateSchema,
  /** Assistant username the ticket is assigned to. */
  assistant: text,
  /** Expert id the ticket is about. */
  expert: z.preprocess((value) => (value === '' ? undefined : value), positiveInt('شناسه کارشناس نامعتبر است').optional()),
  /** Free text: title, description or order code. */
  query: text,
  /** Resolved (true) or open (false); absent means both. */
  resolved: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value),
    z.boolean({ error: 'وضعیت رسیدگی نامعتبر است' }).optional(),
  ),
  page: positiveInt('شماره صفحه نامعتبر است').default(1),
  pageSize: wholeNumberField('اندازه صفحه نامعتبر است', { max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type TicketListFilter = z.infer<typeof TicketListFilterSchema>;
export type TicketListFilterInput = z.input<typeof TicketListFilterSchema>;

export const DEFAULT_TICKET_LIST_FILTER: TicketListFilter = TicketListFilterSchema.parse({});

/** The filter as a query record without the values equal to their defaults. */
export function ticketListFilterToQuery(filter: TicketListFilterInput): Record<string, string> {
  const parsed = TicketListFilterSchema.parse(filter);
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed) as [keyof TicketListFilter, unknown][]) {
    if (value === undefined || value === DEFAULT_TICKET_LIST_FILTER[key]) continue;
    record[key] = String(value);
  }
  return record;
}

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
  assistant: z.string().nullable(),
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

/** Reads the address query, dropping each key that fails so one bad value keeps the rest of the view. */
export function parseTicketListQuery(record: Record<string, string>): TicketListFilter {
  return parseQueryLeniently(TicketListFilterSchema, record).value;
}
