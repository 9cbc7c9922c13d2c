import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResult, inResults } from '@panel/contracts/common';
import {
  CmsCategoryOutcomeSchema,
  CmsCategoryTreeSchema,
  CmsContentOutcomeSchema,
  CmsContentPageSchema,
  CmsContentSchema,
  CmsEditorsSchema,
  cmsListFilter,
  type AddCmsCategoryInput,
  type AddCmsContentInput,
  type CmsCategoryRefInput,
  type CmsContent,
  type CmsContentFields,
  type CmsContentPage,
  type CmsContentRow,
  type CmsContentStepInput,
  type CmsListFilter,
  type MoveCmsCategoryInput,
  type RenameCmsCategoryInput,
  type UpdateCmsContentInput,
} from '@panel/contracts/cms';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { publicMediaUrl } from '../../media';

// The gateway's content paths (packages/contracts/src/cms/README.md); every answer checked once
// against the contract. The body's images are media-store files: the browser reaches them at the
// BFF's `/media/:id`, the gateway keeps its own `/api/media/:id/`, so the addresses are turned
// here both ways.

const BASE = '/api/cms';
const contentOutcome = inData(CmsContentOutcomeSchema);
const categoryOutcome = inData(CmsCategoryOutcomeSchema);
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;

/** The body as the browser shows it, and back as the gateway keeps it. */
export const bodyForBrowser = (html: string) => html.replace(/(<img[^>]*\ssrc=")\/api\/media\/(\d+)\/"/g, '$1/media/$2"');
export const bodyForGateway = (html: string) => html.replace(/(<img[^>]*\ssrc=")\/media\/(\d+)"/g, '$1/api/media/$2/"');
const fieldsForGateway = (fields: CmsContentFields): CmsContentFields => ({ ...fields, body: bodyForGateway(fields.body) });
const rowForBrowser = <T extends CmsContentRow>(row: T): T => ({ ...row, cover_url: row.cover_url && publicMediaUrl(row.cover_url) });

export const categories = (gateway: GatewayClient) => gateway.get(CmsCategoryTreeSchema, `${BASE}/categories/`);
export const addCategory = (gateway: GatewayClient, input: AddCmsCategoryInput) => gateway.send(categoryOutcome, 'POST', `${BASE}/categories/`, input);
export const renameCategory = (gateway: GatewayClient, input: RenameCmsCategoryInput) => gateway.send(categoryOutcome, 'PUT', `${BASE}/categories/${input.id}/`, withoutId(input));
export const moveCategory = (gateway: GatewayClient, input: MoveCmsCategoryInput) => gateway.send(categoryOutcome, 'POST', `${BASE}/categories/${input.id}/move/`, withoutId(input));
export const removeCategory = (gateway: GatewayClient, input: CmsCategoryRefInput) => gateway.send(categoryOutcome, 'DELETE', `${BASE}/categories/${input.id}/?version=${input.version}`);

export const listContents = async (gateway: GatewayClient, filter: CmsListFilter): Promise<CmsContentPage> => {
  const page = await gateway.get(CmsContentPageSchema, `${BASE}/contents/`, cmsListFilter.toQuery(filter));
  return { ...page, results: page.results.map(rowForBrowser) };
};
export const exportContents = (gateway: GatewayClient, filter: CmsListFilter): Promise<{ rows: CmsContentRow[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listContents(gateway, { ...filter, page, pageSize }));
export const content = async (gateway: GatewayClient, id: number): Promise<CmsContent> => {
  const item = await gateway.get(inResult(CmsContentSchema), `${BASE}/contents/${id}/`);
  return { ...rowForBrowser(item), body: bodyForBrowser(item.body) };
};
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/contents/${id}/history/`);
export const categoryHistory = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/categories/${id}/history/`);
export const addContent = (gateway: GatewayClient, input: AddCmsContentInput) => gateway.send(contentOutcome, 'POST', `${BASE}/contents/`, fieldsForGateway(input));
export const updateContent = (gateway: GatewayClient, input: UpdateCmsContentInput) =>
  gateway.send(contentOutcome, 'PUT', `${BASE}/contents/${input.id}/`, { version: input.version, fields: fieldsForGateway(input.fields) });
export const stepContent = (gateway: GatewayClient, input: CmsContentStepInput) => gateway.send(contentOutcome, 'POST', `${BASE}/contents/${input.id}/update-state/`, withoutId(input));
export const editing = (gateway: GatewayClient, id: number) => gateway.send(CmsEditorsSchema, 'POST', `${BASE}/contents/${id}/editing/`);
export const leave = (gateway: GatewayClient, id: number) => gateway.send(z.unknown(), 'DELETE', `${BASE}/contents/${id}/editing/`);
