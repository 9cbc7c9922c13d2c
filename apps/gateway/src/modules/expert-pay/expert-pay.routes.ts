import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ApplicableRuleInputSchema,
  EXPERT_PAY_ACCESS,
  ExpertPaymentsInputSchema,
  PaymentsListFilterSchema,
  PeriodInputSchema,
  PeriodLinesInputSchema,
  RuleIdInputSchema,
  SaveShareRuleInputSchema,
  SettlePeriodInputSchema,
} from '@panel/contracts/expert-pay';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { PAY_PERIOD_ENTITY, payments } from './payments.service';
import { SHARE_RULE_ENTITY, shareRules } from './rules.service';

const BASE = '/api/expert-pay';

/** Inspection share settings and expert payments (issue 31 "Pay", decisions 107-108; the paths are in the contracts README). */
export const expertPayRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens, ports }) => {
  const can = routeAccess(tokens).guards(EXPERT_PAY_ACCESS);
  const rules = shareRules(db, ports.dispatch);
  const pay = payments(db, ports.dispatch);
  const periodOf = (request: FastifyRequest) => parseInput(PeriodInputSchema, request.params).period;

  app.get(`${BASE}/rules/`, can.read, async () => ({ results: await rules.list(db) }));
  app.post(`${BASE}/rules/`, can.rules, async (request, reply) => {
    const input = parseInput(SaveShareRuleInputSchema, request.body);
    return reply.code(input.ruleId ? 200 : 201).send({ data: await rules.save(actorOf(request), input) });
  });
  app.post(`${BASE}/rules/impact/`, can.read, async (request) => {
    const input = parseInput(SaveShareRuleInputSchema, request.body);
    return { data: await rules.impact(db, { ruleId: input.ruleId ?? null, fields: input.fields }) };
  });
  app.get(`${BASE}/rules/applicable/`, can.read, async (request) => ({ data: await rules.applicable(db, parseInput(ApplicableRuleInputSchema, request.query).code) }));
  app.get(`${BASE}/rules/:ruleId/history/`, can.read, async (request) => ({ results: await actionLog(db, SHARE_RULE_ENTITY, parseInput(RuleIdInputSchema, request.params).ruleId) }));

  app.get(`${BASE}/payments/`, can.read, async (request) => pay.list(db, parseInput(PaymentsListFilterSchema, request.query)));
  app.get(`${BASE}/periods/:period/`, can.read, async (request) => ({ data: await pay.state(db, periodOf(request)) }));
  app.get(`${BASE}/periods/:period/lines/`, can.read, async (request) => {
    const input = parseInput(PeriodLinesInputSchema, { ...(request.query as object), period: periodOf(request) });
    return { results: await pay.lines(db, input.period, input.expert) };
  });
  app.post(`${BASE}/periods/:period/settle/`, can.settle, async (request) => ({
    data: await pay.settle(actorOf(request), parseInput(SettlePeriodInputSchema, { ...(request.body as object), period: periodOf(request) })),
  }));
  app.get(`${BASE}/periods/:period/history/`, can.read, async (request) => ({ results: await actionLog(db, PAY_PERIOD_ENTITY, Number(periodOf(request).replace('-', ''))) }));
  app.get(`${BASE}/experts/:expertId/payments/`, can.read, async (request) => ({ data: await pay.ofExpert(db, parseInput(ExpertPaymentsInputSchema, request.params).expertId) }));
};
