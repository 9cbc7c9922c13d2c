import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { ROLES } from '@panel/contracts/common';
import { CreateOrderInputSchema, OrderListFilterSchema, OrderPkInputSchema } from '@panel/contracts/inspection-orders';
import type { GatewayDeps } from '../../deps';
import { badRequest } from '../../errors';
import { requireAuth, requireRole } from '../../plugins/auth';
import { createOrder, filterOptions, getOrder, listOrders } from './inspection-orders.service';

/** Parses with a contract schema; a failure is a 400 field map with the schema's Persian messages. */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw badRequest(fields);
}

export const inspectionOrdersRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db, tokens } = deps;
  const guard = { preHandler: [requireAuth(tokens), requireRole(ROLES.staff)] };

  app.get('/api/inspection/orders', guard, async (request) => listOrders(db, parse(OrderListFilterSchema, request.query)));

  app.get('/api/inspection/orders/filter-options', guard, async () => filterOptions(db));

  app.get('/api/inspection/orders/:pk', guard, async (request) => getOrder(db, parse(OrderPkInputSchema, request.params).pk));

  app.post('/api/inspection/orders', guard, async (request, reply) => {
    const input = parse(CreateOrderInputSchema, request.body ?? {});
    const created = await createOrder(db, input, request.user!.user.username);
    return reply.status(201).send(created);
  });
};
