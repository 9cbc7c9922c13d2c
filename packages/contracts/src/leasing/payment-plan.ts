import { z } from 'zod';
import { PAYMENT_PLAN_FILTER_DEFAULTS } from '../common/constants';

export const VehicleTypeSchema = z.enum(['light_car', 'heavy_car', 'motorcycle']);
export type VehicleType = z.infer<typeof VehicleTypeSchema>;
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  light_car: 'خودروی سبک',
  heavy_car: 'خودروی سنگین',
  motorcycle: 'موتورسیکلت',
};

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
