import type { FastifyPluginAsync } from 'fastify';
import { DISCOUNTS_ACCESS, DiscountsListFilterSchema } from '@panel/contracts/discounts';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listDiscounts, type DiscountsDb } from './discounts.service';

/** کدهای تخفیف: the paths are listed in the contracts README of the module. */
export const discountsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(DISCOUNTS_ACCESS);
  const q: DiscountsDb = kyselyOf(db);

  app.get('/api/discounts/', can.read, async (request) => listDiscounts(q, parseInput(DiscountsListFilterSchema, request.query)));
};
