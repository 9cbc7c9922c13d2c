import type { FastifyPluginAsync } from 'fastify';
import { CAR_DETAIL_ACCESS, CarDetailListFilterSchema } from '@panel/contracts/car-detail';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listCarDetail, type CarDetailDb } from './car-detail.service';

/** جزئیات خودرو: the paths are listed in the contracts README of the module. */
export const carDetailRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(CAR_DETAIL_ACCESS);
  const q: CarDetailDb = kyselyOf(db);

  app.get('/api/car-detail/', can.read, async (request) => listCarDetail(q, parseInput(CarDetailListFilterSchema, request.query)));
};
