import { inData } from '@panel/contracts/common';
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
import type { GatewayClient } from '../../gateway/gateway-client';

const RESERVES = '/api/inspection/reserves';

export const listReserves = (gateway: GatewayClient, filter: ReserveListFilter): Promise<ReserveListPage> =>
  gateway.get(ReserveListPageSchema, `${RESERVES}/`, reserveListFilter.toQuery(filter));

const ReserveAnswerSchema = inData(ReserveSchema);

export const renewReserve = (gateway: GatewayClient, { id }: ReserveIdInput): Promise<Reserve> => gateway.send(ReserveAnswerSchema, 'POST', `${RESERVES}/${id}/renew/`);

export const sendPaymentLink = (gateway: GatewayClient, { id }: ReserveIdInput): Promise<Reserve> =>
  gateway.send(ReserveAnswerSchema, 'POST', `${RESERVES}/${id}/send-payment-link/`);

export const releaseReserve = (gateway: GatewayClient, { id, reason }: ReleaseReserveInput): Promise<Reserve> =>
  gateway.send(ReserveAnswerSchema, 'POST', `${RESERVES}/${id}/release/`, { reason });
