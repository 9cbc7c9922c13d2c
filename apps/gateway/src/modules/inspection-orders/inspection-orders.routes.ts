import type { FastifyPluginAsync } from 'fastify';
import { CreateOrderInputSchema, OrderListFilterSchema, OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import type { CoreTables } from '../../db/core-tables';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { createOrder, filterOptions, getOrder, listOrders } from './inspection-orders.service';

export const inspectionOrdersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db, tokens } = deps;
  // Spec §6: the order list carries no role, so anyone signed in reads orders; only staff create.
  const { signedIn, staff } = routeAccess(tokens);
  const q = kyselyOf<CoreTables>(db);

  app.get('/api/inspection/orders', signedIn, async (request) => listOrders(q, parseInput(OrderListFilterSchema, request.query)));

  app.get('/api/inspection/orders/filter-options', signedIn, async () => filterOptions(q));

  app.get('/api/inspection/orders/:pk', signedIn, async (request) => getOrder(q, parseInput(OrderPkInputSchema, request.params).pk));

  app.post('/api/inspection/orders', staff, async (request, reply) => {
    const input = parseInput(CreateOrderInputSchema, request.body ?? {});
    const created = await createOrder(q, input, request.user!.user.username);
    return reply.status(201).send(created);
  });
};
