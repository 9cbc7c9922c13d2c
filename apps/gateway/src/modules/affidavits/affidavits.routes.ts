import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AFFIDAVITS_ACCESS,
  AddAffidavitInputSchema,
  AffidavitIdInputSchema,
  AffidavitListFilterSchema,
  AffidavitStepInputSchema,
  AttachAffidavitDocumentInputSchema,
  PriceAffidavitInputSchema,
  PurchaseAffidavitInputSchema,
  SendAffidavitLinkInputSchema,
  UpdateAffidavitInputSchema,
} from '@panel/contracts/affidavits';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { affidavitActions } from './affidavits-actions.service';
import { AFFIDAVIT_ENTITY, affidavitDetail, listAffidavits, type AffidavitsDb } from './affidavits.service';

const BASE = '/api/affidavits';

/** Affidavits (issue 31, decision 104; the paths are listed in the contracts README of the module). */
export const affidavitsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens, env }) => {
  const can = routeAccess(tokens).guards(AFFIDAVITS_ACCESS);
  const q: AffidavitsDb = kyselyOf(db);
  const act = affidavitActions(db, env.PAYMENT_LINK_BASE_URL);
  const idOf = (request: FastifyRequest) => parseInput(AffidavitIdInputSchema, request.params).id;
  const withId = <T extends z.ZodType>(schema: T, request: FastifyRequest) => parseInput(schema, { ...(request.body as object), id: idOf(request) });

  app.get(`${BASE}/`, can.read, async (request) => listAffidavits(q, parseInput(AffidavitListFilterSchema, request.query)));
  app.post(`${BASE}/`, can.act, async (request, reply) => reply.code(201).send({ data: await act.add(actorOf(request), parseInput(AddAffidavitInputSchema, request.body)) }));
  app.get(`${BASE}/:id/`, can.read, async (request) => affidavitDetail(q, idOf(request)));
  app.put(`${BASE}/:id/`, can.act, async (request) => ({ data: await act.update(actorOf(request), withId(UpdateAffidavitInputSchema, request)) }));
  app.get(`${BASE}/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, AFFIDAVIT_ENTITY, idOf(request)) }));
  app.post(`${BASE}/:id/price/`, can.act, async (request) => ({ data: await act.price(actorOf(request), withId(PriceAffidavitInputSchema, request)) }));
  app.post(`${BASE}/:id/purchase/`, can.act, async (request) => ({ data: await act.purchase(actorOf(request), withId(PurchaseAffidavitInputSchema, request)) }));
  app.post(`${BASE}/:id/send-payment-link/`, can.act, async (request) => ({ data: await act.sendPaymentLink(actorOf(request), withId(SendAffidavitLinkInputSchema, request)) }));
  app.post(`${BASE}/:id/send-download-link/`, can.act, async (request) => ({ data: await act.sendDownloadLink(actorOf(request), withId(SendAffidavitLinkInputSchema, request)) }));
  app.post(`${BASE}/:id/update-state/`, can.act, async (request) => ({ data: await act.step(actorOf(request), withId(AffidavitStepInputSchema, request)) }));
  app.post(`${BASE}/:id/documents/`, can.act, async (request, reply) => reply.code(201).send({ data: await act.attach(actorOf(request), withId(AttachAffidavitDocumentInputSchema, request)) }));
};
