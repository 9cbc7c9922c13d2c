import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';

export const authRoutes: FastifyPluginAsync<GatewayDeps> = async () => {};
