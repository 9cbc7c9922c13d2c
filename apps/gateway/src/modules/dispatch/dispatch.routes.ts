import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';

export const dispatchRoutes: FastifyPluginAsync<GatewayDeps> = async () => {};
