import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  RefundOutcomeSchema,
  TransactionDetailSchema,
  TransactionPageSchema,
  transactionsListFilter,
  type RefundCheckInput,
  type RefundStepInput,
  type RequestRefundInput,
  type Transaction,
  type TransactionPage,
  type TransactionsListFilter,
} from '@panel/contracts/transactions';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's transaction paths (packages/contracts/src/transactions/README.md); every answer checked once against the contract.

const BASE = '/api/transactions';
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;

export const listTransactions = (gateway: GatewayClient, filter: TransactionsListFilter): Promise<TransactionPage> =>
  gateway.get(TransactionPageSchema, `${BASE}/`, transactionsListFilter.toQuery(filter));
export const exportTransactions = (gateway: GatewayClient, filter: TransactionsListFilter): Promise<{ rows: Transaction[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listTransactions(gateway, { ...filter, page, pageSize }));
export const detail = (gateway: GatewayClient, id: number) => gateway.get(TransactionDetailSchema, `${BASE}/${id}/`);
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${id}/history/`);
export const requestRefund = (gateway: GatewayClient, { transaction_id, ...body }: RequestRefundInput) =>
  gateway.send(inData(RefundOutcomeSchema), 'POST', `${BASE}/${transaction_id}/refund/`, body);
export const checkRefund = (gateway: GatewayClient, input: RefundCheckInput) => gateway.send(inData(RefundOutcomeSchema), 'POST', `${BASE}/refunds/${input.id}/check/`, withoutId(input));
export const stepRefund = (gateway: GatewayClient, input: RefundStepInput) => gateway.send(inData(RefundOutcomeSchema), 'POST', `${BASE}/refunds/${input.id}/update-state/`, withoutId(input));
