import { z } from 'zod';

export const AreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** City id (see CITIES); the dispatch filter groups Tehran against the other cities. */
  city: z.number().int(),
  city_display: z.string(),
});
export type Area = z.infer<typeof AreaSchema>;
