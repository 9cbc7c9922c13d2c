import type { FastifyPluginAsync } from 'fastify';
import { CreateReserveBodySchema, ReleaseReserveInputSchema, ReserveIdInputSchema, ReserveListFilterSchema, INSPECTION_RESERVES_ACCESS } from '@panel/contracts/inspection-reserves';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { listReserves, reservesService } from './inspection-reserves.service';

const EXPIRY_SWEEP_MS = 2_000;

/** REST paths of the reserves (the module's README lists them). Staff only. */
export const inspectionReservesRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, env, tokens, ports }) => {
  const can = routeAccess(tokens).guards(INSPECTION_RESERVES_ACCESS);
  const service = reservesService(db, { dispatch: ports.dispatch, catalogue: ports.catalogue, paymentLinkBaseUrl: env.PAYMENT_LINK_BASE_URL });
  const idOf = (request: { params: unknown }) => parseInput(ReserveIdInputSchema, request.params).id;

  app.get('/api/inspection/reserves/', can.read, async (request) => listReserves(kyselyOf(db), parseInput(ReserveListFilterSchema, request.query)));
  app.post('/api/inspection/reserves/', can.act, async (request, reply) =>
    reply.status(201).send({ data: await service.create(actorOf(request), parseInput(CreateReserveBodySchema, request.body)) }),
  );
  app.get('/api/inspection/reserves/:id/action-log/', can.read, async (request) => ({ results: await actionLog(db, 'inspection_reserve', idOf(request)) }));
  app.post('/api/inspection/reserves/:id/renew/', can.act, async (request) => ({ data: await service.renew(actorOf(request), idOf(request)) }));
  app.post('/api/inspection/reserves/:id/send-payment-link/', can.act, async (request) => ({ data: await service.sendPaymentLink(actorOf(request), idOf(request)) }));
  app.post('/api/inspection/reserves/:id/release/', can.act, async (request) => {
    const { reason } = parseInput(ReleaseReserveInputSchema, { ...(request.body as object), id: idOf(request) });
    return { data: await service.release(actorOf(request), idOf(request), reason) };
  });

  // Unpaid reserves end on the server, whether or not anyone is looking.
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    service
      .expireDue()
      .catch((error: unknown) => app.log.warn({ err: error }, 'reserve expiry sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, EXPIRY_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
};
