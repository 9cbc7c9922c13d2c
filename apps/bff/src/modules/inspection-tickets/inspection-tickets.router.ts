import { TicketListFilterSchema, TicketListPageSchema, TicketPkInputSchema, TicketSchema } from '@panel/contracts/inspection-tickets';
import { exportAnswer } from '../../gateway/export-all';
import { ticketProcedures } from '../../tickets';
import { router, staffProcedure } from '../../trpc';
import { exportTickets, inspectionTicketCalls, listTickets, ticketDetail } from './inspection-tickets.service';

export const inspectionTicketsRouter = router({
  list: staffProcedure.meta({ summary: 'فهرست تیکت‌های کارشناسی با فیلتر و صفحه‌بندی', output: TicketListPageSchema }).input(TicketListFilterSchema).query(({ ctx, input }) => listTickets(ctx.gateway, input)),
  export: staffProcedure.meta({ summary: 'همه تیکت‌های کارشناسی فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(TicketSchema) }).input(TicketListFilterSchema).query(({ ctx, input }) => exportTickets(ctx.gateway, input)),
  detail: staffProcedure.meta({ summary: 'جزئیات یک تیکت', output: TicketSchema }).input(TicketPkInputSchema).query(({ ctx, input }) => ticketDetail(ctx.gateway, input.pk)),
  // thread, reply, resolve, reopen: the ticket kit's (decision 086).
  ...ticketProcedures(TicketSchema, inspectionTicketCalls, 'تیکت کارشناسی'),
});
