import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  CampaignCodesSchema,
  CampaignListSchema,
  CampaignSchema,
  CheckAnswerSchema,
  DiscountDetailSchema,
  DiscountOutcomeSchema,
  DiscountPageSchema,
  RedemptionOutcomeSchema,
  discountsListFilter,
  type CheckDiscountInput,
  type CreateCampaignInput,
  type CreateDiscountInput,
  type DiscountCode,
  type DiscountPage,
  type DiscountStepInput,
  type DiscountsListFilter,
  type RedeemDiscountInput,
} from '@panel/contracts/discounts';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's discount paths (packages/contracts/src/discounts/README.md); every answer checked once against the contract.

const BASE = '/api/discounts';
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;
export const CampaignStartedSchema = CampaignSchema.extend({ message: z.string() });

export const listDiscounts = (gateway: GatewayClient, filter: DiscountsListFilter): Promise<DiscountPage> => gateway.get(DiscountPageSchema, `${BASE}/`, discountsListFilter.toQuery(filter));
export const exportDiscounts = (gateway: GatewayClient, filter: DiscountsListFilter): Promise<{ rows: DiscountCode[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listDiscounts(gateway, { ...filter, page, pageSize }));
export const detail = (gateway: GatewayClient, id: number) => gateway.get(DiscountDetailSchema, `${BASE}/${id}/`);
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${id}/history/`);
export const create = (gateway: GatewayClient, input: CreateDiscountInput) => gateway.send(inData(DiscountOutcomeSchema), 'POST', `${BASE}/`, input);
export const updateState = (gateway: GatewayClient, input: DiscountStepInput) => gateway.send(inData(DiscountOutcomeSchema), 'POST', `${BASE}/${input.id}/update-state/`, withoutId(input));
export const check = (gateway: GatewayClient, input: CheckDiscountInput) => gateway.send(inData(CheckAnswerSchema), 'POST', `${BASE}/check/`, input);
export const redeem = (gateway: GatewayClient, input: RedeemDiscountInput) => gateway.send(inData(RedemptionOutcomeSchema), 'POST', `${BASE}/redeem/`, input);
export const settle = (gateway: GatewayClient, id: number, outcome: 'confirm' | 'release') => gateway.send(inData(RedemptionOutcomeSchema), 'POST', `${BASE}/redemptions/${id}/${outcome}/`, {});
export const campaigns = (gateway: GatewayClient) => gateway.get(inResults(CampaignListSchema.shape.results), `${BASE}/campaigns/`);
export const campaign = (gateway: GatewayClient, id: number) => gateway.get(CampaignSchema, `${BASE}/campaigns/${id}/`);
export const campaignCodes = (gateway: GatewayClient, id: number) => gateway.get(inResults(CampaignCodesSchema.shape.results), `${BASE}/campaigns/${id}/codes/`);
export const createCampaign = (gateway: GatewayClient, input: CreateCampaignInput) => gateway.send(inData(CampaignStartedSchema), 'POST', `${BASE}/campaigns/`, input);
