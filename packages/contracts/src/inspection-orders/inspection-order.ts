import { z } from 'zod';
import { InspectionStateSchema } from '../common/enums';
import { OrderListStateSchema } from './order-list-states';

// An order moves through the order-list states (R, A, C, P) before it becomes an inspection,
// and ends in D or F, so its state is the union of both code sets.
export const InspectionOrderStateSchema = z.union([OrderListStateSchema, InspectionStateSchema]);
export type InspectionOrderState = z.infer<typeof InspectionOrderStateSchema>;

export const InspectionOrderDetailSchema = z.object({
  customer_name: z.string(),
  phone_number: z.string(),
  city: z.string(),
  inspection_center: z.string().nullable(),
  center: z.number().int().nullable(),
  visit_place: z.string(),
  description: z.string().nullable(),
  state: InspectionOrderStateSchema,
  brand_model: z.string(),
  /** Package name. */
  package: z.string(),
  visit_time: z.iso.datetime({ offset: true }).nullable(),
  /** Id of the concierge sale this inspection serves, if any. */
  concierge_sale: z.number().int().nullable(),
  operation_note: z.string().nullable(),
  is_canceled: z.boolean(),
  /** Tomans still to pay (positive) or to refund (negative) after a package change. */
  price_diff: z.number(),
  is_immediate: z.boolean(),
  seller_name: z.string().nullable(),
  seller_phone_number: z.string().nullable(),
});
export type InspectionOrderDetail = z.infer<typeof InspectionOrderDetailSchema>;
