import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from './deps';
import { authRoutes } from './modules/auth/auth.routes';
import { authSeed } from './modules/auth/auth.seed';
import { brandModelsRoutes } from './modules/brand-models/brand-models.routes';
import { conciergeSaleRoutes } from './modules/concierge-sale/concierge-sale.routes';
import { conciergeSaleSeed } from './modules/concierge-sale/concierge-sale.seed';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { dispatchSeed } from './modules/dispatch/dispatch.seed';
import { inspectionOffersRoutes } from './modules/inspection-offers/inspection-offers.routes';
import { inspectionOffersSeed } from './modules/inspection-offers/inspection-offers.seed';
import { inspectionAssistantsRoutes } from './modules/inspection-assistants/inspection-assistants.routes';
import { inspectionAssistantsSeed } from './modules/inspection-assistants/inspection-assistants.seed';
import { inspectionOrdersRoutes } from './modules/inspection-orders/inspection-orders.routes';
import { inspectionOrdersSeed } from './modules/inspection-orders/inspection-orders.seed';
import { inspectionCatalogueRoutes } from './modules/inspection-catalogue/inspection-catalogue.routes';
import { inspectionCatalogueSeed } from './modules/inspection-catalogue/inspection-catalogue.seed';
import { inspectionReservesRoutes } from './modules/inspection-reserves/inspection-reserves.routes';
import { inspectionReservesSeed } from './modules/inspection-reserves/inspection-reserves.seed';
import { inspectionTicketsRoutes } from './modules/inspection-tickets/inspection-tickets.routes';
import { inspectionTicketsSeed } from './modules/inspection-tickets/inspection-tickets.seed';
import { carPostsRoutes } from './modules/car-posts/car-posts.routes';
import { carPostsSeed } from './modules/car-posts/car-posts.seed';
import { mediaRoutes } from './media/media.routes';
import { pricingOrdersRoutes } from './modules/pricing-orders/pricing-orders.routes';
import { pricingOrdersSeed } from './modules/pricing-orders/pricing-orders.seed';
import { divarTokensRoutes } from './modules/divar-tokens/divar-tokens.routes';
import { divarTokensSeed } from './modules/divar-tokens/divar-tokens.seed';
import { sellTicketsRoutes } from './modules/sell-tickets/sell-tickets.routes';
import { sellTicketsSeed } from './modules/sell-tickets/sell-tickets.seed';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notificationsSeed } from './modules/notifications/notifications.seed';
import { originalityMappingRoutes } from './modules/originality-mapping/originality-mapping.routes';
import { leasingRoutes } from './modules/leasing/leasing.routes';
import { leasingSeed } from './modules/leasing/leasing.seed';
import { affidavitsRoutes } from './modules/affidavits/affidavits.routes';
import { affidavitsSeed } from './modules/affidavits/affidavits.seed';
import { expertsRoutes } from './modules/experts/experts.routes';
import { expertsSeed } from './modules/experts/experts.seed';
import { cmsRoutes } from './modules/cms/cms.routes';
import { cmsSeed } from './modules/cms/cms.seed';
import { reportSchemasRoutes } from './modules/report-schemas/report-schemas.routes';
import { reportSchemasSeed } from './modules/report-schemas/report-schemas.seed';
import { expertPayRoutes } from './modules/expert-pay/expert-pay.routes';
import { npsRoutes } from './modules/nps/nps.routes';
import { npsSeed } from './modules/nps/nps.seed';
import { aiQcRoutes } from './modules/ai-qc/ai-qc.routes';
import { aiQcSeed } from './modules/ai-qc/ai-qc.seed';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { discountsSeed } from './modules/discounts/discounts.seed';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { transactionsSeed } from './modules/transactions/transactions.seed';
import { carDetailRoutes } from './modules/car-detail/car-detail.routes';
import { carDetailSeed } from './modules/car-detail/car-detail.seed';
import { carInfoRoutes } from './modules/car-info/car-info.routes';
import { carInfoSeed } from './modules/car-info/car-info.seed';

export interface GatewayModule {
  name: string;
  routes: FastifyPluginAsync<GatewayDeps>;
  /** Runs once per database, in the order of this list, on first start. */
  seed?: (deps: GatewayDeps) => Promise<void>;
}

/** The app layer composes the modules; modules never import each other. */
export const modules: GatewayModule[] = [
  { name: 'auth', routes: authRoutes, seed: authSeed },
  { name: 'brand-models', routes: brandModelsRoutes },
  { name: 'inspection-catalogue', routes: inspectionCatalogueRoutes, seed: inspectionCatalogueSeed },
  { name: 'inspection-orders', routes: inspectionOrdersRoutes, seed: inspectionOrdersSeed },
  { name: 'dispatch', routes: dispatchRoutes, seed: dispatchSeed },
  { name: 'inspection-offers', routes: inspectionOffersRoutes, seed: inspectionOffersSeed },
  { name: 'inspection-tickets', routes: inspectionTicketsRoutes, seed: inspectionTicketsSeed },
  { name: 'concierge-sale', routes: conciergeSaleRoutes, seed: conciergeSaleSeed },
  { name: 'inspection-reserves', routes: inspectionReservesRoutes, seed: inspectionReservesSeed },
  { name: 'media', routes: mediaRoutes },
  { name: 'car-posts', routes: carPostsRoutes, seed: carPostsSeed },
  { name: 'pricing-orders', routes: pricingOrdersRoutes, seed: pricingOrdersSeed },
  { name: 'divar-tokens', routes: divarTokensRoutes, seed: divarTokensSeed },
  { name: 'originality-mapping', routes: originalityMappingRoutes },
  { name: 'sell-tickets', routes: sellTicketsRoutes, seed: sellTicketsSeed },
  { name: 'notifications', routes: notificationsRoutes, seed: notificationsSeed },
  { name: 'inspection-assistants', routes: inspectionAssistantsRoutes, seed: inspectionAssistantsSeed },
  { name: 'leasing', routes: leasingRoutes, seed: leasingSeed },
  { name: 'affidavits', routes: affidavitsRoutes, seed: affidavitsSeed },
  { name: 'experts', routes: expertsRoutes, seed: expertsSeed },
  { name: 'cms', routes: cmsRoutes, seed: cmsSeed },
  { name: 'report-schemas', routes: reportSchemasRoutes, seed: reportSchemasSeed },
  { name: 'expert-pay', routes: expertPayRoutes },
  { name: 'nps', routes: npsRoutes, seed: npsSeed },
  { name: 'ai-qc', routes: aiQcRoutes, seed: aiQcSeed },
  { name: 'discounts', routes: discountsRoutes, seed: discountsSeed },
  { name: 'transactions', routes: transactionsRoutes, seed: transactionsSeed },
  { name: 'car-detail', routes: carDetailRoutes, seed: carDetailSeed },
  { name: 'car-info', routes: carInfoRoutes, seed: carInfoSeed },
];
