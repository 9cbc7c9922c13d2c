import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';

export const inspectionOrdersRoutes: FastifyPluginAsync<GatewayDeps> = async () => {};
