import { ResolveTicketInputSchema, TicketListFilterSchema, TicketPkInputSchema } from '@panel/contracts/tickets';
import { router, staffProcedure } from '../../trpc';
import { listTickets, resolveTicket, ticketDetail } from './tickets.service';

export const ticketsRouter = router({
  list: staffProcedure.input(TicketListFilterSchema).query(({ ctx, input }) => listTickets(ctx.gateway, input)),
  detail: staffProcedure.input(TicketPkInputSchema).query(({ ctx, input }) => ticketDetail(ctx.gateway, input.pk)),
  resolve: staffProcedure.input(ResolveTicketInputSchema).mutation(({ ctx, input }) => resolveTicket(ctx.gateway, input)),
});
