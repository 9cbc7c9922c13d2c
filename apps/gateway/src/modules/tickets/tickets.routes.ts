import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';

export const ticketsRoutes: FastifyPluginAsync<GatewayDeps> = async () => {};
