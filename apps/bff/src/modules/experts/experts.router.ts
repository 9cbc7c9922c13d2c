import { z } from 'zod';
import { ActionLogEntrySchema, TicketPkInputSchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/experts';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { ticketProcedures } from '../../tickets';
import { router } from '../../trpc';

const BASE = '/api/experts';
const TICKETS = `${BASE}/tickets`;
const { read, change } = gatewayProcedures(c.EXPERTS_ACCESS, BASE);
const tickets = gatewayProcedures({ read: c.EXPERTS_ACCESS.tickets, act: c.EXPERTS_ACCESS.tickets }, TICKETS);
const outcome = data(c.ExpertOutcomeSchema);

/** The experts' tickets (/panel/experts/tickets): the list, its people and one ticket; thread and actions are the ticket kit's. */
export const expertTicketsRouter = router({
  ...tickets.read.list('/', c.expertTicketListFilter, c.ExpertTicketPageSchema, { list: 'فهرست تیکت‌های کارشناسان با فیلترها و صفحه‌بندی', export: 'همه تیکت‌های کارشناسان فیلترشده (تا سقف خروجی) برای CSV' }),
  people: tickets.read.get('/people/', data(c.ExpertTicketPeopleSchema), 'کارمندان و کارشناسان برای فیلترهای تیکت'),
  detail: tickets.read.get('/:pk/', TicketPkInputSchema, c.ExpertTicketSchema, 'یک تیکت کارشناس با کارشناس و سفارش مربوط'),
  ...ticketProcedures(c.ExpertTicketSchema, TICKETS, true, 'تیکت کارشناس', { read: c.EXPERTS_ACCESS.tickets, act: c.EXPERTS_ACCESS.tickets }),
});

/** The experts (issue 31, decision 105): each procedure declared once, guarded by its line of the module's access table. */
export const expertsRouter = router({
  ...read.list('/', c.expertsListFilter, c.ExpertsPageSchema, { list: 'فهرست کارشناسان با فیلتر، ترتیب و صفحه‌بندی', export: 'همه کارشناسان فیلترشده (تا سقف خروجی) برای CSV' }),
  areas: read.get('/areas/', results(z.array(c.ExpertAreaSchema)), 'منطقه‌های برگه تخصیص با شهرشان'),
  detail: read.get('/:pk/', c.ExpertPkInputSchema, c.ExpertSchema, 'یک کارشناس'),
  overview: read.get('/:pk/overview/', c.ExpertPkInputSchema, data(c.ExpertOverviewSchema), 'هفته کارشناس در برگه تخصیص، بازدیدهای اخیر و پیام‌های فرستاده‌شده'),
  history: read.get('/:pk/history/', c.ExpertPkInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک کارشناس'),
  add: change.post('/', c.AddExpertInputSchema, outcome, 'ثبت کارشناس (خانه‌های شیفت در برگه تخصیص)'),
  update: change.put('/:pk/', c.UpdateExpertInputSchema, outcome, 'ویرایش کارشناس با نسخه خوانده‌شده'),
  updateState: change.post('/:pk/update-state/', c.ExpertStepInputSchema, outcome, 'غیرفعال یا فعال کردن کارشناس'),
});
