import { z } from 'zod';

export const CallInfoSchema = z.object({
  // Null when the staff member is not on a call.
  callee_phone_number: z.string().nullable(),
});
export type CallInfo = z.infer<typeof CallInfoSchema>;
