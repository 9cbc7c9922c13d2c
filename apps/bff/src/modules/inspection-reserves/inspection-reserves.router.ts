import { ReleaseReserveInputSchema, ReserveIdInputSchema, ReserveListFilterSchema } from '@panel/contracts/inspection-reserves';
import { router, staffProcedure } from '../../trpc';
import { listReserves, releaseReserve, renewReserve, sendPaymentLink } from './inspection-reserves.service';

// `/panel/inspection/reserves` carries the staff role (spec §6).
export const inspectionReservesRouter = router({
  list: staffProcedure.input(ReserveListFilterSchema).query(({ ctx, input }) => listReserves(ctx.gateway, input)),
  renew: staffProcedure.input(ReserveIdInputSchema).mutation(({ ctx, input }) => renewReserve(ctx.gateway, input)),
  sendPaymentLink: staffProcedure.input(ReserveIdInputSchema).mutation(({ ctx, input }) => sendPaymentLink(ctx.gateway, input)),
  release: staffProcedure.input(ReleaseReserveInputSchema).mutation(({ ctx, input }) => releaseReserve(ctx.gateway, input)),
});
