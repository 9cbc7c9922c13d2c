import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AI_QC_ACCESS,
  AiQcListFilterSchema,
  AiTextIdInputSchema,
  AiTextStepInputSchema,
  ApproveAiTextInputSchema,
  EditApproveAiTextInputSchema,
  NextAiTextInputSchema,
  RejectAiTextInputSchema,
  ResubmitAiTextInputSchema,
  SubmitAiTextInputSchema,
} from '@panel/contracts/ai-qc';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { aiTextActions } from './ai-qc-actions.service';
import { AI_TEXT_ENTITY, aiModels, getAiText, listAiTexts, nextAiText, type AiQcDb } from './ai-qc.service';

const BASE = '/api/ai-qc';

/** AI quality control (issue 33, decision 116; the paths are listed in the contracts README of the module). */
export const aiQcRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(AI_QC_ACCESS);
  const q: AiQcDb = kyselyOf(db);
  const act = aiTextActions(db);
  const idOf = (request: FastifyRequest) => parseInput(AiTextIdInputSchema, request.params).id;
  const withId = <T extends z.ZodType>(schema: T, request: FastifyRequest) => parseInput(schema, { ...(request.body as object), id: idOf(request) });

  app.get(`${BASE}/`, can.read, async (request) => listAiTexts(q, parseInput(AiQcListFilterSchema, request.query)));
  app.post(`${BASE}/`, can.submit, async (request, reply) => reply.code(201).send({ data: await act.submit(actorOf(request), parseInput(SubmitAiTextInputSchema, request.body)) }));
  app.get(`${BASE}/models/`, can.read, async () => ({ results: await aiModels(q) }));
  app.get(`${BASE}/next/`, can.read, async (request) => ({ result: await nextAiText(q, parseInput(NextAiTextInputSchema, request.query)) }));
  app.get(`${BASE}/:id/`, can.read, async (request) => getAiText(q, idOf(request)));
  app.get(`${BASE}/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, AI_TEXT_ENTITY, idOf(request)) }));
  app.post(`${BASE}/:id/approve/`, can.review, async (request) => ({ data: await act.approve(actorOf(request), withId(ApproveAiTextInputSchema, request)) }));
  app.post(`${BASE}/:id/edit-approve/`, can.review, async (request) => ({ data: await act.editApprove(actorOf(request), withId(EditApproveAiTextInputSchema, request)) }));
  app.post(`${BASE}/:id/reject/`, can.review, async (request) => ({ data: await act.reject(actorOf(request), withId(RejectAiTextInputSchema, request)) }));
  app.post(`${BASE}/:id/update-state/`, can.review, async (request) => ({ data: await act.step(actorOf(request), withId(AiTextStepInputSchema, request)) }));
  app.post(`${BASE}/:id/regenerated/`, can.submit, async (request) => ({ data: await act.resubmit(actorOf(request), withId(ResubmitAiTextInputSchema, request)) }));
};
