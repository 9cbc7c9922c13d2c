import { OfferListFilterSchema, INSPECTION_OFFERS_ACCESS } from '@panel/contracts/inspection-offers';
import { OfferListPageSchema, OfferSchema } from '@panel/contracts/inspection-offers';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import { watchOffersProcedure } from './inspection-offers.live';
import { exportOffers, listOffers } from './inspection-offers.service';

// The sidebar's offer pages carry the staff role (spec §6); offers are sent and removed through
// the order's actions (inspectionOrders.sendToOffer / removeOffer). `watch` is offer monitoring's
// live subscription (snapshot, then tracked deltas; decision 033).
const read = procedureFor(INSPECTION_OFFERS_ACCESS.read);

export const inspectionOffersRouter = router({
  list: read.meta({ summary: 'فهرست پیشنهادهای سفارش به کارشناسان با فیلتر و صفحه‌بندی', output: OfferListPageSchema }).input(OfferListFilterSchema).query(({ ctx, input }) => listOffers(ctx.gateway, input)),
  export: read.meta({ summary: 'همه پیشنهادهای فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(OfferSchema) }).input(OfferListFilterSchema).query(({ ctx, input }) => exportOffers(ctx.gateway, input)),
  watch: watchOffersProcedure,
});
