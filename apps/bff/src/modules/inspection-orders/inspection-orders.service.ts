import {
  CreatedOrderSchema,
  OrderDetailSchema,
  OrderFilterOptionsSchema,
  OrderListPageSchema,
  orderListFilterToQuery,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderDetail,
  type OrderFilterOptions,
  type OrderListFilter,
  type OrderListItem,
  type OrderListPage,
} from '@panel/contracts/inspection-orders';
import { MAX_PAGE_SIZE } from '@panel/contracts/common';
import type { GatewayClient } from '../../gateway/gateway-client';

const ORDERS = '/api/inspection/orders';

/** The most rows one export reads; a larger export would need a background job. */
export const EXPORT_LIMIT = 10_000;

export async function listOrders(gateway: GatewayClient, filter: OrderListFilter): Promise<OrderListPage> {
  return OrderListPageSchema.parse(await gateway.request(ORDERS, { query: orderListFilterToQuery(filter) }));
}

/** Every order of the filter (up to EXPORT_LIMIT), page by page in the filter's sort order. */
export async function exportOrders(gateway: GatewayClient, filter: OrderListFilter): Promise<{ rows: OrderListItem[]; truncated: boolean }> {
  const rows: OrderListItem[] = [];
  for (let page = 1; ; page += 1) {
    const result = await listOrders(gateway, { ...filter, page, pageSize: MAX_PAGE_SIZE });
    rows.push(...result.results);
    if (rows.length >= result.count || result.results.length === 0) return { rows, truncated: false };
    if (rows.length >= EXPORT_LIMIT) return { rows: rows.slice(0, EXPORT_LIMIT), truncated: true };
  }
}

export async function orderDetail(gateway: GatewayClient, pk: number): Promise<OrderDetail> {
  return OrderDetailSchema.parse(await gateway.request(`${ORDERS}/${pk}`));
}

export async function orderFilterOptions(gateway: GatewayClient): Promise<OrderFilterOptions> {
  return OrderFilterOptionsSchema.parse(await gateway.request(`${ORDERS}/filter-options`));
}

export async function createOrder(gateway: GatewayClient, input: CreateOrderInput): Promise<CreatedOrder> {
  return CreatedOrderSchema.parse(await gateway.request(ORDERS, { method: 'POST', body: input }));
}
