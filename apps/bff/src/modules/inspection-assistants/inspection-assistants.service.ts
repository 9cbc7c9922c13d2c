import { z } from 'zod';
import { inData, inResults } from '@panel/contracts/common';
import {
  AssistantActionResultSchema,
  AssistantBoardSchema,
  BalancePlanSchema,
  LedgerEntrySchema,
  MovedResultSchema,
  QcReportSchema,
  QueueSchema,
  ReviewResultSchema,
  ReviewerResultSchema,
  ReviewerSchema,
  TurnLogEntrySchema,
  type AssignByHandInput,
  type AssistantActionInput,
  type LedgerFilter,
  type PauseAssistantInput,
  type PriceBandInput,
  type ReturnOrderInput,
  type ReviewKind,
  type ReviewOrderInput,
  type ReviewQueueInput,
  reviewQueueFilter,
  type ReviewerActionInput,
  type SlotVerdictInput,
} from '@panel/contracts/inspection-assistants';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { publicMediaUrl } from '../../media';

const ASSISTANTS = '/api/inspection/assistants';
const QUEUE = '/api/inspection/review-queue';

// Turn-assign.
export const board = (gateway: GatewayClient) => gateway.get(AssistantBoardSchema, `${ASSISTANTS}/`);
export const ledger = (gateway: GatewayClient, filter: LedgerFilter) =>
  gateway.get(inResults(z.array(LedgerEntrySchema)), `${ASSISTANTS}/ledger/`, { limit: String(filter.limit), ...(filter.pk ? { pk: String(filter.pk) } : {}), ...(filter.code ? { code: filter.code } : {}) });
export const changes = (gateway: GatewayClient) => gateway.get(inResults(z.array(TurnLogEntrySchema)), `${ASSISTANTS}/changes/`);
export const balancePlan = (gateway: GatewayClient) => gateway.get(inData(BalancePlanSchema), `${ASSISTANTS}/balance/`);
export const applyBalance = (gateway: GatewayClient, fingerprint: string) => gateway.send(inData(MovedResultSchema), 'POST', `${ASSISTANTS}/balance/`, { fingerprint });
export const assignByHand = (gateway: GatewayClient, input: AssignByHandInput) => gateway.send(inData(MovedResultSchema), 'POST', `${ASSISTANTS}/assign/`, input);
const onAssistant = (path: string) => (gateway: GatewayClient, { id, ...body }: AssistantActionInput | PauseAssistantInput) =>
  gateway.send(inData(AssistantActionResultSchema), 'POST', `${ASSISTANTS}/${id}/${path}/`, body);
export const activate = onAssistant('activate');
export const deactivate = onAssistant('deactivate');
export const pause = onAssistant('pause');
export const resume = onAssistant('resume');
export const clear = onAssistant('clear');

// The review desks.
export const reviewers = (gateway: GatewayClient, kind: ReviewKind) => gateway.get(inResults(z.array(ReviewerSchema)), `/api/inspection/reviewers/${kind}/`);
const onReviewer = (path: string) => (gateway: GatewayClient, { id, ...body }: ReviewerActionInput) =>
  gateway.send(inData(ReviewerResultSchema), 'POST', `/api/inspection/reviewers/${id}/${path}/`, body);
export const activateReviewer = onReviewer('activate');
export const deactivateReviewer = onReviewer('deactivate');
export const queue = (gateway: GatewayClient, { kind, ...filter }: ReviewQueueInput) => gateway.get(QueueSchema, `${QUEUE}/${kind}/`, reviewQueueFilter.toQuery(filter));
/** Every order of a queue's filter (up to the export cap), for the CSV. */
export const queueExport = (gateway: GatewayClient, input: ReviewQueueInput) => exportAll((page, pageSize) => queue(gateway, { ...input, page, pageSize }));
/** The report page; photo addresses become the BFF's `/media/:id` (an <img> cannot send the gateway's token). */
export const report = async (gateway: GatewayClient, { kind, pk }: ReviewOrderInput) => {
  const page = await gateway.get(inData(QcReportSchema), `${QUEUE}/${kind}/${pk}/`);
  return { ...page, photos: page.photos.map((photo) => ({ ...photo, url: photo.url && publicMediaUrl(photo.url) })) };
};
const desk = (gateway: GatewayClient, kind: ReviewKind, pk: number, path: string, body: object = {}) =>
  gateway.send(inData(ReviewResultSchema), 'POST', `${QUEUE}/${kind}/${pk}/${path}/`, body);
export const claim = (gateway: GatewayClient, { kind, pk }: ReviewOrderInput) => desk(gateway, kind, pk, 'claim');
export const release = (gateway: GatewayClient, { kind, pk }: ReviewOrderInput) => desk(gateway, kind, pk, 'release');
export const verdict = (gateway: GatewayClient, { pk, ...body }: SlotVerdictInput) => desk(gateway, 'qc', pk, 'verdict', body);
export const approve = (gateway: GatewayClient, { pk }: { pk: number }) => desk(gateway, 'qc', pk, 'approve');
export const returnOrder = (gateway: GatewayClient, { pk, ...body }: ReturnOrderInput) => desk(gateway, 'qc', pk, 'return', body);
export const price = (gateway: GatewayClient, { pk, ...body }: PriceBandInput) => desk(gateway, 'pricing', pk, 'price', body);
