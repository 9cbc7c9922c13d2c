import type { Generated } from 'kysely';
import type { PricingCondition } from '@panel/contracts/common';
import type { InspectionType, ReportField } from '@panel/contracts/inspection-catalogue';

/** The tables of `migrations/1600_catalogue.sql`. */
export interface VehicleKindsTable {
  id: Generated<number>;
  name: string;
  is_active: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<string>;
}

export interface InspectionPackagesTable {
  id: Generated<number>;
  name: string;
  vehicle_kind_id: number;
  base_price: number;
  service_minutes: number;
  inspection_type: InspectionType;
  city_ids: number[];
  report_fields: ReportField[];
  is_active: Generated<boolean>;
  version: Generated<number>;
  updated_at: Generated<string>;
}

export interface PricingConditionsTable {
  condition: PricingCondition;
  ratio: number;
}

export interface PricingRatesTable {
  id: Generated<number>;
  condition: PricingCondition;
  city_id: number | null;
  package_id: number | null;
  starts_on: string;
  ends_on: string;
  ratio: number;
  note: Generated<string>;
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  version: Generated<number>;
}

export interface InspectionQuotesTable {
  id: Generated<number>;
  entity: 'inspection' | 'inspection_reserve';
  entity_id: number;
  package_id: number;
  package: string;
  city_id: number;
  day: string;
  base_price: number;
  factors: unknown;
  raw_multiplier: number;
  multiplier: number;
  capped: boolean;
  price: number;
  explanation: string;
  created_by: string;
  created_at: Generated<string>;
}

export interface InspectionCatalogueTables {
  vehicle_kinds: VehicleKindsTable;
  inspection_packages: InspectionPackagesTable;
  pricing_conditions: PricingConditionsTable;
  pricing_rates: PricingRatesTable;
  inspection_quotes: InspectionQuotesTable;
}
