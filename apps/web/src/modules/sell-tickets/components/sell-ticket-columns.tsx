import { SELL_TICKET_CATEGORIES, SELL_TICKET_SUBJECT_KINDS, type SellTicket } from '@panel/contracts/sell-tickets';
import type { ListColumn } from '@panel/ui';
import { ticketColumns } from '../../../lib/tickets/ticket-list';

/** The list's columns, declared once for the table, the chooser and the CSV; the kit adds number, title, state and times. */
export const SELL_TICKET_COLUMNS: ListColumn<SellTicket>[] = ticketColumns<SellTicket>([
  { key: 'category', header: 'موضوع', text: (t) => SELL_TICKET_CATEGORIES[t.category] },
  { key: 'subject', header: 'مربوط به', text: (t) => (t.subject ? SELL_TICKET_SUBJECT_KINDS[t.subject.kind] : '—'), csv: (t) => (t.subject ? `${SELL_TICKET_SUBJECT_KINDS[t.subject.kind]} ${t.subject.code}` : '') },
  { key: 'customer', header: 'مشتری', text: (t) => t.customer_name },
  { key: 'phone', header: 'تلفن مشتری', text: (t) => t.customer_phone },
  { key: 'city', header: 'شهر', text: (t) => t.city },
  { key: 'assistant', header: 'عضو تیم فروش', text: (t) => t.assistant_name, csv: (t) => t.assistant },
  { key: 'expert', header: 'کارشناس فروش', text: (t) => t.sales_expert_name ?? '—', csv: (t) => t.sales_expert_name ?? '' },
]);
/** The phone, the replies and the closing time are in the chooser; left out at first so the list fits a 1366 screen. */
export const DEFAULT_SELL_TICKET_COLUMNS = SELL_TICKET_COLUMNS.map((c) => c.key).filter((key) => !['phone', 'resolved_at', 'subject'].includes(key));
