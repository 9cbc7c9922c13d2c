import type { FastifyPluginAsync } from 'fastify';
import { CreateOrderInputSchema, OrderListFilterSchema, OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { createOrder, filterOptions, getOrder, listOrders } from './inspection-orders.service';

export const inspectionOrdersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db, tokens } = deps;
  // Spec §6: the order list carries no role, so anyone signed in reads orders; only staff create.
  const { signedIn, staff } = routeAccess(tokens);

  app.get('/api/inspection/orders', signedIn, async (request) => listOrders(db, parseInput(OrderListFilterSchema, request.query)));

  app.get('/api/inspection/orders/filter-options', signedIn, async () => filterOptions(db));

  app.get('/api/inspection/orders/:pk', signedIn, async (request) => getOrder(db, parseInput(OrderPkInputSchema, request.params).pk));

  app.post('/api/inspection/orders', staff, async (request, reply) => {
    const input = parseInput(CreateOrderInputSchema, request.body ?? {});
    const created = await createOrder(db, input, request.user!.user.username);
    return reply.status(201).send(created);
  });
};
