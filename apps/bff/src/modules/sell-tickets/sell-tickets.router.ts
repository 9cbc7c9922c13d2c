import * as c from '@panel/contracts/sell-tickets';
import { TicketPkInputSchema } from '@panel/contracts/common';
import { data, gatewayProcedures } from '../../gateway/procedures';
import { router } from '../../trpc';
import { ticketProcedures } from '../../tickets';

// The sidebar item needs backoffice#staff (spec §6): the sale team's staff read, reply, resolve and reopen.
const TICKETS = '/api/dealers/tickets';
const { read } = gatewayProcedures(c.SELL_TICKETS_ACCESS, TICKETS);

export const sellTicketsRouter = router({
  ...read.list('/', c.sellTicketListFilter, c.SellTicketPageSchema, { list: 'فهرست تیکت‌های فروش با فیلترها و صفحه‌بندی', export: 'همه تیکت‌های فروش فیلترشده (تا سقف خروجی) برای CSV' }),
  people: read.get('/people/', data(c.SellTicketPeopleSchema), 'اعضای تیم فروش و کارشناسان فروش برای فیلترها'),
  detail: read.get('/:pk/', TicketPkInputSchema, c.SellTicketSchema, 'یک تیکت فروش و آنچه به آن مربوط است'),
  // thread, reply, resolve, reopen: the ticket kit's (decision 086).
  ...ticketProcedures(c.SellTicketSchema, TICKETS, true, 'تیکت فروش', c.SELL_TICKETS_ACCESS),
});
