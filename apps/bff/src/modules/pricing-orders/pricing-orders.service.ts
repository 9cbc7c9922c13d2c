import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  EstimatorBandSchema,
  PricingActionResultSchema,
  PricingExpertsSchema,
  PricingOrderPageSchema,
  PricingOrderSchema,
  PricingStatusCountsSchema,
  pricingOrderListFilter,
  type EstimateInput,
  type EstimatorBand,
  type PricingActionInput,
  type PricingActionResult,
  type PricingExpert,
  type PricingOrder,
  type PricingOrderListFilter,
  type PricingOrderPage,
  type PricingStatusCount,
} from '@panel/contracts/pricing-orders';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const ORDERS = '/api/price-estimator/orders';

export const listPricingOrders = (gateway: GatewayClient, filter: PricingOrderListFilter): Promise<PricingOrderPage> =>
  gateway.get(PricingOrderPageSchema, `${ORDERS}/`, pricingOrderListFilter.toQuery(filter));
export const exportPricingOrders = (gateway: GatewayClient, filter: PricingOrderListFilter): Promise<{ rows: PricingOrder[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listPricingOrders(gateway, { ...filter, page, pageSize }));
export const statusCounts = (gateway: GatewayClient, filter: PricingOrderListFilter): Promise<PricingStatusCount[]> =>
  gateway.get(inResults(PricingStatusCountsSchema), `${ORDERS}/counts/`, pricingOrderListFilter.toQuery(filter));
export const pricingExperts = (gateway: GatewayClient): Promise<PricingExpert[]> => gateway.get(inResults(PricingExpertsSchema), '/api/price-estimator/experts/');
export const pricingOrder = (gateway: GatewayClient, id: number): Promise<PricingOrder> => gateway.get(PricingOrderSchema, `${ORDERS}/${id}/`);
export const estimatorBand = (gateway: GatewayClient, id: number): Promise<EstimatorBand> => gateway.get(inData(EstimatorBandSchema), `${ORDERS}/${id}/estimate/`);
export const pricingHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${ORDERS}/${id}/history/`);

const action = (gateway: GatewayClient, id: number, path: string, body: object): Promise<PricingActionResult> =>
  gateway.send(inData(PricingActionResultSchema), 'POST', `${ORDERS}/${id}/${path}/`, body);
export const take = (gateway: GatewayClient, { id, ...body }: PricingActionInput) => action(gateway, id, 'take', body);
export const release = (gateway: GatewayClient, { id, ...body }: PricingActionInput) => action(gateway, id, 'release', body);
export const submitEstimate = (gateway: GatewayClient, { id, ...body }: EstimateInput) => action(gateway, id, 'estimate', body);
