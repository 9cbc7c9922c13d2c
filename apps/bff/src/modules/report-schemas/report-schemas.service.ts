import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResult, inResults } from '@panel/contracts/common';
import {
  CustomisationSchema,
  CustomisedModelSchema,
  EditorSchema,
  FieldImpactSchema,
  MergePlanSchema,
  MessageOutcomeSchema,
  ReportSchemaDetailSchema,
  ReportSchemasPageSchema,
  SchemaOutcomeSchema,
  SchemaTreeSchema,
  VehicleSchemaSchema,
  reportSchemasListFilter,
  type ActivateSchemaInput,
  type CreateReportSchemaInput,
  type ReportSchema,
  type ReportSchemasListFilter,
  type ReportSchemasPage,
  type SaveCustomisationInput,
  type SchemaTree,
  type SyncInput,
  type UpdateReportSchemaInput,
  type VehicleSchemasInput,
} from '@panel/contracts/report-schemas';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's schema paths (packages/contracts/src/report-schemas/README.md); every answer checked once against the contract.

const BASE = '/api/report-schemas';
const outcome = inData(SchemaOutcomeSchema);
const message = inData(MessageOutcomeSchema);
const custom = (id: number, modelId: number) => `${BASE}/${id}/customisations/${modelId}/`;

export const listReportSchemas = (gateway: GatewayClient, filter: ReportSchemasListFilter): Promise<ReportSchemasPage> =>
  gateway.get(ReportSchemasPageSchema, `${BASE}/`, reportSchemasListFilter.toQuery(filter));
export const exportReportSchemas = (gateway: GatewayClient, filter: ReportSchemasListFilter): Promise<{ rows: ReportSchema[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listReportSchemas(gateway, { ...filter, page, pageSize }));
export const detail = (gateway: GatewayClient, id: number) => gateway.get(inResult(ReportSchemaDetailSchema), `${BASE}/${id}/`);
export const version = (gateway: GatewayClient, id: number, v: number) => gateway.get(inResult(SchemaTreeSchema), `${BASE}/${id}/versions/${v}/`);
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${id}/history/`);
export const create = (gateway: GatewayClient, input: CreateReportSchemaInput) => gateway.send(outcome, 'POST', `${BASE}/`, input);
export const update = (gateway: GatewayClient, { id, ...body }: UpdateReportSchemaInput) => gateway.send(outcome, 'PUT', `${BASE}/${id}/`, body);
export const activate = (gateway: GatewayClient, { id, ...body }: ActivateSchemaInput) => gateway.send(outcome, 'POST', `${BASE}/${id}/activate/`, body);
export const impact = (gateway: GatewayClient, id: number, tree: SchemaTree) => gateway.send(inResults(z.array(FieldImpactSchema)), 'POST', `${BASE}/${id}/impact/`, { tree });
export const vehicleSchemas = (gateway: GatewayClient) => gateway.get(inResults(z.array(VehicleSchemaSchema)), `${BASE}/vehicle-schemas/`);
export const setVehicleSchemas = (gateway: GatewayClient, input: VehicleSchemasInput) => gateway.send(message, 'PUT', `${BASE}/vehicle-schemas/`, input);
export const presence = (gateway: GatewayClient, id: number) => gateway.send(inResults(z.array(EditorSchema)), 'POST', `${BASE}/${id}/presence/`);
export const leave = async (gateway: GatewayClient, id: number) => {
  await gateway.send(z.unknown(), 'DELETE', `${BASE}/${id}/presence/`);
  return { message: 'ویرایشگر بسته شد.' };
};
export const customised = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(CustomisedModelSchema)), `${BASE}/${id}/customisations/`);
export const customisation = (gateway: GatewayClient, id: number, modelId: number) => gateway.get(inResult(CustomisationSchema), custom(id, modelId));
export const saveCustomisation = (gateway: GatewayClient, { id, model_id, ...body }: SaveCustomisationInput) => gateway.send(message, 'PUT', custom(id, model_id), body);
export const syncPlan = (gateway: GatewayClient, id: number, modelId: number) => gateway.get(inResult(MergePlanSchema), `${custom(id, modelId)}sync/`);
export const sync = (gateway: GatewayClient, { id, model_id, ...body }: SyncInput) => gateway.send(message, 'POST', `${custom(id, model_id)}sync/`, body);
