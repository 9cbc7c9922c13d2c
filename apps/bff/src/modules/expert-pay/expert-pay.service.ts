import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  ApplicableRuleSchema,
  ExpertPaymentPageSchema,
  ExpertPaymentsSchema,
  PayLineSchema,
  PeriodStateSchema,
  RuleImpactSchema,
  ShareRuleSchema,
  paymentsListFilter,
  type ExpertPayment,
  type ExpertPaymentPage,
  type PaymentsListFilter,
  type SaveShareRuleInput,
  type SettlePeriodInput,
} from '@panel/contracts/expert-pay';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's expert pay paths (packages/contracts/src/expert-pay/README.md); every answer checked once against the contract.

const BASE = '/api/expert-pay';

export const rules = (gateway: GatewayClient) => gateway.get(inResults(z.array(ShareRuleSchema)), `${BASE}/rules/`);
export const saveRule = (gateway: GatewayClient, input: SaveShareRuleInput) => gateway.send(inData(ShareRuleSchema), 'POST', `${BASE}/rules/`, input);
export const ruleImpact = (gateway: GatewayClient, input: SaveShareRuleInput) => gateway.send(inData(RuleImpactSchema), 'POST', `${BASE}/rules/impact/`, input);
export const applicableRule = (gateway: GatewayClient, code: string) => gateway.get(inData(ApplicableRuleSchema), `${BASE}/rules/applicable/`, { code });
export const ruleHistory = (gateway: GatewayClient, ruleId: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/rules/${ruleId}/history/`);

export const listPayments = (gateway: GatewayClient, filter: PaymentsListFilter): Promise<ExpertPaymentPage> =>
  gateway.get(ExpertPaymentPageSchema, `${BASE}/payments/`, paymentsListFilter.toQuery(filter));
export const exportPayments = (gateway: GatewayClient, filter: PaymentsListFilter): Promise<{ rows: ExpertPayment[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listPayments(gateway, { ...filter, page, pageSize }));
export const period = (gateway: GatewayClient, key: string) => gateway.get(inData(PeriodStateSchema), `${BASE}/periods/${key}/`);
export const periodLines = (gateway: GatewayClient, key: string, expert?: number) =>
  gateway.get(inResults(z.array(PayLineSchema)), `${BASE}/periods/${key}/lines/`, expert ? { expert: String(expert) } : {});
export const periodHistory = (gateway: GatewayClient, key: string) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/periods/${key}/history/`);
export const settle = (gateway: GatewayClient, input: SettlePeriodInput & { period: string }) =>
  gateway.send(inData(PeriodStateSchema), 'POST', `${BASE}/periods/${input.period}/settle/`, { expectedTotal: input.expectedTotal });
export const ofExpert = (gateway: GatewayClient, expertId: number) => gateway.get(inData(ExpertPaymentsSchema), `${BASE}/experts/${expertId}/payments/`);
