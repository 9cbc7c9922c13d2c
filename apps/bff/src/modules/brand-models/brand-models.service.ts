import { z } from 'zod';
import {
  CATALOGUE_PATHS,
  CatalogueBrandSchema,
  CatalogueModelSchema,
  type CatalogueBrand,
  type CatalogueModel,
  type CatalogueSearchInput,
} from '@panel/contracts/brand-models';
import { inResult, inResults } from '@panel/contracts/common';
import type { GatewayClient } from '../../gateway/gateway-client';

const query = (input: CatalogueSearchInput) => ({ q: input.q ?? '', ...(input.brand_id ? { brand_id: String(input.brand_id) } : {}) });

export function searchModels(gateway: GatewayClient, input: CatalogueSearchInput): Promise<CatalogueModel[]> {
  return gateway.get(inResults(z.array(CatalogueModelSchema)), CATALOGUE_PATHS.models, query(input));
}

export function brands(gateway: GatewayClient, input: CatalogueSearchInput): Promise<CatalogueBrand[]> {
  return gateway.get(inResults(z.array(CatalogueBrandSchema)), CATALOGUE_PATHS.brands, { q: input.q ?? '' });
}

export function model(gateway: GatewayClient, id: number): Promise<CatalogueModel> {
  return gateway.get(inResult(CatalogueModelSchema), CATALOGUE_PATHS.model(id));
}
