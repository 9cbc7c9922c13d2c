import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  CarPostActionResultSchema,
  CarPostDetailSchema,
  CarPostFeedbacksSchema,
  CarPostListPageSchema,
  CarPostNeighboursSchema,
  CarPostReasonsSchema,
  CarPostStateCountsSchema,
  carPostListFilter,
  type CarPostActionInput,
  type CarPostActionResult,
  type CarPostArchiveInput,
  type CarPostDetail,
  type CarPostFeedback,
  type CarPostListFilter,
  type CarPostListItem,
  type CarPostListPage,
  type CarPostNeighbours,
  type CarPostNeighboursInput,
  type CarPostReason,
  type CarPostReasonedInput,
  type CarPostStateCount,
  type ChangeOwnershipInput,
} from '@panel/contracts/car-posts';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { publicMediaUrl } from '../../media';

const POSTS = '/api/car-posts';

/** The gateway's media addresses become the BFF's own (`/media/12`), which the browser can load with its session. */
const withPublicCover = (item: CarPostListItem): CarPostListItem => ({ ...item, cover_url: item.cover_url && publicMediaUrl(item.cover_url) });

export async function listCarPosts(gateway: GatewayClient, filter: CarPostListFilter): Promise<CarPostListPage> {
  const page = await gateway.get(CarPostListPageSchema, `${POSTS}/`, carPostListFilter.toQuery(filter));
  return { ...page, results: page.results.map(withPublicCover) };
}

export function exportCarPosts(gateway: GatewayClient, filter: CarPostListFilter): Promise<{ rows: CarPostListItem[]; truncated: boolean }> {
  return exportAll((page, pageSize) => listCarPosts(gateway, { ...filter, page, pageSize }));
}

export const stateCounts = (gateway: GatewayClient, filter: CarPostListFilter): Promise<CarPostStateCount[]> =>
  gateway.get(inResults(CarPostStateCountsSchema), `${POSTS}/states/`, carPostListFilter.toQuery(filter));

export const neighbours = (gateway: GatewayClient, { id, filter }: CarPostNeighboursInput): Promise<CarPostNeighbours> =>
  gateway.get(inData(CarPostNeighboursSchema), `${POSTS}/${id}/neighbours/`, carPostListFilter.toQuery(filter));

export async function carPostDetail(gateway: GatewayClient, id: number): Promise<CarPostDetail> {
  const post = await gateway.get(CarPostDetailSchema, `${POSTS}/${id}/`);
  return { ...post, car_images: post.car_images.map((image) => ({ ...image, url: publicMediaUrl(image.url) })) };
}

export const carPostHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> =>
  gateway.get(inResults(z.array(ActionLogEntrySchema)), `${POSTS}/${id}/history/`);

export const carPostFeedback = (gateway: GatewayClient, id: number): Promise<CarPostFeedback[]> => gateway.get(inResults(CarPostFeedbacksSchema), `${POSTS}/${id}/feedback/`);

export const rejectionReasons = (gateway: GatewayClient): Promise<CarPostReason[]> => gateway.get(inResults(CarPostReasonsSchema), `${POSTS}/rejection-reasons/`);
export const editReasons = (gateway: GatewayClient): Promise<CarPostReason[]> => gateway.get(inResults(CarPostReasonsSchema), `${POSTS}/edit-reasons/`);

// The actions (decision 080): each names the version the moderator saw; the gateway enforces the
// workflow and the version, logs the action and answers the post's new state.
const action = (gateway: GatewayClient, id: number, path: string, body: object): Promise<CarPostActionResult> =>
  gateway.send(inData(CarPostActionResultSchema), 'POST', `${POSTS}/${id}/${path}/`, body);

export const approve = (gateway: GatewayClient, { id, ...body }: CarPostActionInput) => action(gateway, id, 'approve', body);
export const reject = (gateway: GatewayClient, { id, ...body }: CarPostReasonedInput) => action(gateway, id, 'reject', body);
export const returnToEditing = (gateway: GatewayClient, { id, ...body }: CarPostReasonedInput) => action(gateway, id, 'editing', body);
export const republish = (gateway: GatewayClient, { id, ...body }: CarPostActionInput) => action(gateway, id, 'republish', body);
export const archive = (gateway: GatewayClient, { id, ...body }: CarPostArchiveInput) => action(gateway, id, 'archive', body);
export const changeOwnership = (gateway: GatewayClient, { id, ...body }: ChangeOwnershipInput) => action(gateway, id, 'change-ownership', body);
