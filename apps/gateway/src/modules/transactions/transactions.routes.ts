import type { FastifyPluginAsync } from 'fastify';
import { TRANSACTIONS_ACCESS, TransactionsListFilterSchema } from '@panel/contracts/transactions';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listTransactions, type TransactionsDb } from './transactions.service';

/** تراکنش‌ها: the paths are listed in the contracts README of the module. */
export const transactionsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(TRANSACTIONS_ACCESS);
  const q: TransactionsDb = kyselyOf(db);

  app.get('/api/transactions/', can.read, async (request) => listTransactions(q, parseInput(TransactionsListFilterSchema, request.query)));
};
