import type { FastifyPluginAsync } from 'fastify';
import { OfferListFilterSchema } from '@panel/contracts/inspection-offers';
import { OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import type { CoreTables } from '../../db/core-tables';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { listOffers, offersService } from './inspection-offers.service';
import type { InspectionOffersTables } from './inspection-offers.tables';

const EXPIRY_SWEEP_MS = 5_000;

export const inspectionOffersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const { staff } = routeAccess(tokens);
  const q = kyselyOf<CoreTables & InspectionOffersTables>(db);
  const offers = offersService(db);
  const pkOf = (request: { params: unknown }) => parseInput(OrderPkInputSchema, request.params).pk;

  app.get('/api/inspection/offers/', staff, async (request) => listOffers(q, parseInput(OfferListFilterSchema, request.query)));
  // The order's own moves (decision 032), under the order's path like its other actions.
  app.post('/api/inspection/orders/:pk/send-to-offer/', staff, async (request) => ({ data: await offers.send(actorOf(request), pkOf(request)) }));
  app.post('/api/inspection/orders/:pk/remove-offer/', staff, async (request) => ({ data: await offers.remove(actorOf(request), pkOf(request)) }));

  const sweeper = setInterval(() => {
    offers.expireDue().catch((error: unknown) => app.log.warn({ err: error }, 'offer expiry sweep failed'));
  }, EXPIRY_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
};
