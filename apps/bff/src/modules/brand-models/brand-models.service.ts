import { z } from 'zod';
import {
  CATALOGUE_MANAGE_PATHS as P,
  CATALOGUE_PATHS,
  BrandModelSelectionSchema,
  CatalogueBrandSchema,
  CatalogueModelSchema,
  CatalogueOutcomeSchema,
  ManagedBrandSchema,
  ManagedModelPageSchema,
  MergeOutcomeSchema,
  MergeSchema,
  ModelDetailSchema,
  NameMappingSchema,
  catalogueModelsFilter,
  type BrandEditInput,
  type BrandInput,
  type BrandMergeInput,
  type CatalogueBrand,
  type CatalogueModel,
  type CatalogueModelsFilter,
  type CatalogueSearchInput,
  type EntryStepInput,
  type FileInput,
  type ManagedModel,
  type MappingInput,
  type MergeInput,
  type ModelEditInput,
  type ModelInput,
  type ModelStepInput,
  type ResolveNameInput,
  type SelectionInput,
  type TypeEditInput,
  type TypeInput,
} from '@panel/contracts/brand-models';
import { ActionLogEntrySchema, inData, inResult, inResults } from '@panel/contracts/common';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { publicMediaUrl } from '../../media';

// The gateway's catalogue paths (packages/contracts/src/brand-models/README.md); every answer
// checked once against the contract. Media addresses become the BFF's own `/media/:id`, which the
// browser loads with its session.

const query = (input: CatalogueSearchInput) => ({ q: input.q ?? '', ...(input.brand_id ? { brand_id: String(input.brand_id) } : {}) });
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;
const browserLogo = <T extends { logo_url: string | null }>(row: T): T => ({ ...row, logo_url: row.logo_url && publicMediaUrl(row.logo_url) });

export function searchModels(gateway: GatewayClient, input: CatalogueSearchInput): Promise<CatalogueModel[]> {
  return gateway.get(inResults(z.array(CatalogueModelSchema)), CATALOGUE_PATHS.models, query(input));
}

export async function brands(gateway: GatewayClient, input: CatalogueSearchInput): Promise<CatalogueBrand[]> {
  return (await gateway.get(inResults(z.array(CatalogueBrandSchema)), CATALOGUE_PATHS.brands, { q: input.q ?? '' })).map(browserLogo);
}

export function model(gateway: GatewayClient, id: number): Promise<CatalogueModel> {
  return gateway.get(inResult(CatalogueModelSchema), CATALOGUE_PATHS.model(id));
}

export async function selection(gateway: GatewayClient, input: SelectionInput) {
  const found = await gateway.get(inResult(BrandModelSelectionSchema), P.selection, input.model_id ? { model_id: String(input.model_id) } : { brand_id: String(input.brand_id) });
  return { ...browserLogo(found), file_urls: found.file_urls.map(publicMediaUrl), other_file_urls: found.other_file_urls.map(publicMediaUrl) };
}

export const ResolvedNameSchema = NameMappingSchema.extend({ resolved_model_id: z.number().int(), resolved_name: z.string() });
export const resolveName = (gateway: GatewayClient, input: ResolveNameInput) => gateway.get(inResult(ResolvedNameSchema), P.resolve, { source: input.source, name: input.name });

export const listModels = async (gateway: GatewayClient, filter: CatalogueModelsFilter) => {
  const page = await gateway.get(ManagedModelPageSchema, P.models, catalogueModelsFilter.toQuery(filter));
  return { ...page, results: page.results.map(browserLogo) };
};
export const exportModels = (gateway: GatewayClient, filter: CatalogueModelsFilter): Promise<{ rows: ManagedModel[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listModels(gateway, { ...filter, page, pageSize }));
export const modelDetail = async (gateway: GatewayClient, id: number) => {
  const found = await gateway.get(inResult(ModelDetailSchema), P.model(id));
  return { ...browserLogo(found), files: found.files.map((f) => ({ ...f, url: publicMediaUrl(f.url) })) };
};
export const modelHistory = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), P.modelHistory(id));
export const managedBrands = async (gateway: GatewayClient) => (await gateway.get(inResults(z.array(ManagedBrandSchema)), P.brands)).map(browserLogo);
export const merges = (gateway: GatewayClient) => gateway.get(inResults(z.array(MergeSchema)), P.merges);

const outcome = inData(CatalogueOutcomeSchema);
export const createBrand = (gateway: GatewayClient, input: BrandInput) => gateway.send(outcome, 'POST', P.brands, input);
export const editBrand = (gateway: GatewayClient, input: BrandEditInput) => gateway.send(outcome, 'PUT', P.brand(input.id), withoutId(input));
export const brandState = (gateway: GatewayClient, input: EntryStepInput) => gateway.send(outcome, 'POST', P.brandState(input.id), withoutId(input));
export const createModel = (gateway: GatewayClient, input: ModelInput) => gateway.send(outcome, 'POST', P.models, input);
export const editModel = (gateway: GatewayClient, input: ModelEditInput) => gateway.send(outcome, 'PUT', P.model(input.id), withoutId(input));
export const modelState = (gateway: GatewayClient, input: ModelStepInput) => gateway.send(outcome, 'POST', P.modelState(input.id), withoutId(input));
export const merge = (gateway: GatewayClient, input: MergeInput) => gateway.send(inData(MergeOutcomeSchema), 'POST', P.modelMerge(input.id), withoutId(input));
export const mergeBrand = (gateway: GatewayClient, input: BrandMergeInput) => gateway.send(inData(MergeOutcomeSchema), 'POST', P.brandMerge(input.id), withoutId(input));
export const undoMerge = (gateway: GatewayClient, id: number) => gateway.send(inData(MergeOutcomeSchema), 'POST', P.mergeUndo(id), {});
export const createType = (gateway: GatewayClient, input: TypeInput) => gateway.send(outcome, 'POST', P.modelTypes(input.model_id), input);
export const editType = (gateway: GatewayClient, input: TypeEditInput) => gateway.send(outcome, 'PUT', P.type(input.id), withoutId(input));
export const typeState = (gateway: GatewayClient, input: EntryStepInput) => gateway.send(outcome, 'POST', P.typeState(input.id), withoutId(input));
export const addFile = (gateway: GatewayClient, input: FileInput) => gateway.send(outcome, 'POST', P.modelFiles(input.model_id), input);
export const removeFile = (gateway: GatewayClient, id: number) => gateway.send(outcome, 'DELETE', P.file(id), {});
export const addMapping = (gateway: GatewayClient, input: MappingInput) => gateway.send(outcome, 'POST', P.mappings, input);
export const removeMapping = (gateway: GatewayClient, id: number) => gateway.send(outcome, 'DELETE', P.mapping(id), {});
