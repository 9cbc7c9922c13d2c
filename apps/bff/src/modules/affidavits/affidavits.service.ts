import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  AffidavitDetailSchema,
  AffidavitOutcomeSchema,
  AffidavitPageSchema,
  affidavitListFilter,
  type AddAffidavitInput,
  type Affidavit,
  type AffidavitListFilter,
  type AffidavitPage,
  type AffidavitStepInput,
  type AttachAffidavitDocumentInput,
  type PurchaseAffidavitInput,
  type SendAffidavitLinkInput,
  type UpdateAffidavitInput,
} from '@panel/contracts/affidavits';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's affidavit paths (packages/contracts/src/affidavits/README.md); every answer checked once against the contract.

const BASE = '/api/affidavits';
const outcome = inData(AffidavitOutcomeSchema);
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;

export const listAffidavits = (gateway: GatewayClient, filter: AffidavitListFilter): Promise<AffidavitPage> => gateway.get(AffidavitPageSchema, `${BASE}/`, affidavitListFilter.toQuery(filter));
export const exportAffidavits = (gateway: GatewayClient, filter: AffidavitListFilter): Promise<{ rows: Affidavit[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listAffidavits(gateway, { ...filter, page, pageSize }));
export const detail = (gateway: GatewayClient, id: number) => gateway.get(AffidavitDetailSchema, `${BASE}/${id}/`);
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${id}/history/`);
export const add = (gateway: GatewayClient, input: AddAffidavitInput) => gateway.send(outcome, 'POST', `${BASE}/`, input);
export const update = (gateway: GatewayClient, input: UpdateAffidavitInput) => gateway.send(outcome, 'PUT', `${BASE}/${input.id}/`, withoutId(input));
export const price = (gateway: GatewayClient, input: { id: number; version: number }) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/price/`, withoutId(input));
export const purchase = (gateway: GatewayClient, input: PurchaseAffidavitInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/purchase/`, withoutId(input));
export const sendPaymentLink = (gateway: GatewayClient, input: SendAffidavitLinkInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/send-payment-link/`, withoutId(input));
export const sendDownloadLink = (gateway: GatewayClient, input: SendAffidavitLinkInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/send-download-link/`, withoutId(input));
export const updateState = (gateway: GatewayClient, input: AffidavitStepInput) => gateway.send(outcome, 'POST', `${BASE}/${input.id}/update-state/`, withoutId(input));
export const attachDocument = (gateway: GatewayClient, input: AttachAffidavitDocumentInput) =>
  gateway.send(inData(z.object({ id: z.number().int(), message: z.string() })), 'POST', `${BASE}/${input.id}/documents/`, withoutId(input));
