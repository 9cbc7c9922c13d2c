import { NpsPageSchema, npsListFilter, type Nps, type NpsListFilter, type NpsPage } from '@panel/contracts/nps';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listNps = (gateway: GatewayClient, filter: NpsListFilter): Promise<NpsPage> =>
  gateway.get(NpsPageSchema, '/api/nps/', npsListFilter.toQuery(filter));

export const exportNps = (gateway: GatewayClient, filter: NpsListFilter): Promise<{ rows: Nps[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listNps(gateway, { ...filter, page, pageSize }));
