import { ExpertPayPageSchema, expertPayListFilter, type ExpertPay, type ExpertPayListFilter, type ExpertPayPage } from '@panel/contracts/expert-pay';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listExpertPay = (gateway: GatewayClient, filter: ExpertPayListFilter): Promise<ExpertPayPage> =>
  gateway.get(ExpertPayPageSchema, '/api/expert-pay/', expertPayListFilter.toQuery(filter));

export const exportExpertPay = (gateway: GatewayClient, filter: ExpertPayListFilter): Promise<{ rows: ExpertPay[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listExpertPay(gateway, { ...filter, page, pageSize }));
