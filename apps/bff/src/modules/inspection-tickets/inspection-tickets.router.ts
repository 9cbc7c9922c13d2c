import { TicketListFilterSchema, TicketListPageSchema, TicketPkInputSchema, TicketSchema, INSPECTION_TICKETS_ACCESS } from '@panel/contracts/inspection-tickets';
import { exportAnswer } from '../../gateway/export-all';
import { ticketProcedures } from '../../tickets';
import { procedureFor, router } from '../../trpc';
import { exportTickets, inspectionTicketCalls, listTickets, ticketDetail } from './inspection-tickets.service';

const read = procedureFor(INSPECTION_TICKETS_ACCESS.read);

export const inspectionTicketsRouter = router({
  list: read.meta({ summary: 'فهرست تیکت‌های کارشناسی با فیلتر و صفحه‌بندی', output: TicketListPageSchema }).input(TicketListFilterSchema).query(({ ctx, input }) => listTickets(ctx.gateway, input)),
  export: read.meta({ summary: 'همه تیکت‌های کارشناسی فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(TicketSchema) }).input(TicketListFilterSchema).query(({ ctx, input }) => exportTickets(ctx.gateway, input)),
  detail: read.meta({ summary: 'جزئیات یک تیکت', output: TicketSchema }).input(TicketPkInputSchema).query(({ ctx, input }) => ticketDetail(ctx.gateway, input.pk)),
  // thread, reply, resolve, reopen: the ticket kit's (decision 086).
  ...ticketProcedures(TicketSchema, inspectionTicketCalls, 'تیکت کارشناسی', INSPECTION_TICKETS_ACCESS),
});
