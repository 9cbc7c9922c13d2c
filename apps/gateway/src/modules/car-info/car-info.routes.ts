import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CAR_INFO_ACCESS, CarInfoEditInputSchema, CarInfoIdInputSchema, CarInfoImageInputSchema, CarInfoListFilterSchema, CarInfoNoteInputSchema, FeedbackStepInputSchema, ImageIdInputSchema } from '@panel/contracts/car-info';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { CAR_INFO_ENTITY, carInfoActions, carInfoDetail, listCarInfo, type CarInfoDb } from './car-info.service';

/** اطلاعات خودرو: the paths are listed in the contracts README of the module. */
export const carInfoRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(CAR_INFO_ACCESS);
  const q: CarInfoDb = kyselyOf(db);
  const act = carInfoActions(db);
  const idOf = (request: FastifyRequest) => parseInput(CarInfoIdInputSchema, request.params).id;
  const withId = (request: FastifyRequest) => ({ ...(request.body as object), id: idOf(request) });

  app.get('/api/car-info/', can.read, async (request) => listCarInfo(q, parseInput(CarInfoListFilterSchema, request.query)));
  app.get('/api/car-info/types/:id/', can.read, async (request) => ({ result: await carInfoDetail(q, idOf(request)) }));
  app.put('/api/car-info/types/:id/', can.change, async (request) => ({ data: await act.edit(actorOf(request), parseInput(CarInfoEditInputSchema, withId(request))) }));
  app.get('/api/car-info/types/:id/history/', can.read, async (request) => ({ results: await actionLog(db, CAR_INFO_ENTITY, idOf(request)) }));
  app.post('/api/car-info/types/:id/images/', can.change, async (request, reply) => reply.code(201).send({ data: await act.addImage(actorOf(request), parseInput(CarInfoImageInputSchema, withId(request))) }));
  app.delete('/api/car-info/images/:id/', can.change, async (request) => ({ data: await act.removeImage(actorOf(request), parseInput(ImageIdInputSchema, request.params).id) }));
  app.post('/api/car-info/types/:id/notes/', can.change, async (request, reply) => reply.code(201).send({ data: await act.addNote(actorOf(request), parseInput(CarInfoNoteInputSchema, withId(request))) }));
  app.post('/api/car-info/notes/:id/update-state/', can.change, async (request) =>
    ({ data: await act.stepFeedback(actorOf(request), parseInput(FeedbackStepInputSchema, { ...(request.body as object), id: (request.params as { id: string }).id })) }),
  );
};
