// The concierge sale's SQL (issue 15, decision 070), one import for the routes: who sees which
// sale (viewer), the sale's detail and the offers (reads), the three lists (lists), the actions.

export { saleService, type ActionOutcome } from './concierge-sale.actions';
export { listBuyerOffers, listDeals, listSales } from './concierge-sale.lists';
export { offersByIds, openOffers, saleActionLog, saleDetail, salePeople } from './concierge-sale.reads';
export { type SaleQuery, type Viewer } from './concierge-sale.viewer';
