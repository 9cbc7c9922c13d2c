import type { FastifyPluginAsync } from 'fastify';
import { CAR_INFO_ACCESS, CarInfoListFilterSchema } from '@panel/contracts/car-info';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listCarInfo, type CarInfoDb } from './car-info.service';

/** اطلاعات خودرو: the paths are listed in the contracts README of the module. */
export const carInfoRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(CAR_INFO_ACCESS);
  const q: CarInfoDb = kyselyOf(db);

  app.get('/api/car-info/', can.read, async (request) => listCarInfo(q, parseInput(CarInfoListFilterSchema, request.query)));
};
