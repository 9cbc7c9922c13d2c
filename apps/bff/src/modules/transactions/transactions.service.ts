import { TransactionsPageSchema, transactionsListFilter, type Transactions, type TransactionsListFilter, type TransactionsPage } from '@panel/contracts/transactions';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listTransactions = (gateway: GatewayClient, filter: TransactionsListFilter): Promise<TransactionsPage> =>
  gateway.get(TransactionsPageSchema, '/api/transactions/', transactionsListFilter.toQuery(filter));

export const exportTransactions = (gateway: GatewayClient, filter: TransactionsListFilter): Promise<{ rows: Transactions[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listTransactions(gateway, { ...filter, page, pageSize }));
