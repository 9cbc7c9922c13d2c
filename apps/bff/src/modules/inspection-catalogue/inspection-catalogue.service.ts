import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  InspectionPackageSchema,
  LockedQuoteSchema,
  PackageOptionSchema,
  PackagePageSchema,
  PricingRatePageSchema,
  PricingRateSchema,
  QuoteSchema,
  VehicleKindPageSchema,
  VehicleKindSchema,
  WhatIfSchema,
  packageListFilter,
  pricingRateListFilter,
  vehicleKindListFilter,
  type DeletePricingRateInput,
  type InspectionPackage,
  type LockedQuote,
  type PackageConfigInput,
  type PackageInput,
  type PackageListFilter,
  type PackageOption,
  type PackagePage,
  type PricingRate,
  type PricingRateInput,
  type PricingRateListFilter,
  type PricingRatePage,
  type Quote,
  type QuoteInput,
  type QuotesOfInput,
  type UpdatePackageInput,
  type UpdatePricingRateInput,
  type UpdateVehicleKindInput,
  type VehicleKind,
  type VehicleKindInput,
  type VehicleKindListFilter,
  type VehicleKindPage,
  type WhatIf,
  type WhatIfInput,
} from '@panel/contracts/inspection-catalogue';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const PACKAGES = '/api/inspection/packages';
const KINDS = '/api/inspection/vehicle-kinds';
const RATES = '/api/inspection/pricing-rates';

export const packages = (gateway: GatewayClient, filter: PackageListFilter): Promise<PackagePage> => gateway.get(PackagePageSchema, `${PACKAGES}/`, packageListFilter.toQuery(filter));
export const packageOptions = (gateway: GatewayClient, city?: number): Promise<PackageOption[]> =>
  gateway.get(inResults(z.array(PackageOptionSchema)), `${PACKAGES}/options/`, city === undefined ? {} : { city: String(city) });
export const packageDetail = (gateway: GatewayClient, id: number): Promise<InspectionPackage> => gateway.get(InspectionPackageSchema, `${PACKAGES}/${id}/`);
export const packageHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${PACKAGES}/${id}/history/`);
export const createPackage = (gateway: GatewayClient, input: PackageInput): Promise<InspectionPackage> => gateway.send(inData(InspectionPackageSchema), 'POST', `${PACKAGES}/`, input);
export const updatePackage = (gateway: GatewayClient, { id, ...body }: UpdatePackageInput): Promise<InspectionPackage> =>
  gateway.send(inData(InspectionPackageSchema), 'PUT', `${PACKAGES}/${id}/`, body);
export const configurePackage = (gateway: GatewayClient, { id, ...body }: PackageConfigInput): Promise<InspectionPackage> =>
  gateway.send(inData(InspectionPackageSchema), 'PATCH', `${PACKAGES}/${id}/config/`, body);

export const vehicleKinds = (gateway: GatewayClient, filter: VehicleKindListFilter): Promise<VehicleKindPage> =>
  gateway.get(VehicleKindPageSchema, `${KINDS}/`, vehicleKindListFilter.toQuery(filter));
export const createVehicleKind = (gateway: GatewayClient, input: VehicleKindInput): Promise<VehicleKind> => gateway.send(inData(VehicleKindSchema), 'POST', `${KINDS}/`, input);
export const updateVehicleKind = (gateway: GatewayClient, { id, ...body }: UpdateVehicleKindInput): Promise<VehicleKind> =>
  gateway.send(inData(VehicleKindSchema), 'PUT', `${KINDS}/${id}/`, body);

export const rates = (gateway: GatewayClient, filter: PricingRateListFilter): Promise<PricingRatePage> => gateway.get(PricingRatePageSchema, `${RATES}/`, pricingRateListFilter.toQuery(filter));
export const rateDetail = (gateway: GatewayClient, id: number): Promise<PricingRate> => gateway.get(PricingRateSchema, `${RATES}/${id}/`);
export const rateHistory = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${RATES}/${id}/history/`);
export const createRate = (gateway: GatewayClient, input: PricingRateInput): Promise<PricingRate> => gateway.send(inData(PricingRateSchema), 'POST', `${RATES}/`, input);
export const updateRate = (gateway: GatewayClient, { id, ...body }: UpdatePricingRateInput): Promise<PricingRate> => gateway.send(inData(PricingRateSchema), 'PUT', `${RATES}/${id}/`, body);
export const deleteRate = (gateway: GatewayClient, { id, version }: DeletePricingRateInput): Promise<{ id: number; message: string }> =>
  gateway.send(inData(z.object({ id: z.number().int(), message: z.string() })), 'DELETE', `${RATES}/${id}/?version=${version}`);
export const whatIf = (gateway: GatewayClient, input: WhatIfInput): Promise<WhatIf> => gateway.send(inData(WhatIfSchema), 'POST', `${RATES}/what-if/`, input);

export const quote = (gateway: GatewayClient, input: QuoteInput): Promise<Quote> => gateway.send(inData(QuoteSchema), 'POST', '/api/inspection/quote/', input);
export const quotesOf = (gateway: GatewayClient, { entity, entity_id }: QuotesOfInput): Promise<LockedQuote[]> =>
  gateway.get(inResults(z.array(LockedQuoteSchema)), '/api/inspection/quotes/', { entity, entity_id: String(entity_id) });

// The lists' CSVs: every row of the filter, page by page in the list's order.
type Rows<T> = Promise<{ rows: T[]; truncated: boolean }>;
export const exportPackages = (gateway: GatewayClient, filter: PackageListFilter): Rows<InspectionPackage> => exportAll((page, pageSize) => packages(gateway, { ...filter, page, pageSize }));
export const exportVehicleKinds = (gateway: GatewayClient, filter: VehicleKindListFilter): Rows<VehicleKind> =>
  exportAll((page, pageSize) => vehicleKinds(gateway, { ...filter, page, pageSize }));
export const exportRates = (gateway: GatewayClient, filter: PricingRateListFilter): Rows<PricingRate> => exportAll((page, pageSize) => rates(gateway, { ...filter, page, pageSize }));

