import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  NpsAnswerDetailSchema,
  NpsOutcomeSchema,
  NpsPageSchema,
  NpsTrendSchema,
  npsListFilter,
  type NpsAnswer,
  type NpsListFilter,
  type NpsPage,
  type NpsStepInput,
  type RecordNpsAnswerInput,
} from '@panel/contracts/nps';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's NPS paths (packages/contracts/src/nps/README.md); every answer checked once against the contract.

const BASE = '/api/nps/answers';
const outcome = inData(NpsOutcomeSchema);

export const listNps = (gateway: GatewayClient, filter: NpsListFilter): Promise<NpsPage> => gateway.get(NpsPageSchema, `${BASE}/`, npsListFilter.toQuery(filter));
export const exportNps = (gateway: GatewayClient, filter: NpsListFilter): Promise<{ rows: NpsAnswer[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listNps(gateway, { ...filter, page, pageSize }));
export const trend = (gateway: GatewayClient, filter: NpsListFilter) => gateway.get(NpsTrendSchema, `${BASE}/trend/`, npsListFilter.toQuery({ ...filter, page: 1 }));
export const detail = (gateway: GatewayClient, id: number) => gateway.get(NpsAnswerDetailSchema, `${BASE}/${id}/`);
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${id}/history/`);
export const record = (gateway: GatewayClient, input: RecordNpsAnswerInput) => gateway.send(outcome, 'POST', `${BASE}/`, input);
export const updateState = (gateway: GatewayClient, { id, ...body }: NpsStepInput) => gateway.send(outcome, 'POST', `${BASE}/${id}/update-state/`, body);
