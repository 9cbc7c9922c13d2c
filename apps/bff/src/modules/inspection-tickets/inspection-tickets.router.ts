import * as c from '@panel/contracts/inspection-tickets';
import { TicketPkInputSchema } from '@panel/contracts/common';
import { gatewayProcedures } from '../../gateway/procedures';
import { router } from '../../trpc';
import { ticketProcedures } from '../../tickets';

const TICKETS = '/api/inspection/tickets';
const { read } = gatewayProcedures(c.INSPECTION_TICKETS_ACCESS, TICKETS);

export const inspectionTicketsRouter = router({
  ...read.list('', c.ticketListFilter, c.TicketListPageSchema, { list: 'فهرست تیکت‌های کارشناسی با فیلتر و صفحه‌بندی', export: 'همه تیکت‌های کارشناسی فیلترشده (تا سقف خروجی) برای CSV' }),
  detail: read.get('/:pk', TicketPkInputSchema, c.TicketSchema, 'جزئیات یک تیکت'),
  // thread, reply, resolve, reopen: the ticket kit's (decision 086).
  ...ticketProcedures(c.TicketSchema, TICKETS, false, 'تیکت کارشناسی', c.INSPECTION_TICKETS_ACCESS),
});
