import { ResolveTicketInputSchema, TicketListFilterSchema, TicketPkInputSchema } from '@panel/contracts/inspection-tickets';
import { TicketListPageSchema, TicketSchema } from '@panel/contracts/inspection-tickets';
import { router, staffProcedure } from '../../trpc';
import { listTickets, resolveTicket, ticketDetail } from './inspection-tickets.service';

export const inspectionTicketsRouter = router({
  list: staffProcedure.meta({ summary: 'فهرست تیکت‌های کارشناسی با فیلتر و صفحه‌بندی', output: TicketListPageSchema }).input(TicketListFilterSchema).query(({ ctx, input }) => listTickets(ctx.gateway, input)),
  detail: staffProcedure.meta({ summary: 'جزئیات یک تیکت', output: TicketSchema }).input(TicketPkInputSchema).query(({ ctx, input }) => ticketDetail(ctx.gateway, input.pk)),
  resolve: staffProcedure.meta({ summary: 'بستن تیکت با یادداشت', output: TicketSchema }).input(ResolveTicketInputSchema).mutation(({ ctx, input }) => resolveTicket(ctx.gateway, input)),
});
