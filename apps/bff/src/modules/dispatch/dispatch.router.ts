import { z } from 'zod';
import { AreaSchema } from '@panel/contracts/entities';
import {
  AssignOrderInputSchema,
  CancelAssignmentInputSchema,
  CancelReserveCellInputSchema,
  CellDetailSchema,
  CellSchema,
  CheckPenaltyInputSchema,
  CreateNoteInputSchema,
  DateOptionSchema,
  DayScheduleSchema,
  DuplicateTimeslotInputSchema,
  DuplicateTimeslotResultSchema,
  ExpertSchema,
  GetCellDetailInputSchema,
  GetScheduleInputSchema,
  GetShiftStatisticsInputSchema,
  ListCellsInputSchema,
  ListExpertsInputSchema,
  ListNotesInputSchema,
  ListOrdersInputSchema,
  ListUnassignedInputSchema,
  NoteSchema,
  OrderCandidateSchema,
  PenaltyCheckSchema,
  ResendOfferInputSchema,
  ResendOfferResultSchema,
  ServerTimeSchema,
  ShiftStatisticsSchema,
  TempReserveCellInputSchema,
  UpdateAvailabilityInputSchema,
  UpdateVisitTimeInputSchema,
} from '@panel/contracts/dispatch';
import { router, staffProcedure } from '../../trpc';
import { dispatchGateway } from './dispatch.service';
import { watchProcedure } from './dispatch.watch';

const gw = staffProcedure.use(({ ctx, next }) => next({ ctx: { dispatch: dispatchGateway(ctx.gateway) } }));

/** The dispatch sheet's typed API; each procedure is listed in packages/contracts/src/dispatch/README.md. */
export const dispatchRouter = router({
  experts: gw.input(ListExpertsInputSchema).output(z.array(ExpertSchema)).query(({ ctx, input }) => ctx.dispatch.experts(input)),
  areas: gw.output(z.array(AreaSchema)).query(({ ctx }) => ctx.dispatch.areas()),
  dates: gw.output(z.array(DateOptionSchema)).query(({ ctx }) => ctx.dispatch.dates()),
  schedule: gw.input(GetScheduleInputSchema).output(z.array(DayScheduleSchema)).query(({ ctx, input }) => ctx.dispatch.schedule(input.date)),
  cells: gw.input(ListCellsInputSchema).output(z.array(CellSchema)).query(({ ctx, input }) => ctx.dispatch.cells(input.date)),

  updateAvailability: gw.input(UpdateAvailabilityInputSchema).output(CellSchema).mutation(({ ctx, input }) => ctx.dispatch.updateAvailability(input)),
  tempReserve: gw.input(TempReserveCellInputSchema).output(CellSchema).mutation(({ ctx, input }) => ctx.dispatch.tempReserve(input)),
  cancelReserve: gw.input(CancelReserveCellInputSchema).output(CellSchema).mutation(({ ctx, input }) => ctx.dispatch.cancelReserve(input)),
  assignOrder: gw.input(AssignOrderInputSchema).output(CellSchema).mutation(({ ctx, input }) => ctx.dispatch.assignOrder(input)),
  updateVisitTime: gw.input(UpdateVisitTimeInputSchema).output(CellSchema).mutation(({ ctx, input }) => ctx.dispatch.updateVisitTime(input)),
  cancelAssignment: gw.input(CancelAssignmentInputSchema).output(CellSchema).mutation(({ ctx, input }) => ctx.dispatch.cancelAssignment(input)),
  penaltyCheck: gw.input(CheckPenaltyInputSchema).output(PenaltyCheckSchema).query(({ ctx, input }) => ctx.dispatch.penaltyCheck(input.inspectionId)),

  orders: gw.input(ListOrdersInputSchema).output(z.array(OrderCandidateSchema)).query(({ ctx, input }) => ctx.dispatch.orders(input.shiftId, input.expertId)),
  unassigned: gw
    .input(ListUnassignedInputSchema)
    .output(z.array(OrderCandidateSchema))
    .query(({ ctx, input }) => ctx.dispatch.unassigned(input.shiftId, input.expertId)),
  notes: gw.input(ListNotesInputSchema).output(z.array(NoteSchema)).query(({ ctx, input }) => ctx.dispatch.notes(input.shiftId, input.expertId)),
  createNote: gw.input(CreateNoteInputSchema).output(NoteSchema).mutation(({ ctx, input }) => ctx.dispatch.createNote(ctx.user, input)),
  cellDetail: gw.input(GetCellDetailInputSchema).output(CellDetailSchema).query(({ ctx, input }) => ctx.dispatch.cellDetail(input.expertTimeslotId)),
  shiftStatistics: gw
    .input(GetShiftStatisticsInputSchema)
    .output(z.array(ShiftStatisticsSchema))
    .query(({ ctx, input }) => ctx.dispatch.shiftStatistics(input.date)),
  serverTime: gw.output(ServerTimeSchema).query(({ ctx }) => ctx.dispatch.serverTime()),
  duplicateTimeslot: gw
    .input(DuplicateTimeslotInputSchema)
    .output(DuplicateTimeslotResultSchema)
    .mutation(({ ctx, input }) => ctx.dispatch.duplicateTimeslot(input)),
  resendOffer: gw.input(ResendOfferInputSchema).output(ResendOfferResultSchema).mutation(({ ctx, input }) => ctx.dispatch.resendOffer(input.inspectionId)),

  watch: watchProcedure,
});
