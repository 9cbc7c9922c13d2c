import type { FastifyPluginAsync } from 'fastify';
import {
  ApplyBalanceInputSchema,
  AssignByHandInputSchema,
  AssistantActionInputSchema,
  LedgerFilterSchema,
  PauseAssistantInputSchema,
  PriceBandInputSchema,
  ReturnOrderInputSchema,
  ReviewKindInputSchema,
  ReviewOrderInputSchema,
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
  const { signedIn, staff } = routeAccess(tokens);
  const q = kyselyOf<Tables>(db);
  const withParams = (request: { params: unknown; body: unknown }) => ({ ...(request.body as object | undefined), ...(request.params as object) });

  app.get('/api/inspection/assistants/', signedIn, async () => board(q));
  app.get('/api/inspection/assistants/ledger/', signedIn, async (request) => ({ results: await ledger(q, parseInput(LedgerFilterSchema, request.query)) }));
  app.get('/api/inspection/assistants/changes/', signedIn, async () => ({ results: await turnLog(db) }));
  app.get('/api/inspection/assistants/balance/', signedIn, async () => ({ data: await balancePlan(q) }));
  app.post('/api/inspection/assistants/balance/', staff, async (request) => ({ data: await applyBalance(db, actorOf(request), parseInput(ApplyBalanceInputSchema, request.body ?? {}).fingerprint) }));
  app.post('/api/inspection/assistants/assign/', staff, async (request) => ({ data: await assistantActions(db).assign(actorOf(request), parseInput(AssignByHandInputSchema, request.body ?? {})) }));

  const actions = assistantActions(db);
  app.post('/api/inspection/assistants/:id/activate/', staff, async (request) => ({ data: await actions.activate(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/deactivate/', staff, async (request) => ({ data: await actions.deactivate(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/pause/', staff, async (request) => ({ data: await actions.pause(actorOf(request), parseInput(PauseAssistantInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/resume/', staff, async (request) => ({ data: await actions.resume(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));
  app.post('/api/inspection/assistants/:id/clear/', staff, async (request) => ({ data: await actions.clear(actorOf(request), parseInput(AssistantActionInputSchema, withParams(request))) }));

  // The desks: `:kind` is qc (state Q) or pricing (state W).
  app.get('/api/inspection/reviewers/:kind/', staff, async (request) => ({ results: await reviewers(q, parseInput(ReviewKindInputSchema, request.params).kind) }));
  app.post('/api/inspection/reviewers/:id/activate/', staff, async (request) => ({ data: await setReviewerActive(db, actorOf(request), parseInput(ReviewerActionInputSchema, withParams(request)), true) }));
  app.post('/api/inspection/reviewers/:id/deactivate/', staff, async (request) => ({ data: await setReviewerActive(db, actorOf(request), parseInput(ReviewerActionInputSchema, withParams(request)), false) }));
  app.get('/api/inspection/review-queue/:kind/', staff, async (request) => queue(q, parseInput(ReviewKindInputSchema, request.params).kind));
  app.get('/api/inspection/review-queue/:kind/:pk/', staff, async (request) => ({ data: await report(q, parseInput(ReviewOrderInputSchema, request.params).pk) }));

  const desk = reviewActions(db);
  const order = (request: { params: unknown }) => parseInput(ReviewOrderInputSchema, request.params);
  const qcPk = (request: { params: unknown }) => parseInput(ReviewOrderInputSchema, { ...(request.params as object), kind: 'qc' }).pk;
  app.post('/api/inspection/review-queue/:kind/:pk/claim/', staff, async (request) => {
    const { kind, pk } = order(request);
    return { data: await desk.claim(actorOf(request), kind, pk) };
  });
  app.post('/api/inspection/review-queue/:kind/:pk/release/', staff, async (request) => {
    const { kind, pk } = order(request);
    return { data: await desk.release(actorOf(request), kind, pk) };
  });
  app.post('/api/inspection/review-queue/qc/:pk/verdict/', staff, async (request) => ({ data: await desk.verdict(actorOf(request), parseInput(SlotVerdictInputSchema, withParams(request))) }));
  app.post('/api/inspection/review-queue/qc/:pk/approve/', staff, async (request) => ({ data: await desk.approve(actorOf(request), qcPk(request)) }));
  app.post('/api/inspection/review-queue/qc/:pk/return/', staff, async (request) => ({ data: await desk.return(actorOf(request), parseInput(ReturnOrderInputSchema, withParams(request))) }));
  app.post('/api/inspection/review-queue/pricing/:pk/price/', staff, async (request) => ({ data: await desk.price(actorOf(request), parseInput(PriceBandInputSchema, withParams(request))) }));
};
