import { toPersianDigits } from '@panel/contracts/common';
import { EXPERT_TICKET_CATEGORIES, type ExpertTicket } from '@panel/contracts/experts';
import type { ListColumn } from '@panel/ui';
import { ticketColumns } from '../../../lib/tickets/ticket-list';

/** The list's columns, declared once for the table, the chooser and the CSV; the kit adds number, title, state and times. */
export const EXPERT_TICKET_COLUMNS: ListColumn<ExpertTicket>[] = ticketColumns<ExpertTicket>([
  { key: 'category', header: 'موضوع', text: (t) => EXPERT_TICKET_CATEGORIES[t.category] },
  { key: 'expert', header: 'کارشناس', text: (t) => t.expert_name, csv: (t) => `${t.expert_name} (${t.expert_id})` },
  { key: 'phone', header: 'تلفن کارشناس', text: (t) => (t.expert_phone ? toPersianDigits(t.expert_phone) : '—'), csv: (t) => t.expert_phone ?? '' },
  { key: 'inspection', header: 'سفارش', text: (t) => (t.inspection ? toPersianDigits(t.inspection.code) : '—'), csv: (t) => t.inspection?.code ?? '' },
  { key: 'assistant', header: 'کارمند', text: (t) => t.assistant_name, csv: (t) => t.assistant },
]);
/** The phone, the replies and the closing time are in the chooser; left out at first so the list fits a 1366 screen. */
export const DEFAULT_EXPERT_TICKET_COLUMNS = EXPERT_TICKET_COLUMNS.map((c) => c.key).filter((key) => !['phone', 'resolved_at'].includes(key));
