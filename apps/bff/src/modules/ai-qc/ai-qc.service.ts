import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  AiModelSchema,
  AiTextOutcomeSchema,
  AiTextPageSchema,
  AiTextSchema,
  NextAiTextSchema,
  aiQcListFilter,
  type AiQcListFilter,
  type AiText,
  type AiTextPage,
  type AiTextStepInput,
  type ApproveAiTextInput,
  type EditApproveAiTextInput,
  type NextAiTextInput,
  type RejectAiTextInput,
  type ResubmitAiTextInput,
  type SubmitAiTextInput,
} from '@panel/contracts/ai-qc';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's AI quality-control paths (packages/contracts/src/ai-qc/README.md); every answer checked once against the contract.

const BASE = '/api/ai-qc';
const outcome = inData(AiTextOutcomeSchema);
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;
const query = (input: NextAiTextInput) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));

export const listAiTexts = (gateway: GatewayClient, filter: AiQcListFilter): Promise<AiTextPage> => gateway.get(AiTextPageSchema, `${BASE}/`, aiQcListFilter.toQuery(filter));
export const exportAiTexts = (gateway: GatewayClient, filter: AiQcListFilter): Promise<{ rows: AiText[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listAiTexts(gateway, { ...filter, page, pageSize }));
export const detail = (gateway: GatewayClient, id: number) => gateway.get(AiTextSchema, `${BASE}/${id}/`);
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${id}/history/`);
export const next = async (gateway: GatewayClient, input: NextAiTextInput) => (await gateway.get(NextAiTextSchema, `${BASE}/next/`, query(input))).result;
export const models = (gateway: GatewayClient) => gateway.get(inResults(z.array(AiModelSchema)), `${BASE}/models/`);
export const submit = (gateway: GatewayClient, input: SubmitAiTextInput) => gateway.send(outcome, 'POST', `${BASE}/`, input);
export const resubmit = (gateway: GatewayClient, input: ResubmitAiTextInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/regenerated/`, withoutId(input));
export const approve = (gateway: GatewayClient, input: ApproveAiTextInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/approve/`, withoutId(input));
export const editApprove = (gateway: GatewayClient, input: EditApproveAiTextInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/edit-approve/`, withoutId(input));
export const reject = (gateway: GatewayClient, input: RejectAiTextInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/reject/`, withoutId(input));
export const updateState = (gateway: GatewayClient, input: AiTextStepInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/update-state/`, withoutId(input));
