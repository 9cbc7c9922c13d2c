import { z } from 'zod';
import { ActionLogEntrySchema, TicketPkInputSchema } from '@panel/contracts/common';
import {
  AddExpertInputSchema,
  EXPERTS_ACCESS,
  ExpertAreaSchema,
  ExpertOutcomeSchema,
  ExpertOverviewSchema,
  ExpertPkInputSchema,
  ExpertSchema,
  ExpertStepInputSchema,
  ExpertTicketListFilterSchema,
  ExpertTicketPageSchema,
  ExpertTicketPeopleSchema,
  ExpertTicketSchema,
  ExpertsListFilterSchema,
  ExpertsPageSchema,
  UpdateExpertInputSchema,
} from '@panel/contracts/experts';
import { exportAnswer } from '../../gateway/export-all';
import { ticketProcedures } from '../../tickets';
import { procedureFor, router } from '../../trpc';
import * as service from './experts.service';

const read = procedureFor(EXPERTS_ACCESS.read);
const change = procedureFor(EXPERTS_ACCESS.change);
const tickets = procedureFor(EXPERTS_ACCESS.tickets);

/** The experts' tickets (/panel/experts/tickets): the list, its people and one ticket; thread and actions are the ticket kit's. */
export const expertTicketsRouter = router({
  list: tickets.meta({ summary: 'فهرست تیکت‌های کارشناسان با فیلترها و صفحه‌بندی', output: ExpertTicketPageSchema }).input(ExpertTicketListFilterSchema).query(({ ctx, input }) => service.listTickets(ctx.gateway, input)),
  export: tickets.meta({ summary: 'همه تیکت‌های کارشناسان فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(ExpertTicketSchema) }).input(ExpertTicketListFilterSchema).query(({ ctx, input }) => service.exportTickets(ctx.gateway, input)),
  people: tickets.meta({ summary: 'کارمندان و کارشناسان برای فیلترهای تیکت', output: ExpertTicketPeopleSchema }).query(({ ctx }) => service.ticketPeople(ctx.gateway)),
  detail: tickets.meta({ summary: 'یک تیکت کارشناس با کارشناس و سفارش مربوط', output: ExpertTicketSchema }).input(TicketPkInputSchema).query(({ ctx, input }) => service.ticket(ctx.gateway, input.pk)),
  ...ticketProcedures(ExpertTicketSchema, service.expertTicketCalls, 'تیکت کارشناس', { read: EXPERTS_ACCESS.tickets, act: EXPERTS_ACCESS.tickets }),
});

/** The experts (issue 31, decision 105): the procedures, each guarded by its line of the module's access table. */
export const expertsRouter = router({
  list: read.meta({ summary: 'فهرست کارشناسان با فیلتر، ترتیب و صفحه‌بندی', output: ExpertsPageSchema }).input(ExpertsListFilterSchema).query(({ ctx, input }) => service.listExperts(ctx.gateway, input)),
  export: read.meta({ summary: 'همه کارشناسان فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(ExpertSchema) }).input(ExpertsListFilterSchema).query(({ ctx, input }) => service.exportExperts(ctx.gateway, input)),
  areas: read.meta({ summary: 'منطقه‌های برگه تخصیص با شهرشان', output: z.array(ExpertAreaSchema) }).query(({ ctx }) => service.areas(ctx.gateway)),
  detail: read.meta({ summary: 'یک کارشناس', output: ExpertSchema }).input(ExpertPkInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.pk)),
  overview: read.meta({ summary: 'هفته کارشناس در برگه تخصیص، بازدیدهای اخیر و پیام‌های فرستاده‌شده', output: ExpertOverviewSchema }).input(ExpertPkInputSchema).query(({ ctx, input }) => service.overview(ctx.gateway, input.pk)),
  history: read.meta({ summary: 'سابقه یک کارشناس', output: z.array(ActionLogEntrySchema) }).input(ExpertPkInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.pk)),
  add: change.meta({ summary: 'ثبت کارشناس (خانه‌های شیفت در برگه تخصیص)', output: ExpertOutcomeSchema }).input(AddExpertInputSchema).mutation(({ ctx, input }) => service.add(ctx.gateway, input)),
  update: change.meta({ summary: 'ویرایش کارشناس با نسخه خوانده‌شده', output: ExpertOutcomeSchema }).input(UpdateExpertInputSchema).mutation(({ ctx, input }) => service.update(ctx.gateway, input)),
  updateState: change.meta({ summary: 'غیرفعال یا فعال کردن کارشناس', output: ExpertOutcomeSchema }).input(ExpertStepInputSchema).mutation(({ ctx, input }) => service.updateState(ctx.gateway, input)),
});
