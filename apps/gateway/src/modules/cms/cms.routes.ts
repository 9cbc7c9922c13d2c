import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AddCmsCategoryInputSchema,
  AddCmsContentInputSchema,
  CMS_ACCESS,
  CmsCategoryRefInputSchema,
  CmsContentIdInputSchema,
  CmsContentStepInputSchema,
  CmsListFilterSchema,
  CmsPublicFilterSchema,
  MoveCmsCategoryInputSchema,
  RenameCmsCategoryInputSchema,
  UpdateCmsContentInputSchema,
} from '@panel/contracts/cms';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { notFound } from '../../errors';
import { MEDIA_MESSAGES, readMedia } from '../../media/media';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { cmsCategoryActions } from './cms-categories.service';
import { cmsContentActions } from './cms-contents.service';
import { CMS_CATEGORY_ENTITY, CMS_CONTENT_ENTITY, categoryTree, contentDetail, isPublicMedia, listContents, publicContent, publicContents, type CmsDb } from './cms.service';

const BASE = '/api/cms';
const PUBLIC = '/api/public/cms';

/** The content section (spec §7 CMS; the paths are listed in the contracts README of the module). */
export const cmsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(CMS_ACCESS);
  const q: CmsDb = kyselyOf(db);
  const contents = cmsContentActions(db);
  const categories = cmsCategoryActions(db);
  const idOf = (request: FastifyRequest) => parseInput(CmsContentIdInputSchema, request.params).id;
  const withId = <T extends z.ZodType>(schema: T, request: FastifyRequest) => parseInput(schema, { ...(request.body as object), id: idOf(request) });

  app.get(`${BASE}/categories/`, can.read, async () => categoryTree(q));
  app.post(`${BASE}/categories/`, can.write, async (request, reply) => reply.code(201).send({ data: await categories.add(actorOf(request), parseInput(AddCmsCategoryInputSchema, request.body)) }));
  app.put(`${BASE}/categories/:id/`, can.write, async (request) => ({ data: await categories.rename(actorOf(request), withId(RenameCmsCategoryInputSchema, request)) }));
  app.post(`${BASE}/categories/:id/move/`, can.write, async (request) => ({ data: await categories.move(actorOf(request), withId(MoveCmsCategoryInputSchema, request)) }));
  app.delete(`${BASE}/categories/:id/`, can.write, async (request) => ({ data: await categories.remove(actorOf(request), parseInput(CmsCategoryRefInputSchema, { ...(request.query as object), id: idOf(request) })) }));
  app.get(`${BASE}/categories/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, CMS_CATEGORY_ENTITY, idOf(request)) }));

  app.get(`${BASE}/contents/`, can.read, async (request) => listContents(q, parseInput(CmsListFilterSchema, request.query)));
  app.post(`${BASE}/contents/`, can.write, async (request, reply) => reply.code(201).send({ data: await contents.add(actorOf(request), parseInput(AddCmsContentInputSchema, request.body)) }));
  app.get(`${BASE}/contents/:id/`, can.read, async (request) => ({ result: await contentDetail(q, idOf(request)) }));
  app.put(`${BASE}/contents/:id/`, can.write, async (request) => ({ data: await contents.update(actorOf(request), withId(UpdateCmsContentInputSchema, request)) }));
  app.post(`${BASE}/contents/:id/update-state/`, can.write, async (request) => ({ data: await contents.step(actorOf(request), withId(CmsContentStepInputSchema, request)) }));
  app.get(`${BASE}/contents/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, CMS_CONTENT_ENTITY, idOf(request)) }));
  app.post(`${BASE}/contents/:id/editing/`, can.write, async (request) => contents.editing(actorOf(request), idOf(request)));
  app.delete(`${BASE}/contents/:id/editing/`, can.write, async (request, reply) => {
    await contents.leave(actorOf(request), idOf(request));
    return reply.code(204).send();
  });

  // The public endpoint: no sign-in; published items only, and only the files they show.
  app.get(`${PUBLIC}/contents/`, async (request) => publicContents(q, parseInput(CmsPublicFilterSchema, request.query)));
  app.get(`${PUBLIC}/contents/:id/`, async (request) => ({ result: await publicContent(q, idOf(request)) }));
  app.get(`${PUBLIC}/media/:id/`, async (request, reply) => {
    const id = idOf(request);
    if (!(await isPublicMedia(q, id))) throw notFound(MEDIA_MESSAGES.notFound);
    const file = await readMedia(db, id);
    // Public, but short-lived: an item taken back from publication stops serving its files soon.
    return reply.type(file.type).header('cache-control', 'public, max-age=300').header('etag', `"${file.sha256}"`).header('x-content-type-options', 'nosniff').send(file.data);
  });
};
