import { OfferListFilterSchema } from '@panel/contracts/inspection-offers';
import { router, staffProcedure } from '../../trpc';
import { exportOffers, listOffers } from './inspection-offers.service';

// The sidebar's offer pages carry the staff role (spec §6); offers are sent and removed through
// the order's actions (inspectionOrders.sendToOffer / removeOffer).
export const inspectionOffersRouter = router({
  list: staffProcedure.input(OfferListFilterSchema).query(({ ctx, input }) => listOffers(ctx.gateway, input)),
  export: staffProcedure.input(OfferListFilterSchema).query(({ ctx, input }) => exportOffers(ctx.gateway, input)),
});
