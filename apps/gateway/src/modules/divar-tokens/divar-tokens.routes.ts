import type { FastifyPluginAsync } from 'fastify';
import { DivarLinkInputSchema, DivarTokenIdInputSchema, DivarTokenListFilterSchema, DivarTokenLookupInputSchema, DivarUnlinkInputSchema, DIVAR_TOKENS_ACCESS } from '@panel/contracts/divar-tokens';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { divarTokenActions, divarTokenHistory, getDivarToken, listDivarTokens, lookupDivarToken, type DivarTokensDb } from './divar-tokens.service';

/** Divar post tokens (issue 16, decision 084): the sale team (staff) looks up, links and unlinks. */
export const divarTokensRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(DIVAR_TOKENS_ACCESS);
  const q: DivarTokensDb = kyselyOf(db);
  const idOf = (request: { params: unknown }) => parseInput(DivarTokenIdInputSchema, request.params).id;
  const actions = divarTokenActions(db);

  app.get('/api/divar-tokens/', can.read, async (request) => listDivarTokens(q, parseInput(DivarTokenListFilterSchema, request.query)));
  app.get('/api/divar-tokens/lookup/', can.read, async (request) => ({ data: await lookupDivarToken(q, parseInput(DivarTokenLookupInputSchema, request.query).token) }));
  app.get('/api/divar-tokens/:id/', can.read, async (request) => getDivarToken(q, idOf(request)));
  app.get('/api/divar-tokens/:id/history/', can.read, async (request) => ({ results: await divarTokenHistory(db, idOf(request)) }));
  app.post('/api/divar-tokens/link/', can.link, async (request) => ({ data: await actions.link(actorOf(request), parseInput(DivarLinkInputSchema, request.body)) }));
  app.post('/api/divar-tokens/:id/unlink/', can.link, async (request) => ({
    data: await actions.unlink(actorOf(request), parseInput(DivarUnlinkInputSchema, { ...(request.body as object | undefined), id: idOf(request) })),
  }));
};
