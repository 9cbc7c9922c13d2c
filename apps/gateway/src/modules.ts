import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from './deps';
import { authRoutes } from './modules/auth/auth.routes';
import { authSeed } from './modules/auth/auth.seed';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { dispatchSeed } from './modules/dispatch/dispatch.seed';
import { inspectionOffersRoutes } from './modules/inspection-offers/inspection-offers.routes';
import { inspectionOffersSeed } from './modules/inspection-offers/inspection-offers.seed';
import { inspectionOrdersRoutes } from './modules/inspection-orders/inspection-orders.routes';
import { inspectionOrdersSeed } from './modules/inspection-orders/inspection-orders.seed';
import { inspectionTicketsRoutes } from './modules/inspection-tickets/inspection-tickets.routes';
import { inspectionTicketsSeed } from './modules/inspection-tickets/inspection-tickets.seed';

export interface GatewayModule {
  name: string;
  routes: FastifyPluginAsync<GatewayDeps>;
  /** Runs once per database, in the order of this list, on first start. */
  seed?: (deps: GatewayDeps) => Promise<void>;
}

/** The app layer composes the modules; modules never import each other. */
export const modules: GatewayModule[] = [
  { name: 'auth', routes: authRoutes, seed: authSeed },
  { name: 'inspection-orders', routes: inspectionOrdersRoutes, seed: inspectionOrdersSeed },
  { name: 'dispatch', routes: dispatchRoutes, seed: dispatchSeed },
  { name: 'inspection-offers', routes: inspectionOffersRoutes, seed: inspectionOffersSeed },
  { name: 'inspection-tickets', routes: inspectionTicketsRoutes, seed: inspectionTicketsSeed },
];
