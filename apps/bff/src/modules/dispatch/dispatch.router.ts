import {
  AssignOrderInputSchema,
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
import { router, staffProcedure } from '../../trpc';
import { dispatchGateway } from './dispatch.service';
import { watchProcedure } from './dispatch.live';

const gw = staffProcedure.use(({ ctx, next }) => next({ ctx: { dispatch: dispatchGateway(ctx.gateway) } }));

/** The dispatch sheet's typed API; each procedure is listed in packages/contracts/src/dispatch/README.md. */
export const dispatchRouter = router({
  experts: gw.input(ListExpertsInputSchema).query(({ ctx, input }) => ctx.dispatch.experts(input)),
  areas: gw.query(({ ctx }) => ctx.dispatch.areas()),
  dates: gw.query(({ ctx }) => ctx.dispatch.dates()),
  schedule: gw.input(GetScheduleInputSchema).query(({ ctx, input }) => ctx.dispatch.schedule(input.date)),
  cells: gw.input(ListCellsInputSchema).query(({ ctx, input }) => ctx.dispatch.cells(input.date)),

  updateAvailability: gw.input(UpdateAvailabilityInputSchema).mutation(({ ctx, input }) => ctx.dispatch.updateAvailability(input)),
  tempReserve: gw.input(TempReserveCellInputSchema).mutation(({ ctx, input }) => ctx.dispatch.tempReserve(input)),
  cancelReserve: gw.input(CancelReserveCellInputSchema).mutation(({ ctx, input }) => ctx.dispatch.cancelReserve(input)),
  assignOrder: gw.input(AssignOrderInputSchema).mutation(({ ctx, input }) => ctx.dispatch.assignOrder(input)),
  updateVisitTime: gw.input(UpdateVisitTimeInputSchema).mutation(({ ctx, input }) => ctx.dispatch.updateVisitTime(input)),
  cancelAssignment: gw.input(CancelAssignmentInputSchema).mutation(({ ctx, input }) => ctx.dispatch.cancelAssignment(input)),
  penaltyCheck: gw.input(CheckPenaltyInputSchema).query(({ ctx, input }) => ctx.dispatch.penaltyCheck(input.inspectionId)),

  orders: gw.input(ListOrdersInputSchema).query(({ ctx, input }) => ctx.dispatch.orders(input.shiftId, input.expertId)),
  unassigned: gw.input(ListUnassignedInputSchema).query(({ ctx, input }) => ctx.dispatch.unassigned(input.shiftId, input.expertId)),
  notes: gw.input(ListNotesInputSchema).query(({ ctx, input }) => ctx.dispatch.notes(input.shiftId, input.expertId)),
  createNote: gw.input(CreateNoteInputSchema).mutation(({ ctx, input }) => ctx.dispatch.createNote(ctx.user, input)),
  cellDetail: gw.input(GetCellDetailInputSchema).query(({ ctx, input }) => ctx.dispatch.cellDetail(input.expertTimeslotId)),
  shiftStatistics: gw.input(GetShiftStatisticsInputSchema).query(({ ctx, input }) => ctx.dispatch.shiftStatistics(input.date)),
  serverTime: gw.query(({ ctx }) => ctx.dispatch.serverTime()),
  duplicateTimeslot: gw.input(DuplicateTimeslotInputSchema).mutation(({ ctx, input }) => ctx.dispatch.duplicateTimeslot(input)),
  resendOffer: gw.input(ResendOfferInputSchema).mutation(({ ctx, input }) => ctx.dispatch.resendOffer(input.inspectionId)),

  watch: watchProcedure,
});
