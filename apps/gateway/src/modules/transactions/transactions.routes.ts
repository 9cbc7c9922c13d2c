import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  RefundCheckInputSchema,
  RefundStepInputSchema,
  RequestRefundInputSchema,
  TRANSACTIONS_ACCESS,
  TransactionIdInputSchema,
  TransactionsListFilterSchema,
} from '@panel/contracts/transactions';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { transactionActions } from './transactions-actions.service';
import { referenceBank } from './transactions.bank';
import { listTransactions, transactionDetail, transactionHistory, type TransactionsDb } from './transactions.service';

const BASE = '/api/transactions';

/** تراکنش‌ها (issue 33, decision 118): the paths are listed in the contracts README of the module. */
export const transactionsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(TRANSACTIONS_ACCESS);
  const q: TransactionsDb = kyselyOf(db);
  const act = transactionActions(db, referenceBank);
  const idOf = (request: FastifyRequest) => parseInput(TransactionIdInputSchema, request.params).id;
  const body = (request: FastifyRequest) => ({ ...(request.body as object), id: idOf(request) });

  app.get(`${BASE}/`, can.read, async (request) => listTransactions(q, parseInput(TransactionsListFilterSchema, request.query)));
  app.get(`${BASE}/:id/`, can.read, async (request) => transactionDetail(q, db, idOf(request)));
  app.get(`${BASE}/:id/history/`, can.read, async (request) => ({ results: await transactionHistory(q, db, idOf(request)) }));
  app.post(`${BASE}/:id/refund/`, can.supervise, async (request, reply) =>
    reply.code(201).send({ data: await act.request(actorOf(request), parseInput(RequestRefundInputSchema, { ...(request.body as object), transaction_id: idOf(request) })) }),
  );
  app.post(`${BASE}/refunds/:id/check/`, can.check, async (request) => ({ data: await act.check(actorOf(request), parseInput(RefundCheckInputSchema, body(request))) }));
  app.post(`${BASE}/refunds/:id/update-state/`, can.check, async (request) => ({ data: await act.step(actorOf(request), parseInput(RefundStepInputSchema, body(request))) }));
};
