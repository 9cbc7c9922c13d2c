import {
  OrderListFilterSchema,
  orderListFilterToQuery,
  type OrderListFilter,
  type OrderListFilterInput,
} from '@panel/contracts/inspection-orders';
import { parseQueryLeniently } from '@panel/contracts/common';
import { recordToSearchParams, searchParamsToRecord } from '@panel/ui';

/**
 * The order list's filter lives in the address (spec §2): reading parses it with the contract
 * schema, dropping any value a hand-edited or stale link got wrong; writing leaves defaults out,
 * so the same view always has the same address and a shared link reopens it.
 */
export function readOrderListParams(params: URLSearchParams): { filter: OrderListFilter; dropped: string[] } {
  const { value, dropped } = parseQueryLeniently(OrderListFilterSchema, searchParamsToRecord(params));
  return { filter: value, dropped };
}

export function orderListParams(filter: OrderListFilterInput): URLSearchParams {
  return recordToSearchParams(orderListFilterToQuery(filter));
}
