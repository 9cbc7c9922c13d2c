import * as c from '@panel/contracts/inspection-offers';
import { gatewayProcedures } from '../../gateway/procedures';
import { router } from '../../trpc';
import { watchOffersProcedure } from './inspection-offers.live';

// The sidebar's offer pages carry the staff role (spec §6); offers are sent and removed through
// the order's actions (inspectionOrders.sendToOffer / removeOffer). `watch` is offer monitoring's
// live subscription (snapshot, then tracked deltas; decision 033).
const { read } = gatewayProcedures(c.INSPECTION_OFFERS_ACCESS, '/api/inspection/offers/');

export const inspectionOffersRouter = router({
  ...read.list('', c.offerListFilter, c.OfferListPageSchema, { list: 'فهرست پیشنهادهای سفارش به کارشناسان با فیلتر و صفحه‌بندی', export: 'همه پیشنهادهای فیلترشده (تا سقف خروجی) برای CSV' }),
  watch: watchOffersProcedure,
});
