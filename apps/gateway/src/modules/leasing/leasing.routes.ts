import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CITIES } from '@panel/contracts/common';
import {
  AddClaimNoteInputSchema,
  AddPromiseInputSchema,
  AddOrderNoteInputSchema,
  AttachOrderFileInputSchema,
  BulkUpdateInputSchema,
  ClaimStateInputSchema,
  ExecuteOrderActionInputSchema,
  LEASING_CLAIM_STATES,
  LEASING_CLAIM_STEPS,
  LEASING_NOTE_CATEGORIES,
  LEASING_REJECT_REASONS,
  LeasingClaimIdInputSchema,
  LeasingClaimListFilterSchema,
  LeasingOrderIdInputSchema,
  LeasingOrderListFilterSchema,
  PaymentPlanFiltersSchema,
  RegisterOrderInputSchema,
  RequestOtpInputSchema,
  ScheduleChangeRequestSchema,
  SchedulePreviewInputSchema,
  SubmitPaymentInputSchema,
  UpdatePlanMatchingInputSchema,
  LEASING_ACCESS,
} from '@panel/contracts/leasing';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { claimOffer } from './leasing-claim-offer';
import { claimActions, claimHistory, getClaim, listClaims, resolvePromises } from './leasing-claims.service';
import { ORDER_ENTITY, getOrder, listOrders, offeredActions, orderActions, orderPapers, type LeasingDb } from './leasing-orders.service';
import { getPlanGroup, listPlanGroups, listProviders, matchingPlans, providerPlans, updateMatching } from './leasing-plans.service';
import { previewSchedule, registerService } from './leasing-register.service';

const ORDERS = '/api/leasing/orders';
const PROMISE_CHECK_MS = 60_000;
const CLAIMS = '/api/leasing/claims';
const labelled = (labels: Record<string, string>) => Object.entries(labels).map(([key, label]) => ({ key, label }));

/** Leasing (issue 30; paths in the contracts README): staff register, move and chase. */
export const leasingRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens, env }) => {
  const can = routeAccess(tokens).guards(LEASING_ACCESS);
  const q: LeasingDb = kyselyOf(db);
  const orders = orderActions(db);
  const papers = orderPapers(db);
  const claims = claimActions(db);
  const register = registerService(db, env.JWT_SECRET);
  const idOf = (request: FastifyRequest) => parseInput(LeasingOrderIdInputSchema, request.params).id;
  const claimIdOf = (request: FastifyRequest) => parseInput(LeasingClaimIdInputSchema, request.params).id;
  const withId = <T extends z.ZodType>(schema: T, request: FastifyRequest, id: number) => parseInput(schema, { ...(request.body as object), id });

  // Register (/panel/leasing-order).
  app.get('/api/leasing/cities/', can.read, async () => ({ results: CITIES.map(({ id, name }) => ({ id, name })) }));
  app.get('/api/leasing/providers/', can.read, async () => ({ results: await listProviders(q) }));
  app.get('/api/leasing/providers/:id/plans/', can.read, async (request) => ({ results: await providerPlans(q, idOf(request)) }));
  app.post('/api/leasing/otp/', can.act, async (request) => {
    const { phone_number } = parseInput(RequestOtpInputSchema, request.body);
    // The demo's stand-in for the customer's phone: the code is in the gateway's log only, at warn
    // so the default start (LOG_LEVEL=warn) prints it (decision 103).
    const data = await register.requestOtp(actorOf(request), phone_number, (code) => request.log.warn({ phone_number, otp: code }, 'leasing OTP (demo: the SMS is only recorded in the outbox)'));
    return { data };
  });
  app.post('/api/leasing/schedule/preview/', can.act, async (request) => ({ data: await previewSchedule(q, parseInput(SchedulePreviewInputSchema, request.body)) }));
  app.post(`${ORDERS}/register/`, can.act, async (request, reply) => reply.code(201).send({ data: await register.register(actorOf(request), parseInput(RegisterOrderInputSchema, request.body)) }));

  // Orders.
  app.get(`${ORDERS}/`, can.read, async (request) => listOrders(q, parseInput(LeasingOrderListFilterSchema, request.query)));
  app.get('/api/leasing/reject-reasons/', can.read, async () => ({ results: labelled(LEASING_REJECT_REASONS) }));
  app.post(`${ORDERS}/bulk-update/`, can.act, async (request) => ({ data: await orders.bulk(actorOf(request), parseInput(BulkUpdateInputSchema, request.body)) }));
  app.get(`${ORDERS}/:id/`, can.read, async (request) => getOrder(q, idOf(request)));
  app.get(`${ORDERS}/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, ORDER_ENTITY, idOf(request)) }));
  app.get(`${ORDERS}/:id/actions/`, can.read, async (request) => ({ results: await offeredActions(q, idOf(request)) }));
  app.post(`${ORDERS}/:id/actions/execute/`, can.act, async (request) => ({ data: await orders.execute(actorOf(request), withId(ExecuteOrderActionInputSchema, request, idOf(request))) }));
  app.post(`${ORDERS}/:id/reject/`, can.act, async (request) =>
    ({ data: await orders.execute(actorOf(request), parseInput(ExecuteOrderActionInputSchema, { ...(request.body as object), action: 'reject', id: idOf(request) })) }));
  app.post(`${ORDERS}/:id/resume/`, can.act, async (request) =>
    ({ data: await orders.execute(actorOf(request), parseInput(ExecuteOrderActionInputSchema, { ...(request.body as object), action: 'resume', id: idOf(request) })) }));
  app.get(`${ORDERS}/:id/files/`, can.read, async (request) => ({ results: await papers.files(q, idOf(request)) }));
  app.post(`${ORDERS}/:id/files/`, can.act, async (request, reply) => reply.code(201).send({ data: await papers.attach(actorOf(request), withId(AttachOrderFileInputSchema, request, idOf(request))) }));
  app.get(`${ORDERS}/:id/notes/`, can.read, async (request) => ({ results: await papers.notes(q, idOf(request)) }));
  app.post(`${ORDERS}/:id/notes/`, can.act, async (request, reply) => reply.code(201).send({ data: await papers.note(actorOf(request), withId(AddOrderNoteInputSchema, request, idOf(request))) }));

  // Claims.
  app.get(`${CLAIMS}/`, can.read, async (request) => listClaims(q, parseInput(LeasingClaimListFilterSchema, request.query)));
  app.get(`${CLAIMS}/states/`, can.read, async () => ({ results: labelled(LEASING_CLAIM_STATES) }));
  app.get(`${CLAIMS}/steps/`, can.read, async () => ({ results: labelled(LEASING_CLAIM_STEPS) }));
  app.get(`${CLAIMS}/note-categories/`, can.read, async () => ({ results: labelled(LEASING_NOTE_CATEGORIES) }));
  app.get(`${CLAIMS}/:id/`, can.read, async (request) => getClaim(q, claimIdOf(request)));
  app.get(`${CLAIMS}/:id/history/`, can.read, async (request) => ({ results: await claimHistory(db, claimIdOf(request)) }));
  app.get(`${CLAIMS}/:id/actions/`, can.read, async (request) => ({ results: await claimOffer(q, claimIdOf(request), actorOf(request)) }));
  app.post(`${CLAIMS}/:id/payments/`, can.act, async (request) => ({ data: await claims.pay(actorOf(request), withId(SubmitPaymentInputSchema, request, claimIdOf(request))) }));
  app.post(`${CLAIMS}/:id/update-state/`, can.act, async (request) => ({ data: await claims.changeState(actorOf(request), withId(ClaimStateInputSchema, request, claimIdOf(request))) }));
  app.post(`${CLAIMS}/:id/schedule-change/`, can.act, async (request) => ({ data: await claims.changeSchedule(actorOf(request), withId(ScheduleChangeRequestSchema, request, claimIdOf(request))) }));
  app.post(`${CLAIMS}/:id/notes/`, can.act, async (request, reply) => reply.code(201).send({ data: await claims.addNote(actorOf(request), withId(AddClaimNoteInputSchema, request, claimIdOf(request))) }));
  app.post(`${CLAIMS}/:id/promises/`, can.act, async (request, reply) => reply.code(201).send({ data: await claims.addPromise(actorOf(request), withId(AddPromiseInputSchema, request, claimIdOf(request))) }));

  // Promises are decided by themselves once their day has passed: checked every minute.
  const promises = setInterval(() => void resolvePromises(db).catch((error: unknown) => app.log.warn({ err: error }, 'leasing promises not resolved')), PROMISE_CHECK_MS);
  promises.unref();
  app.addHook('onClose', async () => clearInterval(promises));

  // Payment plans (spec §7 "payment plan groups list/one; matching plans get and update").
  app.get('/api/payments/plan-groups/', can.read, async () => ({ results: await listPlanGroups(q) }));
  app.get('/api/payments/plan-groups/:id/', can.read, async (request) => getPlanGroup(q, idOf(request)));
  app.get('/api/payments/matching-plans/', can.read, async (request) => ({ results: await matchingPlans(q, parseInput(PaymentPlanFiltersSchema, request.query)) }));
  app.put('/api/payments/plans/:id/matching/', can.act, async (request) =>
    ({ data: await updateMatching(db, actorOf(request), parseInput(UpdatePlanMatchingInputSchema, { ...(request.body as object), id: idOf(request) })) }));
};
