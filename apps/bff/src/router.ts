import { authRouter } from './modules/auth/auth.router';
import { dispatchRouter } from './modules/dispatch/dispatch.router';
import { inspectionOffersRouter } from './modules/inspection-offers/inspection-offers.router';
import { inspectionOrdersRouter } from './modules/inspection-orders/inspection-orders.router';
import { systemRouter } from './modules/system/system.router';
import { inspectionTicketsRouter } from './modules/inspection-tickets/inspection-tickets.router';
import { router } from './trpc';

/** The typed API of the panel: the browser and integrators call the same procedures. */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  dispatch: dispatchRouter,
  inspectionOrders: inspectionOrdersRouter,
  inspectionTickets: inspectionTicketsRouter,
  inspectionOffers: inspectionOffersRouter,
});

export type AppRouter = typeof appRouter;
