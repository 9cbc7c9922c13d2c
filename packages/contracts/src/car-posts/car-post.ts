import { z } from 'zod';
import { formatJalaliDate, jalaliParts, tehranDateKey, toPersianDigits, type DateInput } from '../common';

export const CarImageSchema = z.object({
  is_cover: z.boolean(),
  name: z.string(),
  /** MIME type, e.g. image/jpeg. */
  type: z.string(),
  /** Where the image is served: the media store's address (`/api/media/12/`) or an absolute URL. */
  url: z.string().min(1),
});
export type CarImage = z.infer<typeof CarImageSchema>;

/** The cover is the image marked is_cover, else the first (spec §3: first is cover). */
export function coverImage(images: readonly CarImage[]): CarImage | undefined {
  return images.find((i) => i.is_cover) ?? images[0];
}

/** One field's change in a version: what it was and what it became. */
const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const VersionChangeSchema = z.object({ from: FieldValueSchema, to: FieldValueSchema });

export const CarPostVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  editor: z.string().nullable(),
  /** Why the post was edited (the owner's note or the moderator's reason). */
  reason: z.string().default(''),
  /** The fields this version changed, each with its value before and after. */
  changes: z.record(z.string(), VersionChangeSchema),
});
export type CarPostVersion = z.infer<typeof CarPostVersionSchema>;

export const CarPostDetailSchema = z.object({
  /** The post's id in the panel (its address); `token` is its public id. */
  id: z.number().int(),
  state: z.string(),
  /** Bumped by every change; an action names the version it was decided on (stale → 409). */
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  /** Since when the post waits for review (its last submission). */
  submitted_at: z.iso.datetime({ offset: true }),
  car_post_link: z.url().nullable(),
  car_post_type: z.string(),
  car_post_type_fa: z.string(),
  sales_expert_name: z.string().nullable(),
  owner_name: z.string(),
  sales_expert_phone_number: z.string().nullable(),
  owner_phone_number: z.string(),
  car_images: z.array(CarImageSchema),
  /** The catalogue model (brand-models) and its full name as the post keeps it. */
  model_id: z.number().int(),
  brand_model: z.string(),
  /** Model year as written on the document (Jalali for domestic cars). */
  year: z.number().int(),
  /** Kilometres driven. */
  usage: z.number().int().nonnegative(),
  color: z.string(),
  gearbox: z.string(),
  document: z.string(),
  body_status: z.string(),
  /** The day the third-party insurance runs out ('YYYY-MM-DD', a Tehran day); null when unknown. */
  third_party_insurance_deadline: z.iso.date().nullable(),
  city_id: z.number().int(),
  city: z.string(),
  /** Tomans. */
  price: z.number().nonnegative(),
  is_discounted: z.boolean(),
  discounted_price: z.number().nonnegative().nullable(),
  title: z.string(),
  description: z.string(),
  concierge_sale_id: z.number().int().nullable(),
  concierge_sale_url: z.string().nullable(),
  token: z.string(),
  license_plate_code: z.string().nullable(),
  /** The car's VIN (شماره شاسی), when the post recorded one (decision 136). */
  vin: z.string().nullable(),
  /** Revisions of the post, newest first, as the owner or moderators edited it. */
  versions: z.array(CarPostVersionSchema),
  inspection_token: z.string().nullable(),
  /** The originality label computed from the inspection's body findings (originality mapping). */
  originality_label: z.string().nullable(),
});
export type CarPostDetail = z.infer<typeof CarPostDetailSchema>;

/**
 * How a third-party insurance deadline reads: the Jalali day, and the whole months left until it
 * on the Jalali calendar ('۱۴۰۴/۰۸/۰۱ (۷ ماه مانده)'), or that it has passed.
 */
export function insuranceDeadlineText(deadline: string, now: DateInput = Date.now()): string {
  const day = formatJalaliDate(deadline);
  const today = tehranDateKey(now);
  if (deadline < today) return `${day} (گذشته)`;
  const from = jalaliParts(today);
  const to = jalaliParts(deadline);
  const months = (to.year - from.year) * 12 + (to.month - from.month) - (to.day < from.day ? 1 : 0);
  return `${day} (${months === 0 ? 'کمتر از یک ماه' : `${toPersianDigits(months)} ماه`} مانده)`;
}
