import { z } from 'zod';

export const CarImageSchema = z.object({
  is_cover: z.boolean(),
  name: z.string(),
  /** MIME type, e.g. image/jpeg. */
  type: z.string(),
  url: z.url(),
});
export type CarImage = z.infer<typeof CarImageSchema>;

/** The cover is the image marked is_cover, else the first (spec §3: first is cover). */
export function coverImage(images: readonly CarImage[]): CarImage | undefined {
  return images.find((i) => i.is_cover) ?? images[0];
}

export const CarPostDetailSchema = z.object({
  state: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  car_post_link: z.url().nullable(),
  car_post_type: z.string(),
  car_post_type_fa: z.string(),
  sales_expert_name: z.string().nullable(),
  owner_name: z.string(),
  sales_expert_phone_number: z.string().nullable(),
  owner_phone_number: z.string(),
  car_images: z.array(CarImageSchema),
  brand_model: z.string(),
  /** Model year as written on the document (Jalali for domestic cars). */
  year: z.number().int(),
  /** Kilometres driven. */
  usage: z.number().int().nonnegative(),
  color: z.string(),
  gearbox: z.string(),
  document: z.string(),
  body_status: z.string(),
  /** Months of third-party insurance left; null when unknown. */
  third_party_insurance_deadline: z.number().int().nullable(),
  city: z.string(),
  /** Tomans. */
  price: z.number().nonnegative(),
  is_discounted: z.boolean(),
  discounted_price: z.number().nonnegative().nullable(),
  title: z.string(),
  description: z.string(),
  concierge_sale_id: z.number().int().nullable(),
  concierge_sale_url: z.url().nullable(),
  token: z.string(),
  license_plate_code: z.string().nullable(),
  /** Earlier revisions of the post, newest first, as the owner or moderators edited it. */
  versions: z.array(
    z.object({
      version: z.number().int(),
      created_at: z.iso.datetime({ offset: true }),
      editor: z.string().nullable(),
      changes: z.record(z.string(), z.unknown()),
    }),
  ),
  inspection_token: z.string().nullable(),
});
export type CarPostDetail = z.infer<typeof CarPostDetailSchema>;
