import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  OrderActionResultSchema,
  OrderMessageSchema,
  type OrderMessage,
  type CancelOrderInput,
  type ChangePackageInput,
  type ChangePricingInput,
  type HoldOrderInput,
  type OrderPkActionInput,
  type ReportDifferencesInput,
  CreatedOrderSchema,
  OrderDetailSchema,
  OrderFilterOptionsSchema,
  OrderListPageSchema,
  orderListFilter,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderDetail,
  type OrderFilterOptions,
  type OrderListFilter,
  type OrderListItem,
  type OrderListPage,
} from '@panel/contracts/inspection-orders';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const ORDERS = '/api/inspection/orders';

export async function listOrders(gateway: GatewayClient, filter: OrderListFilter): Promise<OrderListPage> {
  return gateway.get(OrderListPageSchema, ORDERS, orderListFilter.toQuery(filter));
}

/** Every order of the filter (up to EXPORT_LIMIT), for the CSV. */
export function exportOrders(gateway: GatewayClient, filter: OrderListFilter): Promise<{ rows: OrderListItem[]; truncated: boolean }> {
  return exportAll((page, pageSize) => listOrders(gateway, { ...filter, page, pageSize }));
}

export async function orderDetail(gateway: GatewayClient, pk: number): Promise<OrderDetail> {
  return gateway.get(OrderDetailSchema, `${ORDERS}/${pk}`);
}

export async function orderFilterOptions(gateway: GatewayClient): Promise<OrderFilterOptions> {
  return gateway.get(OrderFilterOptionsSchema, `${ORDERS}/filter-options`);
}

export async function createOrder(gateway: GatewayClient, input: CreateOrderInput): Promise<CreatedOrder> {
  return gateway.send(CreatedOrderSchema, 'POST', ORDERS, input);
}

// The order's actions (decision 032). Each answers the order's new state and what the person
// must see; the gateway enforces the workflow and logs the action.

const action = (gateway: GatewayClient, pk: number, path: string, method: 'POST' | 'PATCH', body?: unknown) =>
  gateway.send(inData(OrderActionResultSchema), method, `${ORDERS}/${pk}/${path}/`, body);

export const holdOrder = (gateway: GatewayClient, { pk, ...body }: HoldOrderInput) => action(gateway, pk, 'hold', 'POST', body);
export const releaseHold = (gateway: GatewayClient, { pk }: OrderPkActionInput) => action(gateway, pk, 'release-hold', 'POST');
export const sendToOffer = (gateway: GatewayClient, { pk }: OrderPkActionInput) => action(gateway, pk, 'send-to-offer', 'POST');
export const removeOffer = (gateway: GatewayClient, { pk }: OrderPkActionInput) => action(gateway, pk, 'remove-offer', 'POST');
export const changePackage = (gateway: GatewayClient, { pk, ...body }: ChangePackageInput) => action(gateway, pk, 'package', 'PATCH', body);
export const changePricing = (gateway: GatewayClient, { pk, ...body }: ChangePricingInput) => action(gateway, pk, 'price-calculation', 'PATCH', body);
export const settlementLink = (gateway: GatewayClient, { pk }: OrderPkActionInput) => action(gateway, pk, 'settlement-payment-url', 'POST');
export const reportDifferences = (gateway: GatewayClient, { pk, ...body }: ReportDifferencesInput) => action(gateway, pk, 'report-differences', 'POST', body);
export const cancelOrder = (gateway: GatewayClient, { pk, ...body }: CancelOrderInput) => action(gateway, pk, 'cancel', 'POST', body);

export const orderActionLog = (gateway: GatewayClient, pk: number): Promise<ActionLogEntry[]> =>
  gateway.get(inResults(z.array(ActionLogEntrySchema)), `${ORDERS}/${pk}/action-log/`);

/** What the customer received about the order (its chat thread and SMS), oldest first. */
export const orderConversation = (gateway: GatewayClient, pk: number): Promise<OrderMessage[]> =>
  gateway.get(inResults(z.array(OrderMessageSchema)), `${ORDERS}/${pk}/conversation/`);
