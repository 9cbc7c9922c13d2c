import { OfferListPageSchema, offerListFilter, type Offer, type OfferListFilter, type OfferListPage } from '@panel/contracts/inspection-offers';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const OFFERS = '/api/inspection/offers/';

export const listOffers = (gateway: GatewayClient, filter: OfferListFilter): Promise<OfferListPage> =>
  gateway.get(OfferListPageSchema, OFFERS, offerListFilter.toQuery(filter));

/** Every offer of the filter (up to EXPORT_LIMIT), for the CSV. */
export const exportOffers = (gateway: GatewayClient, filter: OfferListFilter): Promise<{ rows: Offer[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listOffers(gateway, { ...filter, page, pageSize }));
