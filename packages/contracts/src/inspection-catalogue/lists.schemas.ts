import type { z } from 'zod';
import { keyField } from '../common/fields';
import { defineListFilter, listField } from '../common/list-filter';
import { paginated } from '../common/pagination';
import { CATALOGUE_MESSAGES, InspectionPackageSchema, InspectionTypeSchema, VehicleKindSchema } from './packages.schemas';

// The catalogue's two reference lists as the list kit reads them (decision 093): paged, filtered
// and sorted by the gateway, so they answer the same at four packages or at 100,000.

/** The packages list: a name search, vehicle kind, inspection type, on sale, a city it is sold in. */
export const packageListFilter = defineListFilter({
  search: listField.text(),
  kind: listField.oneOf(keyField(CATALOGUE_MESSAGES.vehicleKind)),
  type: listField.oneOf(InspectionTypeSchema),
  onSale: listField.flag('وضعیت فروش نامعتبر است'),
  city: listField.oneOf(keyField(CATALOGUE_MESSAGES.city)),
  ...listField.ordering(['base_price', 'name', 'service_minutes'], 'base_price', true),
});
export const PackageListFilterSchema = packageListFilter.schema;
export type PackageListFilter = z.infer<typeof PackageListFilterSchema>;
export const PackagePageSchema = paginated(InspectionPackageSchema);
export type PackagePage = z.infer<typeof PackagePageSchema>;

/** The vehicle kinds list: a name search and active or not; by name. */
export const vehicleKindListFilter = defineListFilter({
  search: listField.text(),
  active: listField.flag('وضعیت نامعتبر است'),
});
export const VehicleKindListFilterSchema = vehicleKindListFilter.schema;
export type VehicleKindListFilter = z.infer<typeof VehicleKindListFilterSchema>;
export const VehicleKindPageSchema = paginated(VehicleKindSchema);
export type VehicleKindPage = z.infer<typeof VehicleKindPageSchema>;
