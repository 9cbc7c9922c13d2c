import type { FastifyPluginAsync } from 'fastify';
import {
  ApplyBalanceInputSchema,
  INSPECTION_ASSISTANTS_ACCESS,
  AssignByHandInputSchema,
  AssistantActionInputSchema,
  LedgerFilterSchema,
  PauseAssistantInputSchema,
  PriceBandInputSchema,
  ReturnOrderInputSchema,
  ReviewKindInputSchema,
  ReviewOrderInputSchema,
  ReviewQueueFilterSchema,
  ReviewerActionInputSchema,
  SlotVerdictInputSchema,
} from '@panel/contracts/inspection-assistants';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { applyBalance, assistantActions, balancePlan, board, ledger, turnLog } from './board.service';
import { queue, report, reviewActions, reviewers, setReviewerActive } from './reviews.service';
import type { Tables } from './turns';

/**
 * Turn-assign (the inspection admin of spec §6: read by anyone signed in, changed by staff) and the
 * QC and pricing desks (staff; a desk action also needs the actor's active reviewer row).
 */
export const inspectionAssistantsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(INSPECTION_ASSISTANTS_ACCESS);
  const q = kyselyOf<Tables>(db);
  const withParams = (request: { params: unknown; body: unknown }) => ({ ...(request.body as object | undefined), ...(request.params as object) });

  app.get('/api/inspection/assistants/', can.read, async () => board(q));
  app.get('/api/inspection/assistants/ledger/', can.read, async (request) => ({ results: await ledger(q, parseInput(LedgerFilterSchema, request.query)) }));
  app.get('/api/inspection/assistants/changes/', can.read, async () => ({ results: await turnLog(db) }));
  app.get('/api/inspection/assistants/balance/', can.read, async () => ({ data: await balancePlan(q) }));
  app.post('/api/inspection/assistants/balance/', can.manage, async (request) => ({ data: await applyBalance(db, actorOf(request), parseInput(ApplyBalanceInputSchema, request.body ?? {}).fingerprint) }));
  app.post('/api/inspection/assistants/assign/', can.manage, async (request) => ({ data: await assistantActions(db).assign(actorOf(request), parseInput(AssignByHandInputSchema, request.body ?? {})) }));

  const actions = assistantActions(db);
  app.post('/api/inspection/assistants/:id/activate/', can.manage, async (request) => ({ data: await actions.activate(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/deactivate/', can.manage, async (request) => ({ data: await actions.deactivate(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/pause/', can.manage, async (request) => ({ data: await actions.pause(actorOf(request), parseInput(PauseAssistantInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/resume/', can.manage, async (request) => ({ data: await actions.resume(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/clear/', can.manage, async (request) => ({ data: await actions.clear(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));

  // The desks: `:kind` is qc (state Q) or pricing (state W).
  app.get('/api/inspection/reviewers/:kind/', can.review, async (request) => ({ results: await reviewers(q, parseInput(ReviewKindInputSchema, request.params).kind) }));
  app.post('/api/inspection/reviewers/:id/activate/', can.review, async (request) => ({ data: await setReviewerActive(db, actorOf(request), parseInput(ReviewerActionInputSchema, withParams(request)), true) }));
  app.post('/api/inspection/reviewers/:id/deactivate/', can.review, async (request) => ({ data: await setReviewerActive(db, actorOf(request), parseInput(ReviewerActionInputSchema, withParams(request)), false) }));
  app.get('/api/inspection/review-queue/:kind/', can.review, async (request) => queue(q, parseInput(ReviewKindInputSchema, request.params).kind, parseInput(ReviewQueueFilterSchema, request.query)));
  app.get('/api/inspection/review-queue/:kind/:pk/', can.review, async (request) => ({ data: await report(q, parseInput(ReviewOrderInputSchema, request.params).pk) }));

  const desk = reviewActions(db);
  const order = (request: { params: unknown }) => parseInput(ReviewOrderInputSchema, request.params);
  const qcPk = (request: { params: unknown }) => parseInput(ReviewOrderInputSchema, { ...(request.params as object), kind: 'qc' }).pk;
  app.post('/api/inspection/review-queue/:kind/:pk/claim/', can.review, async (request) => {
    const { kind, pk } = order(request);
    return { data: await desk.claim(actorOf(request), kind, pk) };
  });
  app.post('/api/inspection/review-queue/:kind/:pk/release/', can.review, async (request) => {
    const { kind, pk } = order(request);
    return { data: await desk.release(actorOf(request), kind, pk) };
  });
  app.post('/api/inspection/review-queue/qc/:pk/verdict/', can.review, async (request) => ({ data: await desk.verdict(actorOf(request), parseInput(SlotVerdictInputSchema, withParams(request))) }));
  app.post('/api/inspection/review-queue/qc/:pk/approve/', can.review, async (request) => ({ data: await desk.approve(actorOf(request), qcPk(request)) }));
  app.post('/api/inspection/review-queue/qc/:pk/return/', can.review, async (request) => ({ data: await desk.return(actorOf(request), parseInput(ReturnOrderInputSchema, withParams(request))) }));
  app.post('/api/inspection/review-queue/pricing/:pk/price/', can.review, async (request) => ({ data: await desk.price(actorOf(request), parseInput(PriceBandInputSchema, withParams(request))) }));
};
