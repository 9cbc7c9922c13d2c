import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  CancelOrderInputSchema,
  ChangePackageInputSchema,
  ChangePricingInputSchema,
  CreateOrderInputSchema,
  HoldOrderInputSchema,
  OrderListFilterSchema,
  OrderPkInputSchema,
  ReportDifferencesInputSchema,
  SetOrderVinInputSchema,
  INSPECTION_ORDERS_ACCESS,
} from '@panel/contracts/inspection-orders';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { createOrder, filterOptions, getOrder, listOrders, type OrdersDb } from './inspection-orders.service';
import { orderActions, orderConversation } from './order-actions.service';

export const inspectionOrdersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db, tokens } = deps;
  // Spec §6: the order list carries no role, so anyone signed in reads orders; only staff create.
  const can = routeAccess(tokens).guards(INSPECTION_ORDERS_ACCESS);
  const q: OrdersDb = kyselyOf(db);

  app.get('/api/inspection/orders', can.read, async (request) => listOrders(q, parseInput(OrderListFilterSchema, request.query)));

  app.get('/api/inspection/orders/filter-options', can.read, async () => filterOptions(q));

  app.get('/api/inspection/orders/:pk', can.read, async (request) => getOrder(q, parseInput(OrderPkInputSchema, request.params).pk));

  app.post('/api/inspection/orders', can.act, async (request, reply) => {
    const input = parseInput(CreateOrderInputSchema, request.body ?? {});
    const created = await createOrder(db, deps.ports, input, actorOf(request));
    return reply.status(201).send(created);
  });

  // The order's history: its own actions and the dispatch sheet's, newest first.
  app.get('/api/inspection/orders/:pk/action-log/', can.read, async (request) => ({
    results: await actionLog(db, 'inspection', parseInput(OrderPkInputSchema, request.params).pk),
  }));

  // What the customer received about the order (its chat thread and SMS), oldest first.
  app.get('/api/inspection/orders/:pk/conversation/', can.read, async (request) => ({
    results: await orderConversation(db, parseInput(OrderPkInputSchema, request.params).pk),
  }));

  // The order's actions (decision 032), each `{data: {pk, state, message, ...}}`; staff only.
  const actions = orderActions({ db, paymentLinkBase: deps.env.PAYMENT_LINK_BASE_URL, catalogue: deps.ports.catalogue });
  const pkOf = (request: { params: unknown }) => parseInput(OrderPkInputSchema, request.params).pk;
  const bodyWithPk = <S extends z.ZodType>(schema: S, request: { params: unknown; body: unknown }): z.output<S> =>
    parseInput(schema, { ...(request.body as object | undefined), pk: pkOf(request) });

  app.post('/api/inspection/orders/:pk/hold/', can.act, async (request) => ({ data: await actions.hold(actorOf(request), bodyWithPk(HoldOrderInputSchema, request)) }));
  app.post('/api/inspection/orders/:pk/release-hold/', can.act, async (request) => ({ data: await actions.releaseHold(actorOf(request), pkOf(request)) }));
  app.patch('/api/inspection/orders/:pk/package/', can.act, async (request) => ({ data: await actions.changePackage(actorOf(request), bodyWithPk(ChangePackageInputSchema, request)) }));
  app.patch('/api/inspection/orders/:pk/price-calculation/', can.act, async (request) => ({
    data: await actions.changePricing(actorOf(request), bodyWithPk(ChangePricingInputSchema, request)),
  }));
  app.post('/api/inspection/orders/:pk/settlement-payment-url/', can.act, async (request) => ({ data: await actions.settlementLink(actorOf(request), pkOf(request)) }));
  app.post('/api/inspection/orders/:pk/report-differences/', can.act, async (request) => ({
    data: await actions.reportDifferences(actorOf(request), bodyWithPk(ReportDifferencesInputSchema, request)),
  }));
  app.post('/api/inspection/orders/:pk/vin/', can.act, async (request) => ({ data: await actions.setVin(actorOf(request), bodyWithPk(SetOrderVinInputSchema, request)) }));
  app.post('/api/inspection/orders/:pk/cancel/', can.act, async (request) => ({ data: await actions.cancel(actorOf(request), bodyWithPk(CancelOrderInputSchema, request)) }));
};
