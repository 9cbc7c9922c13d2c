import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  DivarTokenActionResultSchema,
  DivarTokenPageSchema,
  DivarTokenSchema,
  divarTokenListFilter,
  type DivarLinkInput,
  type DivarToken,
  type DivarTokenActionResult,
  type DivarTokenListFilter,
  type DivarTokenPage,
  type DivarUnlinkInput,
} from '@panel/contracts/divar-tokens';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const TOKENS = '/api/divar-tokens';

export const listDivarTokens = (gateway: GatewayClient, filter: DivarTokenListFilter): Promise<DivarTokenPage> => gateway.get(DivarTokenPageSchema, `${TOKENS}/`, divarTokenListFilter.toQuery(filter));
export const exportDivarTokens = (gateway: GatewayClient, filter: DivarTokenListFilter): Promise<{ rows: DivarToken[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listDivarTokens(gateway, { ...filter, page, pageSize }));
export const lookupDivarToken = (gateway: GatewayClient, token: string): Promise<DivarToken | null> => gateway.get(inData(DivarTokenSchema.nullable()), `${TOKENS}/lookup/`, { token });
export const divarToken = (gateway: GatewayClient, id: number): Promise<DivarToken> => gateway.get(DivarTokenSchema, `${TOKENS}/${id}/`);
export const divarTokenHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${TOKENS}/${id}/history/`);
export const linkDivarToken = (gateway: GatewayClient, input: DivarLinkInput): Promise<DivarTokenActionResult> => gateway.send(inData(DivarTokenActionResultSchema), 'POST', `${TOKENS}/link/`, input);
export const unlinkDivarToken = (gateway: GatewayClient, { id, ...body }: DivarUnlinkInput): Promise<DivarTokenActionResult> =>
  gateway.send(inData(DivarTokenActionResultSchema), 'POST', `${TOKENS}/${id}/unlink/`, body);
