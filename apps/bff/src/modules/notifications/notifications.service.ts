import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  AudienceCountSchema,
  ExpertChoiceSchema,
  ExpertMessagePageSchema,
  OutboxPageSchema,
  SendExpertMessageResultSchema,
  SendSmsResultSchema,
  SmsTemplatePageSchema,
  SmsTemplateSchema,
  TemplateActionResultSchema,
  expertMessageListFilter,
  outboxListFilter,
  templateListFilter,
  type AudienceCount,
  type CreateTemplateInput,
  type EditTemplateInput,
  type ExpertAudience,
  type ExpertChoice,
  type ExpertMessage,
  type ExpertMessageListFilter,
  type ExpertMessagePage,
  type OutboxListFilter,
  type OutboxMessage,
  type OutboxPage,
  type SendExpertMessageInput,
  type SendExpertMessageResult,
  type SendSmsInput,
  type SendSmsResult,
  type SmsTemplate,
  type SmsTemplatePage,
  type TemplateActionResult,
  type TemplateListFilter,
  type TemplateMoveInput,
} from '@panel/contracts/notifications';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const BASE = '/api/notifications';
const TEMPLATES = `${BASE}/sms-templates`;
const EXPERT_MESSAGES = `${BASE}/expert-messages`;
type Rows<T> = Promise<{ rows: T[]; truncated: boolean }>;

export const listOutbox = (gateway: GatewayClient, filter: OutboxListFilter): Promise<OutboxPage> => gateway.get(OutboxPageSchema, `${BASE}/outbox/`, outboxListFilter.toQuery(filter));
export const exportOutbox = (gateway: GatewayClient, filter: OutboxListFilter): Rows<OutboxMessage> => exportAll((page, pageSize) => listOutbox(gateway, { ...filter, page, pageSize }));

export const listTemplates = (gateway: GatewayClient, filter: TemplateListFilter): Promise<SmsTemplatePage> => gateway.get(SmsTemplatePageSchema, `${TEMPLATES}/`, templateListFilter.toQuery(filter));
export const exportTemplates = (gateway: GatewayClient, filter: TemplateListFilter): Rows<SmsTemplate> => exportAll((page, pageSize) => listTemplates(gateway, { ...filter, page, pageSize }));
export const template = (gateway: GatewayClient, id: number): Promise<SmsTemplate> => gateway.get(SmsTemplateSchema, `${TEMPLATES}/${id}/`);
export const templateHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${TEMPLATES}/${id}/history/`);
export const createTemplate = (gateway: GatewayClient, input: CreateTemplateInput): Promise<TemplateActionResult> => gateway.send(inData(TemplateActionResultSchema), 'POST', `${TEMPLATES}/`, input);
export const editTemplate = (gateway: GatewayClient, { id, ...body }: EditTemplateInput): Promise<TemplateActionResult> => gateway.send(inData(TemplateActionResultSchema), 'PUT', `${TEMPLATES}/${id}/`, body);
export const moveTemplate = (gateway: GatewayClient, { id, action, ...body }: TemplateMoveInput): Promise<TemplateActionResult> =>
  gateway.send(inData(TemplateActionResultSchema), 'POST', `${TEMPLATES}/${id}/${action}/`, body);

export const sendSms = (gateway: GatewayClient, input: SendSmsInput): Promise<SendSmsResult> => gateway.send(inData(SendSmsResultSchema), 'POST', `${BASE}/sms/`, input);

const audienceQuery = (a: ExpertAudience) => ({ cities: a.cities.join(','), levels: a.levels.join(','), types: a.types.join(','), experts: a.experts.join(',') });
export const audienceCount = (gateway: GatewayClient, audience: ExpertAudience): Promise<AudienceCount> => gateway.get(inData(AudienceCountSchema), `${EXPERT_MESSAGES}/audience/`, audienceQuery(audience));
export const searchExperts = (gateway: GatewayClient, q: string): Promise<ExpertChoice[]> => gateway.get(inResults(z.array(ExpertChoiceSchema)), `${EXPERT_MESSAGES}/experts/`, { q });
export const listExpertMessages = (gateway: GatewayClient, filter: ExpertMessageListFilter): Promise<ExpertMessagePage> =>
  gateway.get(ExpertMessagePageSchema, `${EXPERT_MESSAGES}/`, expertMessageListFilter.toQuery(filter));
export const exportExpertMessages = (gateway: GatewayClient, filter: ExpertMessageListFilter): Rows<ExpertMessage> => exportAll((page, pageSize) => listExpertMessages(gateway, { ...filter, page, pageSize }));
export const sendExpertMessage = (gateway: GatewayClient, input: SendExpertMessageInput): Promise<SendExpertMessageResult> =>
  gateway.send(inData(SendExpertMessageResultSchema), 'POST', `${EXPERT_MESSAGES}/`, input);
