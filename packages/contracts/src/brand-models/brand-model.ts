import { z } from 'zod';

export const BrandModelLevelSchema = z.enum(['brand', 'model']);
export type BrandModelLevel = z.infer<typeof BrandModelLevelSchema>;

// One shape for both levels: at brand level the model fields are null, which the refinement holds.
export const BrandModelSelectionSchema = z
  .object({
    level: BrandModelLevelSchema,
    brand_id: z.number().int(),
    brand_name: z.string(),
    model_id: z.number().int().nullable(),
    model_name: z.string().nullable(),
    /** Addresses of files: the media store's (`/api/media/12/`, the BFF's `/media/12`) or a full URL. */
    file_urls: z.array(z.string().min(1)),
    other_file_urls: z.array(z.string().min(1)),
    logo_url: z.string().min(1).nullable(),
  })
  .refine((s) => (s.level === 'model') === (s.model_id !== null), {
    error: 'مدل فقط در سطح مدل انتخاب می‌شود',
    path: ['model_id'],
  });
export type BrandModelSelection = z.infer<typeof BrandModelSelectionSchema>;
