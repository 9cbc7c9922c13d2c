import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CheckDiscountInputSchema,
  CreateCampaignInputSchema,
  CreateDiscountInputSchema,
  DISCOUNTS_ACCESS,
  DiscountIdInputSchema,
  DiscountStepInputSchema,
  DiscountsListFilterSchema,
  RedeemDiscountInputSchema,
  RedemptionIdInputSchema,
} from '@panel/contracts/discounts';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { campaignRunner, discountActions } from './discounts-actions.service';
import { DISCOUNT_ENTITY, campaignCodes, campaignDetail, checkCode, discountDetail, listCampaigns, listDiscounts, orderFacts, type DiscountsDb } from './discounts.service';

const BASE = '/api/discounts';

/** کدهای تخفیف (issue 33, decision 117): the paths are listed in the contracts README of the module. */
export const discountsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(DISCOUNTS_ACCESS);
  const q: DiscountsDb = kyselyOf(db);
  const runner = campaignRunner(db);
  const act = discountActions(db, runner);
  const idOf = (request: FastifyRequest) => parseInput(DiscountIdInputSchema, request.params).id;

  // Campaigns a stop interrupted go on from where they were; a closing app lets the batch in hand finish.
  app.addHook('onReady', () => runner.resumeAll());
  app.addHook('onClose', () => runner.stop());

  app.get(`${BASE}/`, can.read, async (request) => listDiscounts(q, parseInput(DiscountsListFilterSchema, request.query)));
  app.post(`${BASE}/`, can.act, async (request, reply) => reply.code(201).send({ data: await act.create(actorOf(request), parseInput(CreateDiscountInputSchema, request.body)) }));
  app.post(`${BASE}/check/`, can.read, async (request) => {
    const input = parseInput(CheckDiscountInputSchema, request.body);
    const { checked: _checked, ...answer } = await db.transaction(async (tx) => checkCode(tx, input.code, await orderFacts(tx, input)));
    return { data: answer };
  });
  app.post(`${BASE}/redeem/`, can.act, async (request, reply) => reply.code(201).send({ data: await act.redeem(actorOf(request), parseInput(RedeemDiscountInputSchema, request.body)) }));
  app.post(`${BASE}/redemptions/:id/confirm/`, can.act, async (request) => ({ data: await act.settle(actorOf(request), parseInput(RedemptionIdInputSchema, request.params).id, 'confirmed') }));
  app.post(`${BASE}/redemptions/:id/release/`, can.act, async (request) => ({ data: await act.settle(actorOf(request), parseInput(RedemptionIdInputSchema, request.params).id, 'released') }));
  app.get(`${BASE}/campaigns/`, can.read, async () => listCampaigns(q));
  app.post(`${BASE}/campaigns/`, can.act, async (request, reply) => reply.code(201).send({ data: await act.createCampaign(actorOf(request), parseInput(CreateCampaignInputSchema, request.body)) }));
  app.get(`${BASE}/campaigns/:id/`, can.read, async (request) => campaignDetail(q, idOf(request)));
  app.get(`${BASE}/campaigns/:id/codes/`, can.read, async (request) => campaignCodes(q, idOf(request)));
  app.get(`${BASE}/:id/`, can.read, async (request) => discountDetail(q, idOf(request)));
  app.get(`${BASE}/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, DISCOUNT_ENTITY, idOf(request)) }));
  app.post(`${BASE}/:id/update-state/`, can.act, async (request) => ({ data: await act.step(actorOf(request), parseInput(DiscountStepInputSchema, { ...(request.body as object), id: idOf(request) })) }));
};
