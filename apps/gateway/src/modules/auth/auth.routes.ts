import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { parseInput } from '../../validation';
import { routeAccess } from '../../plugins/auth';
import {
  LoginBodySchema,
  LogoutBodySchema,
  RefreshBodySchema,
  SetCallBodySchema,
  UserIdParamsSchema,
  UsersQuerySchema,
} from './auth.schemas';
import { createAuthService } from './auth.service';

/** REST paths in the style of the Django REST upstream; listed in this folder's README. */
export const authRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const service = createAuthService(db, tokens);
  const { signedIn, staff } = routeAccess(tokens);

  app.post('/api/auth/login/', async (request) => {
    const body = parseInput(LoginBodySchema, request.body);
    return service.login(body.username, body.password);
  });

  app.post('/api/auth/token/refresh/', async (request) => {
    const body = parseInput(RefreshBodySchema, request.body);
    return service.refresh(body.refresh);
  });

  app.post('/api/auth/logout/', async (request, reply) => {
    const body = parseInput(LogoutBodySchema, request.body);
    await service.logout(body.refresh);
    return reply.status(204).send();
  });

  app.get('/api/auth/roles/', signedIn, async (request) => ({ roles_in_services: request.user!.roles_in_services }));

  app.get('/api/auth/me/', signedIn, async (request) => service.me(request.user!.user.id));

  app.get('/api/users/', staff, async (request) => service.list(parseInput(UsersQuerySchema, request.query)));

  app.get('/api/users/:id/', staff, async (request) => service.one(parseInput(UserIdParamsSchema, request.params).id));

  // Whom the signed-in user is talking with: the caller-history dialog is in every user's sidebar (spec §2).
  app.get('/api/call-center/staff/callee/', signedIn, async (request) => service.callee(request.user!.user.id));

  app.put('/api/call-center/staff/:id/call/', staff, async (request) => {
    const { id } = parseInput(UserIdParamsSchema, request.params);
    const body = parseInput(SetCallBodySchema, request.body);
    return service.setCall(id, body.callee_phone_number);
  });
};
