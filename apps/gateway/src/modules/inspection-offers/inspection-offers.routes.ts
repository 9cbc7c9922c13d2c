import type { FastifyPluginAsync } from 'fastify';
import { OfferAnswerInputSchema, OfferListFilterSchema, INSPECTION_OFFERS_ACCESS } from '@panel/contracts/inspection-offers';
import { OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import type { CoreTables } from '../../db/core-tables';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { serveLiveChannel } from '../../live/live-channel';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { startDemoAnswers } from './inspection-offers.demo';
import { offersChannel } from './inspection-offers.live';
import { listOffers, offersService, openOffers } from './inspection-offers.service';
import type { InspectionOffersTables } from './inspection-offers.tables';

const EXPIRY_SWEEP_MS = 5_000;

export const inspectionOffersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, env, tokens, ports }) => {
  const can = routeAccess(tokens).guards(INSPECTION_OFFERS_ACCESS);
  const q = kyselyOf<CoreTables & InspectionOffersTables>(db);
  const live = await serveLiveChannel(app, { db, tokens }, offersChannel(() => openOffers(q)));
  const offers = offersService(db, { dispatch: ports.dispatch, live });
  const pkOf = (request: { params: unknown }) => parseInput(OrderPkInputSchema, request.params).pk;
  const idOf = (request: { params: unknown }) => parseInput(OfferAnswerInputSchema, request.params).id;
  /** The expert app's caller: whoever its verified token names (decision 033). */
  const expertOf = (request: { user?: { user: { username: string } } }) => ({ username: request.user!.user.username });

  app.get('/api/inspection/offers/', can.read, async (request) => listOffers(q, parseInput(OfferListFilterSchema, request.query)));
  // The order's own moves (decision 032), under the order's path like its other actions.
  app.post('/api/inspection/orders/:pk/send-to-offer/', can.send, async (request) => ({ data: await offers.send(actorOf(request), pkOf(request)) }));
  app.post('/api/inspection/orders/:pk/remove-offer/', can.send, async (request) => ({ data: await offers.remove(actorOf(request), pkOf(request)) }));

  // The expert app (the expert's own token): the open offers sent to them, and their answers.
  app.get('/api/expert-app/offers/', can.answer, async (request) => ({ results: await offers.forExpert(expertOf(request)) }));
  app.post('/api/expert-app/offers/:id/see/', can.answer, async (request) => ({ data: await offers.see(expertOf(request), idOf(request)) }));
  app.post('/api/expert-app/offers/:id/decline/', can.answer, async (request) => ({ data: await offers.decline(expertOf(request), idOf(request)) }));
  app.post('/api/expert-app/offers/:id/accept/', can.answer, async (request) => ({ data: await offers.accept(expertOf(request), idOf(request)) }));

  const sweeper = setInterval(() => {
    offers.expireDue().catch((error: unknown) => app.log.warn({ err: error }, 'offer expiry sweep failed'));
  }, EXPIRY_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // The demo's trickle of experts' answers (decision 033): only with the demo seed, and a setting.
  if (env.SEED === 'demo' && env.OFFER_DEMO_ANSWERS_SECONDS > 0) {
    const stop = startDemoAnswers(db, offers, env.OFFER_DEMO_ANSWERS_SECONDS * 1000, app.log);
    app.addHook('onClose', async () => stop());
  }
};
