import { z } from 'zod';

/** An inspection report schema as listed and filtered (spec §3 "Schema info"). */
export const SchemaInfoSchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  isActive: z.boolean(),
});
export type SchemaInfo = z.infer<typeof SchemaInfoSchema>;
