import { z } from 'zod';
import { toLatinDigits } from '../common/digits';
import { keyField, textField } from '../common/fields';
import { VehicleTypeSchema } from '../common/enums';

// The brand-model catalogue: the brands and models of cars sold in Iran that every module picks
// from (concierge sales, car posts, pricing orders). The reference gateway seeds it; its
// management page (/panel/brand-model-management) comes later. Paths: contracts README.

export const CarBodyTypeSchema = z.enum(['sedan', 'hatchback', 'suv', 'crossover', 'pickup', 'van', 'motorcycle']);
export type CarBodyType = z.infer<typeof CarBodyTypeSchema>;
export const CAR_BODY_TYPE_LABELS: Record<CarBodyType, string> = {
  sedan: 'سواری',
  hatchback: 'هاچ‌بک',
  suv: 'شاسی‌بلند',
  crossover: 'کراس‌اوور',
  pickup: 'وانت',
  van: 'ون',
  motorcycle: 'موتورسیکلت',
};

/** One model of the catalogue with its brand, as a picker shows it and modules store it. */
export const CatalogueModelSchema = z.object({
  model_id: z.number().int(),
  model_name: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  /** "brand model", the text other records keep beside the id (`پژو ۲۰۶ تیپ ۲`). */
  full_name: z.string(),
  body_type: CarBodyTypeSchema,
  vehicle_type: VehicleTypeSchema,
  /** Model years (Jalali for Iranian-made, as the market quotes them; Gregorian for imports). */
  year_from: z.number().int(),
  year_to: z.number().int().nullable(),
  is_imported: z.boolean(),
});
export type CatalogueModel = z.infer<typeof CatalogueModelSchema>;

export const CatalogueBrandSchema = z.object({
  brand_id: z.number().int(),
  brand_name: z.string(),
  brand_name_en: z.string(),
  model_count: z.number().int(),
  logo_url: z.string().nullable(),
});
export type CatalogueBrand = z.infer<typeof CatalogueBrandSchema>;

/** The catalogue's keys are PostgreSQL `serial`s: a larger number names nothing and is refused. */

/** A picker's search over models (and the brands list's filter): a few letters of the brand or model, in Persian or English, any digits. */
export const CatalogueSearchInputSchema = z
  .object({
    q: textField({ max: 50, tooLong: 'عبارت جستجو حداکثر ۵۰ نویسه است' })
      .transform((text) => toLatinDigits(text.trim()))
      .default(''),
    brand_id: keyField('شناسه برند نامعتبر است').optional(),
  })
  .strict();
export type CatalogueSearchInput = z.input<typeof CatalogueSearchInputSchema>;

export const CatalogueModelIdInputSchema = z.object({ model_id: keyField('شناسه مدل نامعتبر است') }).strict();
export type CatalogueModelIdInput = z.infer<typeof CatalogueModelIdInputSchema>;

/** At most this many answers to one search; a picker asks for more letters, not a page. */
export const CATALOGUE_SEARCH_LIMIT = 30;
