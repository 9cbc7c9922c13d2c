import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AcceptOfferInputSchema,
  AddNoteInputSchema,
  AssignSupervisorInputSchema,
  BuyerOfferInputSchema,
  BuyerOfferListFilterSchema,
  CONCIERGE_OFFERS_TOPIC,
  CancelSaleInputSchema,
  CreateSaleInputSchema,
  DealListFilterSchema,
  SaleIdInputSchema,
  SaleListFilterSchema,
  SaleReasonInputSchema,
  SaleStepInputSchema,
  SubmitDealInputSchema,
  CONCIERGE_SALE_ACCESS,
} from '@panel/contracts/concierge-sale';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { serveLiveChannel } from '../../live/live-channel';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { buyerOffersChannel } from './concierge-sale.live';
import { startOfferTrickle } from './concierge-sale.seed';
import {
  listBuyerOffers,
  listDeals,
  listSales,
  offersByIds,
  openOffers,
  saleActionLog,
  saleDetail,
  salePeople,
  saleService,
  type ActionOutcome,
  type SaleQuery,
  type Viewer,
} from './concierge-sale.service';

const SALES = '/api/concierge-sale/sales';
const TokenParamSchema = z.object({ token: z.string().regex(/^cs-[0-9a-z]{6,}$/, { error: 'کد فروش نامعتبر است' }) });

function viewerOf(request: FastifyRequest): Viewer {
  const claims = request.user!;
  return { actor: { ...actorOf(request), id: claims.user.id }, roles: claims.roles_in_services };
}

export const conciergeSaleRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db, tokens, env } = deps;
  // Spec §6: the sale's team works here; the service narrows a sales expert to their own sales.
  const can = routeAccess(tokens).guards(CONCIERGE_SALE_ACCESS);
  const q = kyselyOf(db) as unknown as SaleQuery;
  const sales = saleService(db);
  const live = await serveLiveChannel(app, deps, buyerOffersChannel(() => openOffers(q)));
  const publish = async (ids: readonly number[]) => {
    if (ids.length > 0) await live.publish([{ topic: CONCIERGE_OFFERS_TOPIC, items: await offersByIds(q, ids) }]);
  };
  /** Answers an action after its commit, telling live watchers about the offers it moved. */
  const answer = async (outcome: ActionOutcome) => {
    await publish(outcome.offers);
    return { data: outcome.result };
  };
  const idOf = (request: FastifyRequest) => parseInput(SaleIdInputSchema, request.params).id;
  const body = <T extends z.ZodType>(schema: T, request: FastifyRequest) => parseInput(schema, { ...(request.body as object), id: idOf(request) });

  app.get(`${SALES}/`, can.work, async (request) => listSales(q, viewerOf(request), parseInput(SaleListFilterSchema, request.query)));
  app.post(`${SALES}/`, can.work, async (request, reply) => {
    const created = await sales.create(viewerOf(request), parseInput(CreateSaleInputSchema, request.body));
    return reply.code(201).send({ data: created });
  });
  app.get(`${SALES}/people/`, can.work, async () => ({ data: await salePeople(q) }));
  app.get(`${SALES}/:id/`, can.work, async (request) => ({ data: await saleDetail(q, viewerOf(request), idOf(request)) }));
  app.get(`${SALES}/:id/action-log/`, can.work, async (request) => ({ results: await saleActionLog(q, db, viewerOf(request), idOf(request)) }));

  app.post(`${SALES}/:id/assign-supervisor/`, can.work, async (request) => answer(await sales.assignSupervisor(viewerOf(request), body(AssignSupervisorInputSchema, request))));
  app.post(`${SALES}/:id/send-to-offer/`, can.work, async (request) => answer(await sales.sendToOffer(viewerOf(request), body(SaleStepInputSchema, request))));
  app.post(`${SALES}/:id/remove-from-offer/`, can.work, async (request) => answer(await sales.removeFromOffer(viewerOf(request), body(SaleStepInputSchema, request))));
  app.post(`${SALES}/:id/submit-deal/`, can.work, async (request) => answer(await sales.submitDeal(viewerOf(request), body(SubmitDealInputSchema, request))));
  app.post(`${SALES}/:id/approve-deal/`, can.work, async (request) => answer(await sales.approveDeal(viewerOf(request), body(SaleStepInputSchema, request))));
  app.post(`${SALES}/:id/cancel-deal/`, can.work, async (request) => answer(await sales.cancelDeal(viewerOf(request), body(SaleReasonInputSchema, request))));
  app.post(`${SALES}/:id/revert/`, can.work, async (request) => answer(await sales.revert(viewerOf(request), body(SaleReasonInputSchema, request))));
  app.post(`${SALES}/:id/cancel/`, can.work, async (request) => answer(await sales.cancelSale(viewerOf(request), body(CancelSaleInputSchema, request))));
  app.post(`${SALES}/:id/notes/`, can.work, async (request) => answer(await sales.addNote(viewerOf(request), body(AddNoteInputSchema, request))));

  app.get('/api/concierge-sale/offers/', can.work, async (request) => listBuyerOffers(q, viewerOf(request), parseInput(BuyerOfferListFilterSchema, request.query)));
  app.post('/api/concierge-sale/offers/:offer_id/accept/', can.work, async (request) =>
    answer(await sales.acceptOffer(viewerOf(request), parseInput(AcceptOfferInputSchema, { ...(request.body as object), ...(request.params as object) }))),
  );
  app.get('/api/concierge-sale/deals/', can.work, async (request) => listDeals(q, viewerOf(request), parseInput(DealListFilterSchema, request.query)));

  // The buyers' site posts offers here: public, like the rest of the buyers' side (no staff token).
  app.post('/api/concierge-sale/public/sales/:token/offers/', async (request, reply) => {
    const { token } = parseInput(TokenParamSchema, request.params);
    const id = await sales.postBuyerOffer(token, parseInput(BuyerOfferInputSchema, request.body));
    await publish([id]);
    return reply.code(201).send({ data: { id } });
  });

  if (env.SEED === 'demo' && env.CONCIERGE_OFFER_TRICKLE_SECONDS > 0) {
    const stop = startOfferTrickle(db, env.CONCIERGE_OFFER_TRICKLE_SECONDS * 1000, publish, (error) => app.log.warn({ err: error }, 'demo buyer offer failed'));
    app.addHook('onClose', async () => stop());
  }
};
