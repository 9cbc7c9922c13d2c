import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  CarPostActionInputSchema,
  CarPostArchiveInputSchema,
  CarPostIdInputSchema,
  CarPostListFilterSchema,
  CarPostReasonedInputSchema,
  ChangeOwnershipInputSchema,
  CAR_POSTS_ACCESS,
} from '@panel/contracts/car-posts';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { carPostActions, carPostFeedback, carPostHistory, carPostTypes, getCarPost, listCarPosts, neighbours, reasons, stateCounts } from './car-posts.service';
import type { CarPostsDb } from './car-posts.service';

const POSTS = '/api/car-posts';

/** Spec §7 "Car posts": states, edit reasons, reject, rejection reasons, feedback, approve, republish, archive, editing, detail, listing, types, change ownership, history. Staff only (spec §6). */
export const carPostsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(CAR_POSTS_ACCESS);
  const q: CarPostsDb = kyselyOf(db);
  const idOf = (request: { params: unknown }) => parseInput(CarPostIdInputSchema, request.params).id;
  const bodyWithId = <S extends z.ZodType>(schema: S, request: { params: unknown; body: unknown }): z.output<S> =>
    parseInput(schema, { ...(request.body as object | undefined), id: idOf(request) });

  app.get(`${POSTS}/`, can.read, async (request) => listCarPosts(q, parseInput(CarPostListFilterSchema, request.query)));
  app.get(`${POSTS}/states/`, can.read, async (request) => ({ results: await stateCounts(q, parseInput(CarPostListFilterSchema, request.query)) }));
  app.get(`${POSTS}/types/`, can.read, async () => ({ results: carPostTypes() }));
  app.get(`${POSTS}/rejection-reasons/`, can.read, async () => ({ results: await reasons(q, 'rejection') }));
  app.get(`${POSTS}/edit-reasons/`, can.read, async () => ({ results: await reasons(q, 'edit') }));
  app.get(`${POSTS}/:id/`, can.read, async (request) => getCarPost(q, idOf(request)));
  app.get(`${POSTS}/:id/history/`, can.read, async (request) => ({ results: await carPostHistory(db, idOf(request)) }));
  app.get(`${POSTS}/:id/feedback/`, can.read, async (request) => ({ results: await carPostFeedback(q, idOf(request)) }));
  app.get(`${POSTS}/:id/neighbours/`, can.read, async (request) => ({ data: await neighbours(q, idOf(request), parseInput(CarPostListFilterSchema, request.query)) }));

  const actions = carPostActions(db);
  app.post(`${POSTS}/:id/approve/`, can.review, async (request) => ({ data: await actions.approve(actorOf(request), bodyWithId(CarPostActionInputSchema, request)) }));
  app.post(`${POSTS}/:id/reject/`, can.review, async (request) => ({ data: await actions.reject(actorOf(request), bodyWithId(CarPostReasonedInputSchema, request)) }));
  app.post(`${POSTS}/:id/editing/`, can.review, async (request) => ({ data: await actions.returnToEditing(actorOf(request), bodyWithId(CarPostReasonedInputSchema, request)) }));
  app.post(`${POSTS}/:id/republish/`, can.review, async (request) => ({ data: await actions.republish(actorOf(request), bodyWithId(CarPostActionInputSchema, request)) }));
  app.post(`${POSTS}/:id/archive/`, can.review, async (request) => ({ data: await actions.archive(actorOf(request), bodyWithId(CarPostArchiveInputSchema, request)) }));
  app.post(`${POSTS}/:id/change-ownership/`, can.review, async (request) => ({ data: await actions.changeOwnership(actorOf(request), bodyWithId(ChangeOwnershipInputSchema, request)) }));
};
