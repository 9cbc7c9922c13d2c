import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  EstimatorBandSchema,
  PricingActionResultSchema,
  PricingOrderPageSchema,
  PricingOrderSchema,
  pricingOrderListFilter,
  type EstimateInput,
  type EstimatorBand,
  type PricingActionInput,
  type PricingActionResult,
  type PricingOrder,
  type PricingOrderListFilter,
  type PricingOrderPage,
} from '@panel/contracts/pricing-orders';
import type { GatewayClient } from '../../gateway/gateway-client';

const ORDERS = '/api/price-estimator/orders';

export const listPricingOrders = (gateway: GatewayClient, filter: PricingOrderListFilter): Promise<PricingOrderPage> =>
  gateway.get(PricingOrderPageSchema, `${ORDERS}/`, pricingOrderListFilter.toQuery(filter));
export const pricingOrder = (gateway: GatewayClient, id: number): Promise<PricingOrder> => gateway.get(PricingOrderSchema, `${ORDERS}/${id}/`);
export const estimatorBand = (gateway: GatewayClient, id: number): Promise<EstimatorBand> => gateway.get(inData(EstimatorBandSchema), `${ORDERS}/${id}/estimate/`);
export const pricingHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${ORDERS}/${id}/history/`);

const action = (gateway: GatewayClient, id: number, path: string, body: object): Promise<PricingActionResult> =>
  gateway.send(inData(PricingActionResultSchema), 'POST', `${ORDERS}/${id}/${path}/`, body);
export const take = (gateway: GatewayClient, { id, ...body }: PricingActionInput) => action(gateway, id, 'take', body);
export const release = (gateway: GatewayClient, { id, ...body }: PricingActionInput) => action(gateway, id, 'release', body);
export const submitEstimate = (gateway: GatewayClient, { id, ...body }: EstimateInput) => action(gateway, id, 'estimate', body);
