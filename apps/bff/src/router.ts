import { apiTokensRouter } from './modules/api-tokens/api-tokens.router';
import { authRouter } from './modules/auth/auth.router';
import { brandModelsRouter } from './modules/brand-models/brand-models.router';
import { conciergeSaleRouter } from './modules/concierge-sale/concierge-sale.router';
import { dispatchRouter } from './modules/dispatch/dispatch.router';
import { inspectionOffersRouter } from './modules/inspection-offers/inspection-offers.router';
import { inspectionCatalogueRouter } from './modules/inspection-catalogue/inspection-catalogue.router';
import { inspectionReservesRouter } from './modules/inspection-reserves/inspection-reserves.router';
import { inspectionOrdersRouter } from './modules/inspection-orders/inspection-orders.router';
import { systemRouter } from './modules/system/system.router';
import { inspectionTicketsRouter } from './modules/inspection-tickets/inspection-tickets.router';
import { carPostsRouter } from './modules/car-posts/car-posts.router';
import { pricingOrdersRouter } from './modules/pricing-orders/pricing-orders.router';
import { divarTokensRouter } from './modules/divar-tokens/divar-tokens.router';
import { sellTicketsRouter } from './modules/sell-tickets/sell-tickets.router';
import { originalityMappingRouter } from './modules/originality-mapping/originality-mapping.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { inspectionAssistantsRouter } from './modules/inspection-assistants/inspection-assistants.router';
import { leasingRouter } from './modules/leasing/leasing.router';
import { affidavitsRouter } from './modules/affidavits/affidavits.router';
import { expertTicketsRouter, expertsRouter } from './modules/experts/experts.router';
import { cmsRouter } from './modules/cms/cms.router';
import { reportSchemasRouter } from './modules/report-schemas/report-schemas.router';
import { expertPayRouter } from './modules/expert-pay/expert-pay.router';
import { npsRouter } from './modules/nps/nps.router';
import { aiQcRouter } from './modules/ai-qc/ai-qc.router';
import { discountsRouter } from './modules/discounts/discounts.router';
import { transactionsRouter } from './modules/transactions/transactions.router';
import { carDetailRouter } from './modules/car-detail/car-detail.router';
import { carInfoRouter } from './modules/car-info/car-info.router';
import { router } from './trpc';

/** The typed API of the panel: the browser and integrators call the same procedures. */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  dispatch: dispatchRouter,
  inspectionOrders: inspectionOrdersRouter,
  inspectionTickets: inspectionTicketsRouter,
  inspectionOffers: inspectionOffersRouter,
  brandModels: brandModelsRouter,
  conciergeSale: conciergeSaleRouter,
  inspectionReserves: inspectionReservesRouter,
  apiTokens: apiTokensRouter,
  carPosts: carPostsRouter,
  pricingOrders: pricingOrdersRouter,
  divarTokens: divarTokensRouter,
  originalityMapping: originalityMappingRouter,
  sellTickets: sellTicketsRouter,
  notifications: notificationsRouter,
  inspectionAssistants: inspectionAssistantsRouter,
  inspectionCatalogue: inspectionCatalogueRouter,
  leasing: leasingRouter,
  affidavits: affidavitsRouter,
  experts: expertsRouter,
  expertTickets: expertTicketsRouter,
  cms: cmsRouter,
  reportSchemas: reportSchemasRouter,
  expertPay: expertPayRouter,
  nps: npsRouter,
  aiQc: aiQcRouter,
  discounts: discountsRouter,
  transactions: transactionsRouter,
  carDetail: carDetailRouter,
  carInfo: carInfoRouter,
});

export type AppRouter = typeof appRouter;
