import { z } from 'zod';
import { defineListFilter, listField, paginated, textField, toPersianText, wholeNumberField } from '../common';

// Divar post tokens (issue 16, /panel/divar-token, decision 084): the marketplace's post tokens
// that link an external advert to a car post or to a concierge sale. A token links to at most
// one thing at a time; staff look one up, link it and unlink it with a reason.

/** What a token links to: a car post or a concierge sale, never both. */
export const DIVAR_LINK_KINDS = {
  car_post: 'آگهی خودرو',
  concierge_sale: 'فروش همراه',
} as const;
export type DivarLinkKind = keyof typeof DIVAR_LINK_KINDS;
export const DIVAR_LINK_KIND_LIST = ['car_post', 'concierge_sale'] as const satisfies readonly DivarLinkKind[];
export const DivarLinkKindSchema = z.enum(DIVAR_LINK_KIND_LIST, { error: 'نوع اتصال را از فهرست انتخاب کنید.' });

/** Divar's post tokens: eight English letters and digits, as `AaBbCc12`. */
export const DIVAR_TOKEN_PATTERN = /^[A-Za-z0-9]{8}$/;
export const DIVAR_TOKEN_MESSAGE = 'توکن دیوار باید ۸ نویسه از حروف انگلیسی و رقم باشد.';
/** A token as typed: spaces around it are dropped; anything but eight letters and digits is refused in Persian. */
export const DivarTokenField = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: DIVAR_TOKEN_MESSAGE }).regex(DIVAR_TOKEN_PATTERN, { error: DIVAR_TOKEN_MESSAGE }));

export const DIVAR_TOKEN_MESSAGES = {
  empty: 'توکنی یافت نشد!',
  notFound: 'توکن دیوار یافت نشد',
  targetCode: 'شناسه آگهی یا کد فروش را وارد کنید.',
  carPostNotFound: 'آگهی خودرویی با این شناسه یافت نشد.',
  saleNotFound: 'فروش همراهی با این کد یافت نشد.',
  notLinked: 'این توکن به چیزی متصل نیست.',
  stale: 'این توکن همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  linked: 'توکن متصل شد.',
  unlinked: 'اتصال توکن برداشته شد.',
  reason: 'دلیل برداشتن اتصال را بنویسید.',
} as const;

/** The address filter of the token list: token search, linked kind, linked or not, created between. */
export const divarTokenListFilter = defineListFilter({
  search: listField.text(),
  kind: listField.oneOf(DivarLinkKindSchema),
  linked: listField.flag('وضعیت اتصال نامعتبر است'),
  createdFrom: listField.day(),
  createdTo: listField.day(),
});
export const DivarTokenListFilterSchema = divarTokenListFilter.schema;
export type DivarTokenListFilter = z.infer<typeof DivarTokenListFilterSchema>;

/** What a token links to, as a person recognises it, with the panel's page of it. */
export const DivarLinkTargetSchema = z.object({
  kind: DivarLinkKindSchema,
  id: z.number().int(),
  /** The car post's token or the sale's code. */
  code: z.string(),
  title: z.string(),
  car: z.string(),
  /** The car post's or the sale's state code (labels in their own contracts). */
  state: z.string(),
  url: z.string(),
});
export type DivarLinkTarget = z.infer<typeof DivarLinkTargetSchema>;

export const DivarTokenSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  version: z.number().int(),
  target: DivarLinkTargetSchema.nullable(),
  divar_link: z.string(),
  linked_at: z.iso.datetime({ offset: true }).nullable(),
  linked_by: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type DivarToken = z.infer<typeof DivarTokenSchema>;
export const DivarTokenPageSchema = paginated(DivarTokenSchema);
export type DivarTokenPage = z.infer<typeof DivarTokenPageSchema>;

const id = wholeNumberField('شناسه توکن نامعتبر است');
export const DivarTokenIdInputSchema = z.object({ id }).strict();
export const DivarTokenLookupInputSchema = z.object({ token: DivarTokenField }).strict();
export type DivarTokenLookupInput = z.infer<typeof DivarTokenLookupInputSchema>;

/** Link a token (new or unlinked) to a car post (by its token) or a concierge sale (by its code). */
export const DivarLinkInputSchema = z
  .object({
    token: DivarTokenField,
    kind: DivarLinkKindSchema,
    target: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.string({ error: DIVAR_TOKEN_MESSAGES.targetCode }).min(1, { error: DIVAR_TOKEN_MESSAGES.targetCode }).max(40, { error: DIVAR_TOKEN_MESSAGES.targetCode }).regex(/^[a-z0-9-]+$/, { error: DIVAR_TOKEN_MESSAGES.targetCode }),
    ),
  })
  .strict();
export type DivarLinkInput = z.infer<typeof DivarLinkInputSchema>;

export const DivarUnlinkInputSchema = z
  .object({
    id,
    version: wholeNumberField('نسخه توکن نامعتبر است'),
    reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).min(1, { error: DIVAR_TOKEN_MESSAGES.reason })),
  })
  .strict();
export type DivarUnlinkInput = z.infer<typeof DivarUnlinkInputSchema>;

export const DivarTokenActionResultSchema = z.object({ id: z.number().int(), token: z.string(), version: z.number().int(), message: z.string() });
export type DivarTokenActionResult = z.infer<typeof DivarTokenActionResultSchema>;

/** The action log's labels of a token's history. */
export const DIVAR_TOKEN_ACTIONS = { link: 'اتصال', unlink: 'برداشتن اتصال' } as const;

/**
 * The Persian 409 when a token is already linked: it names what to. Tokens and codes stay Latin
 * (a copied code must exist); the screens show them isolated, left to right.
 */
export function alreadyLinkedMessage(token: string, target: Pick<DivarLinkTarget, 'kind' | 'code' | 'title'>): string {
  return `توکن ${token} همین حالا به ${DIVAR_LINK_KINDS[target.kind]} «${toPersianText(target.title)}» (${target.code}) متصل است؛ اول اتصال قبلی را بردارید.`;
}
/** The Persian 409 when the car post or sale already has a token. */
export function targetTakenMessage(kind: DivarLinkKind, code: string, token: string): string {
  return `${DIVAR_LINK_KINDS[kind]} ${code} همین حالا به توکن ${token} متصل است.`;
}
