import { AiQcPageSchema, aiQcListFilter, type AiQc, type AiQcListFilter, type AiQcPage } from '@panel/contracts/ai-qc';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listAiQc = (gateway: GatewayClient, filter: AiQcListFilter): Promise<AiQcPage> =>
  gateway.get(AiQcPageSchema, '/api/ai-qc/', aiQcListFilter.toQuery(filter));

export const exportAiQc = (gateway: GatewayClient, filter: AiQcListFilter): Promise<{ rows: AiQc[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listAiQc(gateway, { ...filter, page, pageSize }));
