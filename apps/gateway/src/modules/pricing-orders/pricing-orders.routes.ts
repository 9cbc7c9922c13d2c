import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EstimateInputSchema, PricingActionInputSchema, PricingOrderIdInputSchema, PricingOrderListFilterSchema, PRICING_ORDERS_ACCESS } from '@panel/contracts/pricing-orders';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { PRICING_ENTITY, estimate, getPricingOrder, listPricingOrders, pricingActions, pricingExperts, statusCounts, type PricingDb } from './pricing-orders.service';

/** Price estimation (spec §7 "price estimator: estimate, last prices, explain"): staff read, price experts act. */
export const pricingOrdersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(PRICING_ORDERS_ACCESS);
  const q: PricingDb = kyselyOf(db);
  const idOf = (request: { params: unknown }) => parseInput(PricingOrderIdInputSchema, request.params).id;
  const withId = (request: { params: unknown; body: unknown }) => ({ ...(request.body as object | undefined), id: idOf(request) });

  // `mine` names the verified token's user, never one the request names.
  const listed = (request: FastifyRequest) => [parseInput(PricingOrderListFilterSchema, request.query), actorOf(request).username] as const;

  app.get('/api/price-estimator/orders/', can.read, async (request) => listPricingOrders(q, ...listed(request)));
  app.get('/api/price-estimator/orders/counts/', can.read, async (request) => ({ results: await statusCounts(q, ...listed(request)) }));
  app.get('/api/price-estimator/experts/', can.read, async () => ({ results: await pricingExperts(q) }));
  app.get('/api/price-estimator/orders/:id/', can.read, async (request) => getPricingOrder(q, idOf(request)));
  app.get('/api/price-estimator/orders/:id/estimate/', can.read, async (request) => ({ data: await estimate(db, idOf(request)) }));
  app.get('/api/price-estimator/orders/:id/history/', can.read, async (request) => ({ results: await actionLog(db, PRICING_ENTITY, idOf(request)) }));

  const actions = pricingActions(db);
  app.post('/api/price-estimator/orders/:id/take/', can.price, async (request) => ({ data: await actions.take(actorOf(request), parseInput(PricingActionInputSchema, withId(request))) }));
  app.post('/api/price-estimator/orders/:id/release/', can.price, async (request) => ({ data: await actions.release(actorOf(request), parseInput(PricingActionInputSchema, withId(request))) }));
  app.post('/api/price-estimator/orders/:id/estimate/', can.price, async (request) => ({ data: await actions.estimate(actorOf(request), parseInput(EstimateInputSchema, withId(request))) }));
};
