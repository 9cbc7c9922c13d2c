import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  ReserveListPageSchema,
  ReserveSchema,
  reserveListFilter,
  type ReleaseReserveInput,
  type Reserve,
  type ReserveIdInput,
  type ReserveListFilter,
  type ReserveListPage,
} from '@panel/contracts/inspection-reserves';
import type { ActionLogEntry } from '@panel/contracts/common';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const RESERVES = '/api/inspection/reserves';
const ReserveAnswerSchema = inData(ReserveSchema);

export const listReserves = (gateway: GatewayClient, filter: ReserveListFilter): Promise<ReserveListPage> =>
  gateway.get(ReserveListPageSchema, `${RESERVES}/`, reserveListFilter.toQuery(filter));

/** Every reserve of the filter (up to EXPORT_LIMIT), for the CSV. */
export const exportReserves = (gateway: GatewayClient, filter: ReserveListFilter): Promise<{ rows: Reserve[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listReserves(gateway, { ...filter, page, pageSize }));

export const reserveActionLog = (gateway: GatewayClient, { id }: ReserveIdInput): Promise<ActionLogEntry[]> =>
  gateway.get(inResults(ActionLogEntrySchema.array()), `${RESERVES}/${id}/action-log/`);

export const renewReserve = (gateway: GatewayClient, { id }: ReserveIdInput): Promise<Reserve> => gateway.send(ReserveAnswerSchema, 'POST', `${RESERVES}/${id}/renew/`);

export const sendPaymentLink = (gateway: GatewayClient, { id }: ReserveIdInput): Promise<Reserve> =>
  gateway.send(ReserveAnswerSchema, 'POST', `${RESERVES}/${id}/send-payment-link/`);

export const releaseReserve = (gateway: GatewayClient, { id, reason }: ReleaseReserveInput): Promise<Reserve> =>
  gateway.send(ReserveAnswerSchema, 'POST', `${RESERVES}/${id}/release/`, { reason });
