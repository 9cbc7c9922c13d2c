import { DiscountsPageSchema, discountsListFilter, type Discounts, type DiscountsListFilter, type DiscountsPage } from '@panel/contracts/discounts';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listDiscounts = (gateway: GatewayClient, filter: DiscountsListFilter): Promise<DiscountsPage> =>
  gateway.get(DiscountsPageSchema, '/api/discounts/', discountsListFilter.toQuery(filter));

export const exportDiscounts = (gateway: GatewayClient, filter: DiscountsListFilter): Promise<{ rows: Discounts[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listDiscounts(gateway, { ...filter, page, pageSize }));
