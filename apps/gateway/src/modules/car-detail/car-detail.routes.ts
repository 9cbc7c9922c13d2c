import type { FastifyPluginAsync } from 'fastify';
import { CAR_DETAIL_ACCESS, CarLookupInputSchema, readCarQuery } from '@panel/contracts/car-detail';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { carHistory } from './car-detail.service';

/** جزئیات خودرو: the paths are listed in the contracts README of the module. */
export const carDetailRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(CAR_DETAIL_ACCESS);

  app.get('/api/car-detail/lookup/', can.read, async (request) => {
    const { q, kind } = parseInput(CarLookupInputSchema, request.query);
    return { result: await carHistory(db, readCarQuery(q, kind)!) };
  });
};
