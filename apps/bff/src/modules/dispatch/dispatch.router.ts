import {
  AssignOrderInputSchema,
  DISPATCH_ACCESS,
  CancelAssignmentInputSchema,
  CancelReserveCellInputSchema,
  CheckPenaltyInputSchema,
  CreateNoteInputSchema,
  DuplicateTimeslotInputSchema,
  GetCellDetailInputSchema,
  GetScheduleInputSchema,
  GetShiftStatisticsInputSchema,
  ListCellsInputSchema,
  ListExpertsInputSchema,
  ListNotesInputSchema,
  ListOrdersInputSchema,
  ListUnassignedInputSchema,
  ResendOfferInputSchema,
  TempReserveCellInputSchema,
  UpdateAvailabilityInputSchema,
  UpdateVisitTimeInputSchema,
} from '@panel/contracts/dispatch';
import { z } from 'zod';
import {
  AreaSchema,
  CellDetailSchema,
  CellSchema,
  DateOptionSchema,
  DayScheduleSchema,
  DuplicateTimeslotResultSchema,
  ExpertSchema,
  NoteSchema,
  OrderCandidateSchema,
  PenaltyCheckSchema,
  ResendOfferResultSchema,
  ServerTimeSchema,
  ShiftStatisticsSchema,
} from '@panel/contracts/dispatch';
import { procedureFor, router } from '../../trpc';
import { dispatchGateway } from './dispatch.service';
import { watchProcedure } from './dispatch.live';

const gw = procedureFor(DISPATCH_ACCESS.plan).use(({ ctx, next }) => next({ ctx: { dispatch: dispatchGateway(ctx.gateway) } }));

/** The dispatch sheet's typed API; each procedure is listed in packages/contracts/src/dispatch/README.md. */
export const dispatchRouter = router({
  experts: gw.meta({ summary: 'کارشناسان با فیلتر منطقه و نوع', output: z.array(ExpertSchema) }).input(ListExpertsInputSchema).query(({ ctx, input }) => ctx.dispatch.experts(input)),
  areas: gw.meta({ summary: 'مناطق', output: z.array(AreaSchema) }).query(({ ctx }) => ctx.dispatch.areas()),
  dates: gw.meta({ summary: 'روزهای قابل انتخاب جدول', output: z.array(DateOptionSchema) }).query(({ ctx }) => ctx.dispatch.dates()),
  schedule: gw.meta({ summary: 'برنامه روز: شیفت‌ها و ساعت‌ها', output: z.array(DayScheduleSchema) }).input(GetScheduleInputSchema).query(({ ctx, input }) => ctx.dispatch.schedule(input.date)),
  cells: gw.meta({ summary: 'خانه‌های جدول یک روز (هر کارشناس در هر شیفت)', output: z.array(CellSchema) }).input(ListCellsInputSchema).query(({ ctx, input }) => ctx.dispatch.cells(input.date)),

  updateAvailability: gw.meta({ summary: 'تغییر وضعیت حضور کارشناس در یک شیفت', output: CellSchema }).input(UpdateAvailabilityInputSchema).mutation(({ ctx, input }) => ctx.dispatch.updateAvailability(input)),
  tempReserve: gw.meta({ summary: 'رزرو موقت یک خانه برای تخصیص', output: CellSchema }).input(TempReserveCellInputSchema).mutation(({ ctx, input }) => ctx.dispatch.tempReserve(input)),
  cancelReserve: gw.meta({ summary: 'لغو رزرو موقت یک خانه', output: CellSchema }).input(CancelReserveCellInputSchema).mutation(({ ctx, input }) => ctx.dispatch.cancelReserve(input)),
  assignOrder: gw.meta({ summary: 'تخصیص سفارش به یک خانه آزاد جدول', output: CellSchema }).input(AssignOrderInputSchema).mutation(({ ctx, input }) => ctx.dispatch.assignOrder(input)),
  updateVisitTime: gw.meta({ summary: 'تغییر ساعت بازدید سفارش تخصیص‌یافته', output: CellSchema }).input(UpdateVisitTimeInputSchema).mutation(({ ctx, input }) => ctx.dispatch.updateVisitTime(input)),
  cancelAssignment: gw.meta({ summary: 'لغو تخصیص سفارش از کارشناس', output: CellSchema }).input(CancelAssignmentInputSchema).mutation(({ ctx, input }) => ctx.dispatch.cancelAssignment(input)),
  penaltyCheck: gw.meta({ summary: 'آیا لغو تخصیص این سفارش جریمه دارد', output: PenaltyCheckSchema }).input(CheckPenaltyInputSchema).query(({ ctx, input }) => ctx.dispatch.penaltyCheck(input.inspectionId)),

  orders: gw.meta({ summary: 'سفارش‌های تخصیص‌یافته یک خانه', output: z.array(OrderCandidateSchema) }).input(ListOrdersInputSchema).query(({ ctx, input }) => ctx.dispatch.orders(input.shiftId, input.expertId)),
  unassigned: gw.meta({ summary: 'سفارش‌های بدون کارشناس قابل تخصیص به یک خانه', output: z.array(OrderCandidateSchema) }).input(ListUnassignedInputSchema).query(({ ctx, input }) => ctx.dispatch.unassigned(input.shiftId, input.expertId)),
  notes: gw.meta({ summary: 'یادداشت‌های یک خانه', output: z.array(NoteSchema) }).input(ListNotesInputSchema).query(({ ctx, input }) => ctx.dispatch.notes(input.shiftId, input.expertId)),
  createNote: gw.meta({ summary: 'افزودن یادداشت به یک خانه', output: NoteSchema }).input(CreateNoteInputSchema).mutation(({ ctx, input }) => ctx.dispatch.createNote(ctx.user, input)),
  cellDetail: gw.meta({ summary: 'جزئیات یک خانه جدول', output: CellDetailSchema }).input(GetCellDetailInputSchema).query(({ ctx, input }) => ctx.dispatch.cellDetail(input.expertTimeslotId)),
  shiftStatistics: gw.meta({ summary: 'آمار شیفت‌های یک روز', output: z.array(ShiftStatisticsSchema) }).input(GetShiftStatisticsInputSchema).query(({ ctx, input }) => ctx.dispatch.shiftStatistics(input.date)),
  serverTime: gw.meta({ summary: 'ساعت سرور', output: ServerTimeSchema }).query(({ ctx }) => ctx.dispatch.serverTime()),
  duplicateTimeslot: gw.meta({ summary: 'رونوشت برنامه یک روز روی روز دیگر', output: DuplicateTimeslotResultSchema }).input(DuplicateTimeslotInputSchema).mutation(({ ctx, input }) => ctx.dispatch.duplicateTimeslot(input)),
  resendOffer: gw.meta({ summary: 'ارسال دوباره پیشنهاد سفارش به کارشناسان', output: ResendOfferResultSchema }).input(ResendOfferInputSchema).mutation(({ ctx, input }) => ctx.dispatch.resendOffer(input.inspectionId)),

  watch: watchProcedure,
});
