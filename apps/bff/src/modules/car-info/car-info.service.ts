import { CarInfoPageSchema, carInfoListFilter, type CarInfo, type CarInfoListFilter, type CarInfoPage } from '@panel/contracts/car-info';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listCarInfo = (gateway: GatewayClient, filter: CarInfoListFilter): Promise<CarInfoPage> =>
  gateway.get(CarInfoPageSchema, '/api/car-info/', carInfoListFilter.toQuery(filter));

export const exportCarInfo = (gateway: GatewayClient, filter: CarInfoListFilter): Promise<{ rows: CarInfo[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listCarInfo(gateway, { ...filter, page, pageSize }));
