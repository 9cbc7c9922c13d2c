import { TicketPkInputSchema } from '@panel/contracts/common';
import { SellTicketListFilterSchema, SellTicketPageSchema, SellTicketPeopleSchema, SellTicketSchema, SELL_TICKETS_ACCESS } from '@panel/contracts/sell-tickets';
import { exportAnswer } from '../../gateway/export-all';
import { ticketProcedures } from '../../tickets';
import { procedureFor, router } from '../../trpc';
import * as tickets from './sell-tickets.service';

// The sidebar item needs backoffice#staff (spec §6): the sale team's staff read, reply, resolve and reopen.
const read = procedureFor(SELL_TICKETS_ACCESS.read);

export const sellTicketsRouter = router({
  list: read.meta({ summary: 'فهرست تیکت‌های فروش با فیلترها و صفحه‌بندی', output: SellTicketPageSchema }).input(SellTicketListFilterSchema).query(({ ctx, input }) => tickets.listSellTickets(ctx.gateway, input)),
  export: read.meta({ summary: 'همه تیکت‌های فروش فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(SellTicketSchema) }).input(SellTicketListFilterSchema).query(({ ctx, input }) => tickets.exportSellTickets(ctx.gateway, input)),
  people: read.meta({ summary: 'اعضای تیم فروش و کارشناسان فروش برای فیلترها', output: SellTicketPeopleSchema }).query(({ ctx }) => tickets.sellTicketPeople(ctx.gateway)),
  detail: read.meta({ summary: 'یک تیکت فروش و آنچه به آن مربوط است', output: SellTicketSchema }).input(TicketPkInputSchema).query(({ ctx, input }) => tickets.sellTicket(ctx.gateway, input.pk)),
  // thread, reply, resolve, reopen: the ticket kit's (decision 086).
  ...ticketProcedures(SellTicketSchema, tickets.sellTicketCalls, 'تیکت فروش', SELL_TICKETS_ACCESS),
});
