import { CarDetailPageSchema, carDetailListFilter, type CarDetail, type CarDetailListFilter, type CarDetailPage } from '@panel/contracts/car-detail';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listCarDetail = (gateway: GatewayClient, filter: CarDetailListFilter): Promise<CarDetailPage> =>
  gateway.get(CarDetailPageSchema, '/api/car-detail/', carDetailListFilter.toQuery(filter));

export const exportCarDetail = (gateway: GatewayClient, filter: CarDetailListFilter): Promise<{ rows: CarDetail[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listCarDetail(gateway, { ...filter, page, pageSize }));
