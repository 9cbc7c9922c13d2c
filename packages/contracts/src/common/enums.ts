import { z } from 'zod';
import {
  AVAILABILITY,
  EXPERT_LEVELS,
  EXPERT_TYPES,
  INSPECTION_STATE_CODES,
  INSPECTION_TYPE_CODES,
  PRICING_CONDITION_CODES,
  ROLES,
  TOKEN_STATUS_CODES,
  VEHICLE_TYPE_CODES,
  codesOf,
} from './codes';

// The schemas of the shared codes (codes.ts holds the codes, labels and types).
export * from './codes';

/** The schema of a label table's codes: any other is refused, with `message` when given. */
export const codeSchema = <K extends string>(labels: Readonly<Record<K, unknown>>, message?: string) =>
  z.enum(codesOf(labels), message === undefined ? undefined : { error: message });

export const InspectionStateSchema = z.enum(INSPECTION_STATE_CODES);
export const AvailabilitySchema = z.literal(Object.values(AVAILABILITY));
export const TokenStatusSchema = z.enum(TOKEN_STATUS_CODES);
export const ExpertLevelSchema = z.literal(EXPERT_LEVELS);
export const ExpertTypeSchema = z.enum(EXPERT_TYPES);
export const PricingConditionSchema = z.enum(PRICING_CONDITION_CODES);
export const InspectionTypeSchema = z.enum(INSPECTION_TYPE_CODES);
export const RoleSchema = z.enum(Object.values(ROLES));
/** A vehicle's type (the catalogue's models, leasing's payment plans). */
export const VehicleTypeSchema = z.enum(VEHICLE_TYPE_CODES);
