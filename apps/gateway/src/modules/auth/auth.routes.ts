import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { AUTH_ACCESS } from '@panel/contracts/auth';
import { API_TOKENS_ACCESS, ApiTokenIdInputSchema, CreateApiTokenInputSchema } from '@panel/contracts/api-tokens';
import { createApiTokenService, tokenAsUser, tokenSelf, type TokenManager } from './api-tokens.service';

/** REST paths in the style of the Django REST upstream; listed in this folder's README. */
export const authRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const service = createAuthService(db, tokens);
  const access = routeAccess(tokens);
  const can = { ...access.guards(AUTH_ACCESS), ...access.guards(API_TOKENS_ACCESS) };
  const apiTokens = createApiTokenService(db);
  // Every route's `Bearer` may be an API token from now on (plugins/auth.ts).
  tokens.useMachineTokens(apiTokens.resolve);
  const manager = (request: FastifyRequest): TokenManager => ({
    userId: request.user!.user.id,
    roles: request.user!.roles_in_services,
    viaToken: request.user!.api_token !== undefined,
  });

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

  app.get('/api/auth/roles/', can.self, async (request) => ({ roles_in_services: request.user!.roles_in_services }));

  // A machine's token answers as the user `token:<name>` with its own roles, not as its creator.
  app.get('/api/auth/me/', can.self, async (request) => (request.user!.api_token ? tokenAsUser(request.user!) : service.me(request.user!.user.id)));

  // API tokens for machines (issue 18): staff create, list and revoke them; the token is in the
  // creation's answer only.
  app.get('/api/auth/api-tokens/', can.manage, async (request) => apiTokens.list(manager(request)));

  app.post('/api/auth/api-tokens/', can.manage, async (request, reply) => {
    const input = parseInput(CreateApiTokenInputSchema, request.body);
    return reply.status(201).send({ result: await apiTokens.create(manager(request), input) });
  });

  app.post('/api/auth/api-tokens/:id/revoke/', can.manage, async (request) => {
    const { id } = parseInput(ApiTokenIdInputSchema, request.params);
    return { result: await apiTokens.revoke(manager(request), id) };
  });

  /** The token this request carries, as the BFF's machine session reads it. */
  app.get('/api/auth/api-tokens/self/', can.self, async (request) => tokenSelf(request.user!));

  app.get('/api/users/', can.users, async (request) => service.list(parseInput(UsersQuerySchema, request.query)));

  app.get('/api/users/:id/', can.users, async (request) => service.one(parseInput(UserIdParamsSchema, request.params).id));

  // Whom the signed-in user is talking with: the caller-history dialog is in every user's sidebar (spec §2).
  app.get('/api/call-center/staff/callee/', can.self, async (request) => service.callee(request.user!.user.id));

  app.put('/api/call-center/staff/:id/call/', can.calls, async (request) => {
    const { id } = parseInput(UserIdParamsSchema, request.params);
    const body = parseInput(SetCallBodySchema, request.body);
    return service.setCall(id, body.callee_phone_number);
  });
};
