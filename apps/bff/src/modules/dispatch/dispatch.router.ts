import { z } from 'zod';
import { inData } from '@panel/contracts/common';
import * as c from '@panel/contracts/dispatch';
import { data, gatewayProcedures, result, results } from '../../gateway/procedures';
import { router } from '../../trpc';
import { watchProcedure } from './dispatch.live';

// The dispatch sheet's calls to the upstream (spec §7 shapes, paths in the contracts' README):
// the sheet's inputs are camelCase, the upstream's fields snake_case, so most procedures say
// their query or body; each answer is checked against its contract once, by the gateway client.
const BASE = '/api/dispatch';
const { plan } = gatewayProcedures(c.DISPATCH_ACCESS, BASE);
const cell = data(c.CellSchema);
const orders = result(z.array(c.OrderCandidateSchema));
const inCell = ({ shiftId, expertId }: { shiftId: number; expertId: number }) => ({ shift_id: shiftId, expert_id: expertId });

/** The dispatch sheet's typed API; each procedure is listed in packages/contracts/src/dispatch/README.md. */
export const dispatchRouter = router({
  experts: plan.get('/experts/', c.ListExpertsInputSchema, result(z.array(c.ExpertSchema)), 'کارشناسان با فیلتر منطقه و نوع', {
    query: (input) => ({ sort_from_timeslot: input.sortFromTimeslot, is_expert: input.isExpert, is_mechanic: input.isMechanic }),
  }),
  areas: plan.get('/areas/', results(z.array(c.AreaSchema)), 'مناطق'),
  dates: plan.get('/dates/', result(z.array(c.DateOptionSchema)), 'روزهای قابل انتخاب جدول'),
  schedule: plan.get('/schedule/', c.GetScheduleInputSchema, result(z.array(c.DayScheduleSchema)), 'برنامه روز: شیفت‌ها و ساعت‌ها'),
  cells: plan.get('/cells/', c.ListCellsInputSchema, result(z.array(c.CellSchema)), 'خانه‌های جدول یک روز (هر کارشناس در هر شیفت)'),

  updateAvailability: plan.patch('/experts/:expertId/shifts/:shiftId/availability/', c.UpdateAvailabilityInputSchema, cell, 'تغییر وضعیت حضور کارشناس در یک شیفت'),
  tempReserve: plan.post('/temp-reserve/', c.TempReserveCellInputSchema, cell, 'رزرو موقت یک خانه برای تخصیص', { body: (input) => ({ ...inCell(input), version: input.version }) }),
  cancelReserve: plan.post('/cancel-reserve/', c.CancelReserveCellInputSchema, cell, 'لغو رزرو موقت یک خانه', { body: inCell }),
  assignOrder: plan.post('/inspections/:inspectionId/time-slots/:timeslotId/assign/', c.AssignOrderInputSchema, cell, 'تخصیص سفارش به یک خانه آزاد جدول', {
    body: (input) => ({ visit_time: input.visitTime, version: input.version, replaces_inspection_id: input.replacesInspectionId }),
  }),
  updateVisitTime: plan.patch('/inspections/:inspectionId/visit-time/', c.UpdateVisitTimeInputSchema, cell, 'تغییر ساعت بازدید سفارش تخصیص‌یافته', { body: (input) => ({ visit_time: input.visitTime }) }),
  cancelAssignment: plan.post('/cancel-assignment/', c.CancelAssignmentInputSchema, cell, 'لغو تخصیص سفارش از کارشناس', {
    body: (input) => ({ inspection_id: input.inspectionId, expert_id: input.expertId, cancel_by_expert: input.cancelByExpert, penalty: input.penalty, description: input.description }),
  }),
  penaltyCheck: plan.get('/inspections/:inspectionId/penalty/', c.CheckPenaltyInputSchema, data(c.PenaltyCheckSchema), 'آیا لغو تخصیص این سفارش جریمه دارد'),

  orders: plan.get('/orders/', c.ListOrdersInputSchema, orders, 'سفارش‌های تخصیص‌یافته یک خانه', { query: inCell }),
  unassigned: plan.get('/unassigned-inspections/', c.ListUnassignedInputSchema, orders, 'سفارش‌های بدون کارشناس قابل تخصیص به یک خانه', { query: inCell }),
  notes: plan.get('/notes/', c.ListNotesInputSchema, result(z.array(c.NoteSchema)), 'یادداشت‌های یک خانه', { query: (input) => ({ shift: input.shiftId, expert: input.expertId }) }),
  /** The agent is the signed-in user, never a name the browser sends. */
  createNote: plan.procedure
    .meta({ summary: 'افزودن یادداشت به یک خانه', output: c.NoteSchema })
    .input(c.CreateNoteInputSchema)
    .mutation(({ ctx, input }) =>
      ctx.gateway.send(inData(c.NoteSchema), 'POST', `${BASE}/notes/`, {
        agent_username: ctx.user.username,
        agent_fullname: `${ctx.user.first_name} ${ctx.user.last_name}`.trim(),
        content: input.content,
        is_active: input.isActive,
        shift: input.shiftId,
        expert: input.expertId,
      }),
    ),
  cellDetail: plan.postQuery('/expert-timeslot/', c.GetCellDetailInputSchema, data(c.CellDetailSchema), 'جزئیات یک خانه جدول', { body: (input) => ({ expert_timeslot_id: input.expertTimeslotId }) }),
  shiftStatistics: plan.get('/shift-statistics/', c.GetShiftStatisticsInputSchema, result(z.array(c.ShiftStatisticsSchema)), 'آمار شیفت‌های یک روز'),
  serverTime: plan.get('/server-time/', data(c.ServerTimeSchema), 'ساعت سرور'),
  duplicateTimeslot: plan.post('/duplicate-timeslot/', c.DuplicateTimeslotInputSchema, data(c.DuplicateTimeslotResultSchema), 'رونوشت برنامه یک روز روی روز دیگر', {
    body: (input) => ({ from_date: input.fromDate, to_date: input.toDate }),
  }),
  resendOffer: plan.post('/inspections/:inspectionId/resend-to-offer/', c.ResendOfferInputSchema, data(c.ResendOfferResultSchema), 'ارسال دوباره پیشنهاد سفارش به کارشناسان'),

  watch: watchProcedure,
});
