import { ResolveTicketInputSchema, TicketListFilterSchema, TicketPkInputSchema } from '@panel/contracts/inspection-tickets';
import { router, staffProcedure } from '../../trpc';
import { listTickets, resolveTicket, ticketDetail } from './inspection-tickets.service';

export const inspectionTicketsRouter = router({
  list: staffProcedure.input(TicketListFilterSchema).query(({ ctx, input }) => listTickets(ctx.gateway, input)),
  detail: staffProcedure.input(TicketPkInputSchema).query(({ ctx, input }) => ticketDetail(ctx.gateway, input.pk)),
  resolve: staffProcedure.input(ResolveTicketInputSchema).mutation(({ ctx, input }) => resolveTicket(ctx.gateway, input)),
});
