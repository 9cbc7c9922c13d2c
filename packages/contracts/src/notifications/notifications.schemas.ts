import { z } from 'zod';
import { NOTIFICATIONS_ACCESS } from './notifications.access';
import { CITIES, EXPERT_LEVEL_LABELS, EXPERT_TYPE_LABELS, type ExpertLevel, ExpertTypeSchema, PhoneNumberSchema, commaList, defineListFilter, defineWorkflow, hasControlCharacters, listField, paginated, textField, toPersianDigits, wholeNumberField, CONTROL_CHARACTERS_MESSAGE, codesOf } from '../common';

// Notifications (spec §1 "SMS templates and history", §2 /panel/sms and /panel/notification,
// §7 "send notification to experts", decision 087). Everything that would leave the system is a
// row of the gateway's outbox (recorded, never sent); this module reads those rows as the SMS
// history, keeps the SMS templates (a declared active/inactive table), records a hand-written
// SMS and a message to a chosen audience of experts (one push row per expert).

// ---------------------------------------------------------------------------------------------
// The outbox as a history

export const OUTBOX_CHANNELS = { sms: 'پیامک', push: 'اعلان کارشناس' } as const;
export type OutboxChannel = keyof typeof OUTBOX_CHANNELS;
export const OUTBOX_CHANNEL_LIST = ['sms', 'push'] as const satisfies readonly OutboxChannel[];

/** The outbox's states: the reference gateway records and never sends, so every row it wrote is `recorded`. */
export const OUTBOX_STATES = { recorded: 'ثبت شده (ارسال نشده)', sent: 'ارسال شده', failed: 'ناموفق' } as const;
export type OutboxState = keyof typeof OUTBOX_STATES;
export const OutboxStateSchema = z.enum(['recorded', 'sent', 'failed'], { error: 'وضعیت پیام نامعتبر است' });

/** What a message concerns (the outbox's `entity`), as a person names it; `none` is a message about nothing in particular. */
export const OUTBOX_ENTITIES = {
  inspection: 'سفارش کارشناسی',
  inspection_reserve: 'رزرو',
  inspection_offer: 'پیشنهاد سفارش',
  concierge_sale: 'فروش همراه',
  car_post: 'آگهی خودرو',
  sms_template: 'قالب پیامک',
  expert_message: 'پیام به کارشناسان',
  none: 'پیامک دستی',
} as const;
export type OutboxEntity = keyof typeof OUTBOX_ENTITIES;
export const OUTBOX_ENTITY_LIST = codesOf(OUTBOX_ENTITIES);
export const OutboxEntitySchema = z.enum(OUTBOX_ENTITY_LIST, { error: 'موضوع پیام نامعتبر است' });

export const OUTBOX_SORT_COLUMNS = ['created_at', 'target', 'state', 'created_by'] as const;

/** The history's filter, in the address and the gateway's query alike; newest first by default. */
export const outboxListFilter = defineListFilter({
  channel: listField.choice(OUTBOX_CHANNEL_LIST, 'sms', 'نوع پیام نامعتبر است'),
  /** A phone number (or part of one), or an expert's name for a push. */
  target: listField.text(),
  /** Words of the text. */
  text: listField.text(),
  state: listField.oneOf(OutboxStateSchema),
  entity: listField.oneOf(OutboxEntitySchema),
  /** One entity's messages (with `entity`), e.g. the recipients of one message to experts. */
  entityId: listField.id('شناسه موضوع نامعتبر است'),
  createdBy: listField.text(),
  createdFrom: listField.day(),
  createdTo: listField.day(),
  ...listField.ordering(OUTBOX_SORT_COLUMNS, 'created_at'),
});
export const OutboxListFilterSchema = outboxListFilter.schema;
export type OutboxListFilter = z.infer<typeof OutboxListFilterSchema>;

/** What a message concerns, with the panel's page of it where there is one. */
export const OutboxSubjectSchema = z.object({
  entity: OutboxEntitySchema,
  id: z.number().int().nullable(),
  /** The order's code, the sale's code, the post's title, the template's name... */
  title: z.string().nullable(),
  url: z.string().nullable(),
});
export type OutboxSubject = z.infer<typeof OutboxSubjectSchema>;

export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNEL_LIST),
  /** A phone number for an SMS, an expert's id for a push. */
  target: z.string(),
  /** The expert's name for a push; null for an SMS. */
  target_name: z.string().nullable(),
  text: z.string(),
  state: OutboxStateSchema,
  amount: z.number().nullable(),
  subject: OutboxSubjectSchema,
  created_by: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxPageSchema = paginated(OutboxMessageSchema);
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

// ---------------------------------------------------------------------------------------------
// SMS text: placeholders, characters and parts

/** A named placeholder: `{name}`, `{code}` — English letters, digits and `_`, starting with a letter. */
export const PLACEHOLDER_PATTERN = /\{([a-z][a-z0-9_]{0,29})\}/g;
export const PLACEHOLDER_NAME = /^[a-z][a-z0-9_]{0,29}$/;
/** Names staff know, with their Persian labels for the send form; any other name is shown as it is. */
export const PLACEHOLDER_LABELS: Record<string, string> = {
  name: 'نام',
  code: 'کد',
  link: 'لینک',
  date: 'تاریخ',
  time: 'ساعت',
  amount: 'مبلغ (تومان)',
  car: 'خودرو',
  expert: 'کارشناس',
  city: 'شهر',
};
export const placeholderLabel = (name: string) => PLACEHOLDER_LABELS[name] ?? name;

/** The placeholders of a text, each once, in the order they first appear. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!))];
}

/** True when every brace of the text belongs to a placeholder. */
export function hasStrayBraces(text: string): boolean {
  return /[{}]/.test(text.replace(PLACEHOLDER_PATTERN, ''));
}

/** The text with each placeholder replaced by its value; a placeholder without a value stays as it is. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? value : whole;
  });
}

/** The placeholders of `text` whose value is missing or blank. */
export function missingPlaceholders(text: string, values: Readonly<Record<string, string>>): string[] {
  return placeholdersOf(text).filter((name) => !values[name]?.trim());
}

// GSM 03.38's basic set; a text with anything else (Persian) goes as UCS-2.
const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = '^{}\\[~]|€';

/** Characters and parts of an SMS: 70 per single Persian (UCS-2) message, 67 per part when longer; 160/153 for Latin-only text. */
export function smsParts(text: string): { characters: number; parts: number; unicode: boolean; perPart: number } {
  const chars = [...text];
  const unicode = chars.some((c) => !GSM_BASIC.includes(c) && !GSM_EXTENDED.includes(c));
  const characters = unicode ? chars.length : chars.reduce((n, c) => n + (GSM_EXTENDED.includes(c) ? 2 : 1), 0);
  const [single, multi] = unicode ? [70, 67] : [160, 153];
  const parts = characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / multi);
  return { characters, parts, unicode, perPart: parts > 1 ? multi : single };
}

/** The longest SMS the panel records: eight Persian parts. */
export const SMS_MAX_CHARACTERS = 536;
/** Hand-written SMS one staff member may record in a minute (decision 087): past it, a Persian 429. */
export const MANUAL_SMS_PER_MINUTE = 20;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A template's or a message's text: not empty, not too long, no control characters, braces only in placeholders. */
const messageText = (empty: string, max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: empty })
      .min(1, { error: empty })
      .max(max, { error: `متن حداکثر ${toPersianDigits(max)} نویسه است.` })
      .refine((t) => !hasControlCharacters(t.replace(/\n/g, '')), { error: CONTROL_CHARACTERS_MESSAGE })
      .refine((t) => !hasStrayBraces(t), { error: 'آکولاد «{ }» فقط برای جای خالی مانند {name} به کار می‌رود (حروف کوچک انگلیسی).' }),
  );

// ---------------------------------------------------------------------------------------------
// SMS templates

export const TEMPLATE_STATES = { active: 'فعال', inactive: 'غیرفعال' } as const;
export type TemplateState = keyof typeof TEMPLATE_STATES;
export const TemplateStateSchema = z.enum(['active', 'inactive'], { error: 'وضعیت قالب نامعتبر است' });

/** The templates' declared table (decision 087): edit in either state; only an active template is used to send. */
export const TEMPLATE_WORKFLOW = defineWorkflow({
  noun: 'قالب پیامک',
  roles: NOTIFICATIONS_ACCESS.manage,
  states: TEMPLATE_STATES,
  actions: {
    edit: { label: 'ویرایش', from: ['active', 'inactive'] },
    activate: { label: 'فعال کردن', from: ['inactive'], to: 'active', confirm: 'قالب فعال شود؟ از این پس برای ارسال پیامک در دسترس است.' },
    deactivate: { label: 'غیرفعال کردن', from: ['active'], to: 'inactive', confirm: 'قالب غیرفعال شود؟ دیگر نمی‌توان با آن پیامک فرستاد.', reason: 'optional' },
  },
});
export type TemplateAction = (typeof TEMPLATE_WORKFLOW.actionList)[number];

export const TEMPLATE_SORT_COLUMNS = ['name', 'updated_at', 'state'] as const;
export const templateListFilter = defineListFilter({
  search: listField.text(),
  state: listField.oneOf(TemplateStateSchema),
  ...listField.ordering(TEMPLATE_SORT_COLUMNS, 'name', true),
});
export const TemplateListFilterSchema = templateListFilter.schema;
export type TemplateListFilter = z.infer<typeof TemplateListFilterSchema>;

export const SmsTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  placeholders: z.array(z.string()),
  state: TemplateStateSchema,
  version: z.number().int(),
  used: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
  updated_by: z.string(),
});
export type SmsTemplate = z.infer<typeof SmsTemplateSchema>;
export const SmsTemplatePageSchema = paginated(SmsTemplateSchema);
export type SmsTemplatePage = z.infer<typeof SmsTemplatePageSchema>;

const templateId = wholeNumberField('شناسه قالب نامعتبر است');
const templateVersion = wholeNumberField('نسخه قالب نامعتبر است');
export const TemplateIdInputSchema = z.object({ id: templateId }).strict();

const templateFields = {
  name: z.preprocess(trimmed, textField({ max: 80, message: 'نام قالب را بنویسید.', tooLong: 'نام قالب حداکثر ۸۰ نویسه است.' }).min(2, { error: 'نام قالب را بنویسید.' })),
  text: messageText('متن قالب را بنویسید.', SMS_MAX_CHARACTERS),
};
export const CreateTemplateInputSchema = z.object(templateFields).strict();
export type CreateTemplateInput = z.infer<typeof CreateTemplateInputSchema>;
export const EditTemplateInputSchema = z.object({ id: templateId, version: templateVersion, ...templateFields }).strict();
export type EditTemplateInput = z.infer<typeof EditTemplateInputSchema>;
export const TemplateMoveInputSchema = z
  .object({
    id: templateId,
    version: templateVersion,
    action: z.enum(['activate', 'deactivate'], { error: 'عملیات قالب نامعتبر است' }),
    reason: z.preprocess(trimmed, textField({ max: 300 }).default('')),
  })
  .strict();
export type TemplateMoveInput = z.infer<typeof TemplateMoveInputSchema>;
export const TemplateActionResultSchema = z.object({ id: z.number().int(), version: z.number().int(), state: TemplateStateSchema, message: z.string() });
export type TemplateActionResult = z.infer<typeof TemplateActionResultSchema>;

/** The action log's labels of a template's history. */
export const TEMPLATE_HISTORY_ACTIONS = { create: 'ساخت قالب', edit: 'ویرایش', activate: 'فعال کردن', deactivate: 'غیرفعال کردن' } as const;

// ---------------------------------------------------------------------------------------------
// A hand-written SMS

export const PlaceholderValuesSchema = z.record(
  z.string().regex(PLACEHOLDER_NAME, { error: 'نام جای خالی نامعتبر است' }),
  // A field not touched yet is empty, not invalid: the send says which placeholder is left empty.
  z.preprocess((v) => (v === undefined || v === null ? '' : trimmed(v)), textField({ max: 120, tooLong: 'مقدار جای خالی حداکثر ۱۲۰ نویسه است.' })),
  { error: 'مقدار جای‌های خالی نامعتبر است' },
);

/** To one Iranian mobile: a free text, or an active template with its placeholders filled. */
export const SendSmsInputSchema = z
  .object({
    phone_number: PhoneNumberSchema,
    /** '' (the form's "free text" choice) is no template. */
    template_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), templateId.optional()),
    text: z.preprocess((v) => (v === '' || v === null ? undefined : v), messageText('متن پیامک را بنویسید.', SMS_MAX_CHARACTERS).optional()),
    values: PlaceholderValuesSchema.default({}),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.template_id === undefined && input.text === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'متن پیامک را بنویسید یا یک قالب انتخاب کنید.' });
    if (input.template_id !== undefined && input.text !== undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'یا قالب، یا متن آزاد؛ هر دو با هم نمی‌شود.' });
    if (input.text !== undefined) {
      const left = placeholdersOf(input.text);
      if (left.length) ctx.addIssue({ code: 'custom', path: ['text'], message: `متن آزاد جای خالی ${left.map((n) => `{${n}}`).join('، ')} دارد؛ آن را با مقدارش بنویسید.` });
    }
  });
export type SendSmsInput = z.infer<typeof SendSmsInputSchema>;
export const SendSmsResultSchema = z.object({ id: z.number().int(), text: z.string(), parts: z.number().int(), message: z.string() });
export type SendSmsResult = z.infer<typeof SendSmsResultSchema>;

/** The Persian refusal of a template sent with a placeholder left empty. */
export const emptyPlaceholderMessage = (names: readonly string[]) =>
  `${names.length > 1 ? 'جای‌های خالی' : 'جای خالی'} ${names.map((n) => `«${placeholderLabel(n)}»`).join('، ')} را پر کنید.`;

// ---------------------------------------------------------------------------------------------
// Message to experts

const CITY_IDS = CITIES.map((c) => c.id) as number[];
const cityId = wholeNumberField('شهر نامعتبر است').refine((id) => CITY_IDS.includes(id), { error: 'شهر نامعتبر است' });
const expertLevel = wholeNumberField('سطح کارشناس نامعتبر است', { min: 0, max: 5 });

/**
 * Who receives a message to experts (decision 087): the experts of the chosen cities AND levels
 * AND having any of the chosen types (a criterion left empty does not restrict), plus the experts
 * picked by name. Nothing chosen at all is no audience, never "everyone".
 */
export const ExpertAudienceSchema = z
  .object({
    cities: commaList(cityId).default([]),
    levels: commaList(expertLevel).default([]),
    types: commaList(ExpertTypeSchema).default([]),
    experts: commaList(wholeNumberField('کارشناس نامعتبر است')).default([]),
  })
  .strict();
export type ExpertAudience = z.infer<typeof ExpertAudienceSchema>;
export const isEmptyAudience = (a: Pick<ExpertAudience, 'cities' | 'levels' | 'types' | 'experts'>) => !a.cities.length && !a.levels.length && !a.types.length && !a.experts.length;

/** The audience as a person reads it: 'شهر: تهران، کرج · سطح: سطح یک · نوع: کارشناس خودرو · ۳ کارشناس انتخابی'. */
export function describeAudience(a: Pick<ExpertAudience, 'cities' | 'levels' | 'types' | 'experts'>): string {
  const parts: string[] = [];
  if (a.cities.length) parts.push(`شهر: ${a.cities.map((id) => CITIES.find((c) => c.id === id)?.name ?? toPersianDigits(id)).join('، ')}`);
  if (a.levels.length) parts.push(`سطح: ${a.levels.map((n) => EXPERT_LEVEL_LABELS[n as ExpertLevel] ?? toPersianDigits(n)).join('، ')}`);
  if (a.types.length) parts.push(`نوع: ${a.types.map((t) => EXPERT_TYPE_LABELS[t]).join('، ')}`);
  if (a.experts.length) parts.push(`${toPersianDigits(a.experts.length)} کارشناس انتخابی`);
  return parts.join(' · ');
}

export const AudienceCountSchema = z.object({ count: z.number().int().nonnegative() });
export type AudienceCount = z.infer<typeof AudienceCountSchema>;

export const SendExpertMessageInputSchema = z
  .object({
    text: messageText('متن پیام را بنویسید.', 500).refine((t) => placeholdersOf(t).length === 0, { error: 'پیام به کارشناسان جای خالی ندارد؛ متن را کامل بنویسید.' }),
    audience: ExpertAudienceSchema,
    /** The count the sender confirmed; a different count at sending time is a 409 naming both. */
    count: wholeNumberField('تعداد گیرندگان نامعتبر است'),
  })
  .strict();
export type SendExpertMessageInput = z.infer<typeof SendExpertMessageInputSchema>;

export const ExpertMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  audience: z.object({ cities: z.array(z.number().int()), levels: z.array(z.number().int()), types: z.array(ExpertTypeSchema), experts: z.array(z.number().int()) }),
  recipient_count: z.number().int(),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ExpertMessage = z.infer<typeof ExpertMessageSchema>;
export const ExpertMessagePageSchema = paginated(ExpertMessageSchema);
export type ExpertMessagePage = z.infer<typeof ExpertMessagePageSchema>;
export const SendExpertMessageResultSchema = z.object({ id: z.number().int(), recipient_count: z.number().int(), message: z.string() });
export type SendExpertMessageResult = z.infer<typeof SendExpertMessageResultSchema>;

export const expertMessageListFilter = defineListFilter({
  text: listField.text(),
  createdBy: listField.text(),
  createdFrom: listField.day(),
  createdTo: listField.day(),
});
export const ExpertMessageListFilterSchema = expertMessageListFilter.schema;
export type ExpertMessageListFilter = z.infer<typeof ExpertMessageListFilterSchema>;

/** An expert to pick by name for the audience. */
export const ExpertSearchInputSchema = z.object({ q: z.preprocess(trimmed, textField({ max: 60 }).default('')) }).strict();
export const ExpertChoiceSchema = z.object({ pk: z.number().int(), report_name: z.string(), city: z.string(), level: z.number().int() });
export type ExpertChoice = z.infer<typeof ExpertChoiceSchema>;


// ---------------------------------------------------------------------------------------------
// Persian messages

export const NOTIFICATION_MESSAGES = {
  emptyHistory: 'پیامی یافت نشد!',
  emptyTemplates: 'قالبی یافت نشد!',
  emptyExpertMessages: 'پیامی به کارشناسان فرستاده نشده است.',
  templateNotFound: 'قالب پیامک یافت نشد',
  templateInactive: 'این قالب غیرفعال است؛ با قالب غیرفعال نمی‌توان پیامک فرستاد.',
  staleTemplate: 'این قالب همین حالا به دست همکار دیگری تغییر کرد؛ نسخه تازه نمایش داده شد، دوباره ویرایش کنید.',
  duplicateName: 'قالبی با همین نام هست؛ نام دیگری انتخاب کنید.',
  created: 'قالب ساخته شد.',
  edited: 'قالب ذخیره شد.',
  unchanged: 'تغییری در قالب نبود.',
  moved: { activate: 'قالب فعال شد.', deactivate: 'قالب غیرفعال شد.' },
  sent: 'پیامک ثبت شد (در صف ارسال).',
  rateLimited: `بیش از ${toPersianDigits(MANUAL_SMS_PER_MINUTE)} پیامک در یک دقیقه نمی‌توان فرستاد؛ یک دقیقه دیگر دوباره تلاش کنید.`,
  emptyAudience: 'مخاطبان پیام را انتخاب کنید: شهر، سطح، نوع کارشناس یا کارشناسان مشخص.',
  noRecipients: 'هیچ کارشناسی با این مخاطبان یافت نشد.',
  expertMessageSent: (count: number) => `پیام برای ${toPersianDigits(count)} کارشناس ثبت شد.`,
  countChanged: (confirmed: number, now: number) => `تعداد گیرندگان از ${toPersianDigits(confirmed)} به ${toPersianDigits(now)} تغییر کرد؛ دوباره بررسی و تأیید کنید.`,
} as const;
