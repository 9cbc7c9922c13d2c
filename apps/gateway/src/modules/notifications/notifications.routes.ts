import type { FastifyPluginAsync } from 'fastify';
import {
  CreateTemplateInputSchema,
  EditTemplateInputSchema,
  ExpertAudienceSchema,
  ExpertMessageListFilterSchema,
  ExpertSearchInputSchema,
  OutboxListFilterSchema,
  SendExpertMessageInputSchema,
  SendSmsInputSchema,
  TemplateIdInputSchema,
  TemplateListFilterSchema,
  TemplateMoveInputSchema,
  NOTIFICATIONS_ACCESS,
} from '@panel/contracts/notifications';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import {
  audienceCount,
  getTemplate,
  listExpertMessages,
  listOutbox,
  listTemplates,
  searchExperts,
  sendExpertMessage,
  sendSms,
  templateActions,
  templateHistory,
  type NotificationsDb,
} from './notifications.service';

/**
 * Notifications (decision 087): the SMS history and the templates are read by every signed-in
 * user (the SMS panel's sidebar item has an empty role list, spec §6); sending, editing templates
 * and the message to experts are staff's.
 */
export const notificationsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(NOTIFICATIONS_ACCESS);
  const q: NotificationsDb = kyselyOf(db);
  const templates = templateActions(db);
  const idOf = (request: { params: unknown }) => parseInput(TemplateIdInputSchema, request.params).id;
  const body = (request: { body: unknown }) => (request.body ?? {}) as object;

  app.get('/api/notifications/outbox/', can.read, async (request) => listOutbox(q, parseInput(OutboxListFilterSchema, request.query)));

  app.get('/api/notifications/sms-templates/', can.read, async (request) => listTemplates(q, parseInput(TemplateListFilterSchema, request.query)));
  app.get('/api/notifications/sms-templates/:id/', can.read, async (request) => getTemplate(q, idOf(request)));
  app.get('/api/notifications/sms-templates/:id/history/', can.read, async (request) => ({ results: await templateHistory(db, idOf(request)) }));
  app.post('/api/notifications/sms-templates/', can.manage, async (request) => ({ data: await templates.create(actorOf(request), parseInput(CreateTemplateInputSchema, request.body)) }));
  app.put('/api/notifications/sms-templates/:id/', can.manage, async (request) => ({
    data: await templates.edit(actorOf(request), parseInput(EditTemplateInputSchema, { ...body(request), id: idOf(request) })),
  }));
  for (const action of ['activate', 'deactivate'] as const) {
    app.post(`/api/notifications/sms-templates/:id/${action}/`, can.manage, async (request) => ({
      data: await templates.move(actorOf(request), parseInput(TemplateMoveInputSchema, { ...body(request), id: idOf(request), action })),
    }));
  }

  app.post('/api/notifications/sms/', can.manage, async (request) => ({ data: await sendSms(db, actorOf(request), parseInput(SendSmsInputSchema, request.body)) }));

  app.get('/api/notifications/expert-messages/', can.manage, async (request) => listExpertMessages(q, parseInput(ExpertMessageListFilterSchema, request.query)));
  app.get('/api/notifications/expert-messages/audience/', can.manage, async (request) => ({ data: await audienceCount(q, parseInput(ExpertAudienceSchema, request.query)) }));
  app.get('/api/notifications/expert-messages/experts/', can.manage, async (request) => ({ results: await searchExperts(q, parseInput(ExpertSearchInputSchema, request.query).q) }));
  app.post('/api/notifications/expert-messages/', can.manage, async (request) => ({ data: await sendExpertMessage(db, actorOf(request), parseInput(SendExpertMessageInputSchema, request.body)) }));
};
