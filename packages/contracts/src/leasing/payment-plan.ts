import { z } from 'zod';
import { PAYMENT_PLAN_FILTER_DEFAULTS } from '../common/constants';
import { VehicleTypeSchema } from '../common/enums';

// The vehicle types are common (the catalogue and leasing both use them).
export { VehicleTypeSchema, VEHICLE_TYPE_LABELS, type VehicleType } from '../common/enums';


export const PaymentPlanSearchFieldSchema = z.enum(['brand', 'model']);
export type PaymentPlanSearchField = z.infer<typeof PaymentPlanSearchFieldSchema>;

export const PaymentPlanFiltersSchema = z.object({
  vehicleType: VehicleTypeSchema.default(PAYMENT_PLAN_FILTER_DEFAULTS.vehicleType),
  searchField: PaymentPlanSearchFieldSchema.default(PAYMENT_PLAN_FILTER_DEFAULTS.searchField),
  search: z.string().default(''),
  /** true lists active plans. */
  status: z.boolean().default(PAYMENT_PLAN_FILTER_DEFAULTS.status),
});
export type PaymentPlanFilters = z.infer<typeof PaymentPlanFiltersSchema>;
