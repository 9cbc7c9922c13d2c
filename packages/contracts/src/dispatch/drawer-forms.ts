import { z } from 'zod';
import { CancelTypeSchema } from './sheet.schemas';

// Form state of the dispatch drawer. The field names are the spec's (§3), camelCase as
// they are browser-side values, not gateway payloads.

export const CancelInfoSchema = z.object({
  isCancel: z.boolean(),
  cancelType: CancelTypeSchema,
  details: z.string(),
  /** Whether the cancellation charges the penalty; only offered when the penalty check says one applies. */
  penalty: z.boolean(),
});
export type CancelInfo = z.infer<typeof CancelInfoSchema>;
export const CANCEL_INFO_DEFAULTS: CancelInfo = { isCancel: false, cancelType: 'unset', details: '', penalty: false };

export const SubmitInfoSchema = z.object({
  orderPK: z.number().int().nullable(),
  /** Visit time 'HH:MM'. */
  orderTime: z.string(),
  orderNote: z.string(),
});
export type SubmitInfo = z.infer<typeof SubmitInfoSchema>;
export const SUBMIT_INFO_DEFAULTS: SubmitInfo = { orderPK: null, orderTime: '', orderNote: '' };
