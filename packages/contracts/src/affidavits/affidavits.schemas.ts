import { z } from 'zod';
import { CITIES, PhoneNumberSchema, defineListFilter, keyField, listField, paginated, textField, versionField, wholeNumberField } from '../common';
import { AFFIDAVIT_DOCUMENT_KIND_LIST, AFFIDAVIT_STATE_LIST, AffidavitStateSchema } from './affidavits.workflow';

// Affidavits (/panel/affidavit, issue 31, decision 104): the entity, its list filter, its inputs
// and its Persian texts. Money is in tomans.

export const AFFIDAVITS_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
  notFound: 'قولنامه یافت نشد',
  stale: 'این قولنامه همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  samePhone: 'شماره خریدار و فروشنده نباید یکی باشد.',
  noSale: 'فروش همراه با این شناسه یافت نشد.',
  noMedia: 'فایل بارگذاری‌شده یافت نشد.',
  checklist: (missing: string) => `برای تکمیل پرونده، مدرک «${missing}» را بارگذاری کنید.`,
  otherRequest: 'این درخواست برای قولنامه دیگری ثبت شده است.',
  added: 'قولنامه ثبت شد.',
  updated: 'قولنامه ویرایش شد؛ کارمزد آن دوباره محاسبه شود.',
  priced: 'کارمزد قولنامه محاسبه شد.',
  purchased: 'قولنامه خریداری شد.',
  paymentLinkSent: 'لینک پرداخت برای خریدار ثبت شد.',
  downloadLinkSent: 'لینک دانلود برای خریدار و فروشنده ثبت شد.',
  completed: 'پرونده قولنامه تکمیل شد.',
  canceled: 'قولنامه لغو شد.',
  documentAdded: 'مدرک به قولنامه افزوده شد.',
} as const;

const CITY_IDS = CITIES.map((c) => c.id) as number[];
const trimmed = (max: number, message: string, min = 1) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }).refine((v) => v.length >= min, { error: message }));
const amount = (message: string, min: number, max: number) => z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min, max }));

const id = wholeNumberField('شناسه قولنامه نامعتبر است');
const version = versionField('نسخه قولنامه نامعتبر است');
/** A request's own id: the same id twice is one purchase or one link (a double click, a retry). */
const requestId = z.uuid({ error: 'شناسه درخواست نامعتبر است' });

/** What the add form and the edit form validate (and the gateway again). */
export const AffidavitFieldsSchema = z
  .object({
    buyer_name: trimmed(100, 'نام خریدار را بنویسید.', 3),
    buyer_phone: PhoneNumberSchema,
    seller_name: trimmed(100, 'نام فروشنده را بنویسید.', 3),
    seller_phone: PhoneNumberSchema,
    car_title: trimmed(120, 'خودرو را بنویسید.', 2),
    car_year: wholeNumberField('سال ساخت را بین ۱۳۶۰ و ۱۴۱۰ بنویسید.', { min: 1360, max: 1410 }),
    city_id: keyField('شهر را انتخاب کنید.').refine((v) => CITY_IDS.includes(v), { error: 'شهر را انتخاب کنید.' }),
    price: amount('قیمت توافقی را به تومان وارد کنید (حداقل ۱۰ میلیون).', 10_000_000, 1_000_000_000_000),
    concierge_sale_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumberField('شناسه فروش همراه نامعتبر است').nullable()),
  })
  .refine((v) => v.buyer_phone !== v.seller_phone, { path: ['seller_phone'], error: AFFIDAVITS_MESSAGES.samePhone });
export type AffidavitFields = z.infer<typeof AffidavitFieldsSchema>;
export const AddAffidavitInputSchema = AffidavitFieldsSchema;
export type AddAffidavitInput = z.infer<typeof AddAffidavitInputSchema>;
export const UpdateAffidavitInputSchema = z.object({ id, version, fields: AffidavitFieldsSchema });
export type UpdateAffidavitInput = z.infer<typeof UpdateAffidavitInputSchema>;

export const AffidavitIdInputSchema = z.object({ id });
export const PriceAffidavitInputSchema = z.object({ id, version });
export const PurchaseAffidavitInputSchema = z.object({ id, request_id: requestId });
export type PurchaseAffidavitInput = z.infer<typeof PurchaseAffidavitInputSchema>;
export const AFFIDAVIT_LINK_KINDS = { payment: 'لینک پرداخت', download: 'لینک دانلود' } as const;
export type AffidavitLinkKind = keyof typeof AFFIDAVIT_LINK_KINDS;
export const SendAffidavitLinkInputSchema = z.object({ id, request_id: requestId });
export type SendAffidavitLinkInput = z.infer<typeof SendAffidavitLinkInputSchema>;
export const AffidavitStepInputSchema = z.object({
  id,
  version,
  action: z.enum(['complete', 'cancel'], { error: 'اقدام نامعتبر است' }),
  reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default('')),
});
export type AffidavitStepInput = z.infer<typeof AffidavitStepInputSchema>;
export const AttachAffidavitDocumentInputSchema = z.object({
  id,
  media_id: wholeNumberField('فایل نامعتبر است'),
  kind: z.enum(AFFIDAVIT_DOCUMENT_KIND_LIST, { error: 'نوع مدرک را انتخاب کنید.' }),
});
export type AttachAffidavitDocumentInput = z.infer<typeof AttachAffidavitDocumentInputSchema>;

export const AffidavitSchema = z.object({
  id: z.number().int(),
  state: z.enum(AFFIDAVIT_STATE_LIST),
  state_label: z.string(),
  version: z.number().int(),
  buyer_name: z.string(),
  buyer_phone: z.string(),
  seller_name: z.string(),
  seller_phone: z.string(),
  car_title: z.string(),
  car_year: z.number().int(),
  city_id: z.number().int(),
  city: z.string(),
  price: z.number(),
  fee: z.number().nullable(),
  concierge_sale_id: z.number().int().nullable(),
  purchased_at: z.iso.datetime({ offset: true }).nullable(),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Affidavit = z.infer<typeof AffidavitSchema>;
export const AffidavitPageSchema = paginated(AffidavitSchema);
export type AffidavitPage = z.infer<typeof AffidavitPageSchema>;

export const AffidavitDocumentSchema = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  kind: z.enum(AFFIDAVIT_DOCUMENT_KIND_LIST),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** The SHA-256 of the stored file, shown so a copy can be checked against it. */
  sha256: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type AffidavitDocument = z.infer<typeof AffidavitDocumentSchema>;
export const AffidavitLinkSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'download']),
  target: z.string(),
  amount: z.number().nullable(),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type AffidavitLink = z.infer<typeof AffidavitLinkSchema>;
export const AffidavitDetailSchema = AffidavitSchema.extend({ documents: z.array(AffidavitDocumentSchema), links: z.array(AffidavitLinkSchema) });
export type AffidavitDetail = z.infer<typeof AffidavitDetailSchema>;

/** What an action answers: the state it left and the message of the toast. */
export const AffidavitOutcomeSchema = z.object({ id: z.number().int(), state: z.enum(AFFIDAVIT_STATE_LIST), version: z.number().int(), fee: z.number().nullable(), message: z.string() });
export type AffidavitOutcome = z.infer<typeof AffidavitOutcomeSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const AFFIDAVIT_SORTS = ['created_at', 'price'] as const;

/** The address filter of the list (page size 20, spec §9): the BFF's input and the gateway's query alike. */
export const affidavitListFilter = defineListFilter({
  state: listField.oneOf(AffidavitStateSchema),
  search: listField.text(),
  city: listField.oneOf(keyField('شهر نامعتبر است')),
  createdFrom: listField.day(),
  createdTo: listField.day(),
  ...listField.ordering(AFFIDAVIT_SORTS, 'created_at'),
});
export const AffidavitListFilterSchema = affidavitListFilter.schema;
export type AffidavitListFilter = z.infer<typeof AffidavitListFilterSchema>;
