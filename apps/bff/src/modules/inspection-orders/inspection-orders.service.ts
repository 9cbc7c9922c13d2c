import {
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
