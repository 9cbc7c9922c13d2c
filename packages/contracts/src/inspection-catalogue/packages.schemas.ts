import { z } from 'zod';
import { CITIES } from '../common/constants';
import { keyField, textField, versionField, wholeNumberField } from '../common/fields';
import { codesOf } from '../common/enums';

// The inspection catalogue (issue 29, part B): the vehicle kinds packages apply to, and the
// packages sold (name, vehicle kind, base price, service time, inspection type, cities, report
// fields). The gateway owns them (migration 1600 seeds today's four packages); every price the
// panel computes reads them through the catalogue's quote (decision 099).

export const INSPECTION_TYPES = { both: 'هر دو', uberized: 'کارشناس آزاد (اوبری)', employed: 'کارشناس استخدامی' } as const;
export type InspectionType = keyof typeof INSPECTION_TYPES;
export const InspectionTypeSchema = z.enum(['both', 'uberized', 'employed'], { error: 'نوع کارشناسی نامعتبر است' });

/** The sections an inspection report of a package holds (the package config of report fields). */
export const REPORT_FIELDS = {
  body: 'بدنه و رنگ',
  chassis: 'شاسی',
  engine: 'موتور',
  gearbox: 'گیربکس',
  suspension: 'جلوبندی و تعلیق',
  brakes: 'ترمز',
  electrical: 'برق و الکترونیک',
  interior: 'داخل خودرو',
  tyres: 'لاستیک‌ها',
  documents: 'مدارک و استعلام',
  road_test: 'تست جاده',
  diagnostics: 'دیاگ',
} as const;
export type ReportField = keyof typeof REPORT_FIELDS;
const REPORT_FIELD_KEYS = codesOf(REPORT_FIELDS);
export const ReportFieldSchema = z.enum(REPORT_FIELD_KEYS, { error: 'بخش گزارش نامعتبر است' });

export const CATALOGUE_MESSAGES = {
  package: 'بسته کارشناسی را انتخاب کنید',
  packageNotFound: 'بسته کارشناسی یافت نشد',
  packageInactive: 'این بسته کارشناسی فروخته نمی‌شود',
  notSoldInCity: 'این بسته کارشناسی در این شهر فروخته نمی‌شود',
  packageName: 'نام بسته را وارد کنید',
  packageNameTaken: 'بسته‌ای با این نام هست',
  vehicleKind: 'نوع خودرو را انتخاب کنید',
  vehicleKindName: 'نام نوع خودرو را وارد کنید',
  vehicleKindTaken: 'نوع خودرویی با این نام هست',
  vehicleKindInUse: 'بسته‌های فعالی برای این نوع خودرو هست؛ اول آن‌ها را تغییر دهید',
  basePrice: 'قیمت پایه را به تومان وارد کنید (از ۱۰٬۰۰۰ تا ۱۰۰٬۰۰۰٬۰۰۰)',
  serviceMinutes: 'زمان خدمت را به دقیقه وارد کنید (از ۱۵ تا ۴۸۰)',
  cities: 'دست‌کم یک شهر را انتخاب کنید',
  city: 'شهر نامعتبر است',
  reportFields: 'دست‌کم یک بخش گزارش را انتخاب کنید',
  stale: 'این مورد همین حالا تغییر کرد؛ صفحه را تازه کنید و دوباره ذخیره کنید.',
  saved: 'بسته کارشناسی ذخیره شد.',
  vehicleKindSaved: 'نوع خودرو ذخیره شد.',
} as const;

export const VehicleKindSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  /** How many packages apply to it. */
  packages: z.number().int(),
  version: z.number().int(),
});
export type VehicleKind = z.infer<typeof VehicleKindSchema>;

export const InspectionPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  vehicle_kind_id: z.number().int(),
  vehicle_kind: z.string(),
  /** Tomans. */
  base_price: z.number().int(),
  service_minutes: z.number().int(),
  inspection_type: InspectionTypeSchema,
  city_ids: z.array(z.number().int()),
  report_fields: z.array(ReportFieldSchema),
  is_active: z.boolean(),
  version: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type InspectionPackage = z.infer<typeof InspectionPackageSchema>;

/** What an order form offers: the packages on sale, each with its base price and cities. */
export const PackageOptionSchema = InspectionPackageSchema.pick({ id: true, name: true, base_price: true, city_ids: true, vehicle_kind: true });
export type PackageOption = z.infer<typeof PackageOptionSchema>;

const CITY_IDS = new Set<number>(CITIES.map((c) => c.id));
/** The catalogue's ids and counts are PostgreSQL integers: anything past that is refused here, not by the database. */
const trimmed = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max }).pipe(z.string().min(1, { error: message })));
/** Tomans in any digits, with or without separators. */
const toman = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min, max }));

/** The order form's packages: those on sale, in one city when given. */
export const PackageOptionsInputSchema = z.object({ city: z.preprocess((v) => (v === '' ? undefined : v), keyField(CATALOGUE_MESSAGES.city).optional()) });
export type PackageOptionsInput = z.input<typeof PackageOptionsInputSchema>;

export const CatalogueIdInputSchema = z.object({ id: keyField('شناسه نامعتبر است') });

/** The package edit (create and *update package*): every field; `version` on an update. */
export const PackageInputSchema = z.object({
  name: trimmed(80, CATALOGUE_MESSAGES.packageName),
  vehicle_kind_id: keyField(CATALOGUE_MESSAGES.vehicleKind),
  base_price: toman(CATALOGUE_MESSAGES.basePrice, 10_000, 100_000_000),
  service_minutes: wholeNumberField(CATALOGUE_MESSAGES.serviceMinutes, { min: 15, max: 480 }),
  inspection_type: InspectionTypeSchema,
  city_ids: z
    .array(keyField(CATALOGUE_MESSAGES.city).refine((id) => CITY_IDS.has(id), { error: CATALOGUE_MESSAGES.city }), { error: CATALOGUE_MESSAGES.cities })
    .min(1, { error: CATALOGUE_MESSAGES.cities })
    .max(CITIES.length)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  report_fields: z
    .array(ReportFieldSchema, { error: CATALOGUE_MESSAGES.reportFields })
    .min(1, { error: CATALOGUE_MESSAGES.reportFields })
    .max(REPORT_FIELD_KEYS.length)
    .transform((fields) => REPORT_FIELD_KEYS.filter((key) => fields.includes(key))),
  is_active: z.boolean({ error: 'وضعیت فروش نامعتبر است' }).default(true),
});
export type PackageInput = z.input<typeof PackageInputSchema>;
export const UpdatePackageInputSchema = PackageInputSchema.extend({ id: keyField('شناسه نامعتبر است'), version: versionField('نسخه نامعتبر است', 1) });
export type UpdatePackageInput = z.infer<typeof UpdatePackageInputSchema>;
/** The package config alone: its cities and report fields. */
export const PackageConfigInputSchema = UpdatePackageInputSchema.pick({ id: true, version: true, city_ids: true, report_fields: true });
export type PackageConfigInput = z.infer<typeof PackageConfigInputSchema>;

export const VehicleKindInputSchema = z.object({ name: trimmed(60, CATALOGUE_MESSAGES.vehicleKindName), is_active: z.boolean({ error: 'وضعیت نامعتبر است' }).default(true) });
export type VehicleKindInput = z.input<typeof VehicleKindInputSchema>;
export const UpdateVehicleKindInputSchema = VehicleKindInputSchema.extend({ id: keyField('شناسه نامعتبر است'), version: versionField('نسخه نامعتبر است', 1) });
export type UpdateVehicleKindInput = z.infer<typeof UpdateVehicleKindInputSchema>;
