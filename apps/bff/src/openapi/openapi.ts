import { z } from 'zod';
import { ROLE_LABELS, type Role } from '@panel/contracts/common';
import type { ProcedureAccess, ProcedureMeta } from '../trpc';

// The API reference of the panel (issue 18, decision 090): an OpenAPI 3.1 document generated
// from the procedures themselves — their paths, kinds, access (set by public/authed/role
// procedures), Persian summaries and zod contracts (zod 4's own JSON Schema) — describing the
// tRPC wire exactly as the typed client and curl use it. A procedure a module adds appears here
// by itself; `api-contract.test.ts` fails when one has no summary or no answer schema.

export const TRPC_BASE = '/trpc';
/** Where the document and its rendered reference are served (app.ts). */
export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/reference';

/** What the reference and the fuzz read of a zod schema's JSON Schema. */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  pattern?: string;
  minItems?: number;
};

export interface ProcedureEntry {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: ProcedureMeta;
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
}

interface RouterLike {
  _def: { procedures: Record<string, { _def: { type: ProcedureEntry['type']; meta?: ProcedureMeta; inputs: z.ZodType[]; output?: z.ZodType } }> };
}

/** Every procedure of a router, flat, with what the reference needs of it. */
export function proceduresOf(router: unknown): ProcedureEntry[] {
  return Object.entries((router as RouterLike)._def.procedures)
    .map(([path, procedure]) => ({
      path,
      type: procedure._def.type,
      meta: procedure._def.meta ?? {},
      input: procedure._def.inputs[0],
      output: procedure._def.output ?? procedure._def.meta?.output,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return describeKinds(rest);
}

/** Persian words for the kinds of value a reader (and Scalar, in English) would otherwise name. */
const KIND_DESCRIPTIONS: Record<string, string> = {
  integer: 'عدد صحیح.',
  'date-time': 'زمان به شکل ISO 8601، مثلا `2026-11-25T10:30:00Z` (UTC).',
  date: 'تاریخ میلادی به شکل `YYYY-MM-DD`.',
};

/**
 * Gives integers and dates without a description of their own a Persian one: the reference shows
 * its own English words for these kinds ("Integer numbers.") where a field says nothing.
 */
function describeKinds(schema: JsonSchema): JsonSchema {
  const kind = (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) === 'integer' ? 'integer' : schema.format;
  const described: JsonSchema = { ...schema };
  if (kind && KIND_DESCRIPTIONS[kind] && schema.description === undefined) described.description = KIND_DESCRIPTIONS[kind];
  if (schema.properties) described.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, describeKinds(value)]));
  if (schema.items && !Array.isArray(schema.items)) described.items = describeKinds(schema.items);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    if (Array.isArray(schema[key])) described[key] = (schema[key] as JsonSchema[]).map(describeKinds);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') described.additionalProperties = describeKinds(schema.additionalProperties as JsonSchema);
  return described;
}

const tehranToday = () => new Date(Date.now() + 3.5 * 3600_000).toISOString().slice(0, 10);

/**
 * A string matching a simple anchored pattern (literals, `\d`, classes like `[A-Za-z0-9-]`, each
 * once, `{n}` or `+`), so a sampled example passes its own schema; undefined for anything richer.
 */
export function sampleOfPattern(pattern: string): string | undefined {
  const body = /^\^(.*)\$$/.exec(pattern)?.[1];
  if (body === undefined) return undefined;
  let sample = '';
  for (const [, atom, count] of body.matchAll(/(\\d|\[[^\]]+\]|[^\\[\]{}+*?()|.^$])(?:\{(\d+)\}|\+)?/g)) {
    const char = atom === '\\d' ? '1' : atom!.startsWith('[') ? atom![1]! : atom!;
    sample += char.repeat(count ? Number(count) : 1);
  }
  return new RegExp(pattern).test(sample) ? sample : undefined;
}

/** A plausible sample of a JSON schema: the example a procedure shows when it names none. */
export function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((option) => option.type !== 'null');
  if (options.length) return sampleOf(options[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => ((schema.required as string[] | undefined) ?? []).includes(key))
          .map(([key, value]) => [key, sampleOf(value, key)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleOf(schema.items, name));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (/date/i.test(name) || schema.format === 'date') return tehranToday();
      if (schema.pattern) return sampleOfPattern(schema.pattern) ?? 'نمونه';
      return 'نمونه';
    default:
      return undefined;
  }
}

/** A procedure's example input: its own, else one sampled from its input schema. */
export function exampleInput(entry: ProcedureEntry): unknown {
  if (entry.meta.example !== undefined) return entry.meta.example;
  return entry.input ? sampleOf(jsonSchema(entry.input, 'input')) : undefined;
}

const roleList = (roles: readonly Role[]) => roles.map((role) => `\`${role}\` (${ROLE_LABELS[role] ?? role})`).join('، ');

function accessText(access: ProcedureAccess | undefined, peopleOnly = false): string {
  if (peopleOnly) return `${accessText(access)} فقط از نشست کارکنان در پنل؛ توکن API پذیرفته نمی‌شود (۴۰۳).`;
  switch (access?.kind) {
    case 'roles':
      return `**دسترسی:** یکی از نقش‌های ${roleList(access.roles)}.`;
    case 'signed-in':
      return '**دسترسی:** هر کاربر واردشده یا هر توکن معتبر، بی‌نیاز به نقش.';
    default:
      return '**دسترسی:** عمومی؛ بی‌نیاز به توکن.';
  }
}

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
});

function errorAnswers(entry: ProcedureEntry): Record<string, unknown> {
  const access = entry.meta.access?.kind ?? 'public';
  const answers: Record<string, unknown> = {};
  if (entry.input) answers['400'] = errorRef('ورودی نامعتبر: پیام فارسی نخستین خطا، و همه خطاها در `data.fields`.');
  if (access !== 'public') answers['401'] = errorRef('توکن یا نشست نیست، نامعتبر است، باطل شده یا منقضی شده است («لطفا دوباره وارد شوید.»).');
  if (access === 'roles') answers['403'] = errorRef('توکن یا کاربر نقش لازم را ندارد («شما به این بخش دسترسی ندارید.»).');
  if (entry.meta.peopleOnly) answers['403'] = errorRef('نقش لازم نیست، یا درخواست با توکن است: این روال فقط از نشست کارکنان در پنل پذیرفته می‌شود.');
  answers['404'] = errorRef('آنچه خواسته شده یافت نشد (پیام سرور، بخش ۸).');
  if (entry.type === 'mutation') answers['409'] = errorRef('تغییر هم‌زمان یا حرکتی که وضعیت کنونی اجازه نمی‌دهد؛ پیام فارسی می‌گوید چه شده است.');
  answers['429'] = {
    ...errorRef('بیش از حد مجاز درخواست با این توکن؛ سرآیند `Retry-After` می‌گوید چند ثانیه بعد.'),
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'ثانیه تا تلاش دوباره' } },
  };
  answers['502'] = errorRef('پاسخ سرور بالادست قالب قرارداد را نداشت.');
  answers['503'] = errorRef('سرور بالادست در دسترس نیست.');
  answers['504'] = errorRef('سرور بالادست در زمان مقرر پاسخ نداد.');
  return answers;
}

const SSE_DESCRIPTION = `**جریان زنده (SSE).** با \`GET\` و سرآیند \`Accept: text/event-stream\` باز کنید (مثلا \`curl -N\`).
هر رویداد یک خط \`id:\` (شناسه به شکل \`epoch:offset\`) و یک خط \`data:\` (JSON یکی از شکل‌های پاسخ) دارد؛
رویداد \`connected\` در آغاز و \`ping\` هر چند ثانیه می‌آید و داده‌ای ندارد. نخستین رویداد داده یک \`snapshot\` کامل است،
سپس \`delta\`ها فقط خانه‌های تغییرکرده را می‌آورند.

**ادامه پس از قطع:** آخرین \`id\` دیده‌شده را با سرآیند \`Last-Event-ID\` (یا در ورودی، \`lastEventId\`) بفرستید:
فقط رویدادهای ازدست‌رفته دوباره می‌آیند، و اگر دیگر در حافظه نباشند یک \`snapshot\` تازه. رویداد \`reconnect\`
یعنی سرور می‌بندد و باید دوباره وصل شوید؛ \`status\` حال اتصال بالادست است. توکن باطل‌شده یا منقضی جریان باز را
با خطای ۴۰۱ (رویداد \`serialized-error\`) می‌بندد.`;

/** Cookie calls (the browser) need it against cross-site forgery; a call with a token does not. */
const CSRF_PARAMETER = {
  name: 'x-panel-request',
  in: 'header',
  required: false,
  description: 'فقط برای درخواست بدون توکن (مثلا روال‌های عمومی): مقدار `1`. درخواست با توکن به آن نیازی ندارد.',
  schema: { type: 'string', example: '1' },
};

/** The components name of a stream's event data: `dispatch.watch` → `DispatchWatchEvent`. */
const eventSchemaName = (path: string) => `${path.split('.').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('')}Event`;

/** One path item; a stream's event schema goes into `schemas` (the document's components). */
function operation(entry: ProcedureEntry, schemas: Record<string, unknown>): Record<string, unknown> {
  const [module] = entry.path.split('.');
  const example = exampleInput(entry);
  const inputSchema = entry.input ? jsonSchema(entry.input, 'input') : undefined;
  const outputSchema = entry.output ? jsonSchema(entry.output, 'output') : {};
  const description = [entry.meta.description, accessText(entry.meta.access, entry.meta.peopleOnly), entry.type === 'subscription' ? SSE_DESCRIPTION : undefined]
    .filter(Boolean)
    .join('\n\n');
  const security = entry.meta.access?.kind === 'public' || !entry.meta.access ? [{}, { bearerToken: [] }] : [{ bearerToken: [] }];
  const common = {
    operationId: entry.path,
    summary: entry.meta.summary ?? '',
    description,
    tags: [module],
    security,
    'x-procedure': { path: entry.path, type: entry.type, access: entry.meta.access ?? { kind: 'public' }, peopleOnly: entry.meta.peopleOnly ?? false },
  };
  const inputParameter = inputSchema
    ? [
        {
          name: 'input',
          in: 'query',
          required: entry.input!.safeParse(undefined).success === false,
          description: 'ورودی روال به صورت JSON (کدگذاری‌شده برای نشانی).',
          content: { 'application/json': { schema: inputSchema, ...(example !== undefined ? { example } : {}) } },
        },
      ]
    : [];
  if (entry.type === 'subscription') {
    const eventSchema = eventSchemaName(entry.path);
    schemas[eventSchema] = outputSchema;
    return {
      get: {
        ...common,
        parameters: [
          ...inputParameter,
          CSRF_PARAMETER,
          { name: 'Last-Event-ID', in: 'header', required: false, description: 'آخرین شناسه رویداد دیده‌شده، برای ادامه پس از قطع.', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: `جریان رویدادها (text/event-stream)؛ \`data\` هر رویداد شکل \`${eventSchema}\` را دارد. خطا (۴۰۱، ۴۰۳، ۴۰۰...) در همین جریان با رویداد \`serialized-error\` می‌آید و \`data\` آن شکل \`Error\` را دارد.`,
            // OpenAPI 3.1 has no schema for the items of a stream (3.2's `itemSchema`): the body is
            // text, and each event's `data` is named under the same word as an extension, so the
            // integrators' validators accept the document and a 3.2 move is a rename.
            content: {
              'text/event-stream': {
                schema: { type: 'string', description: 'رویدادهای SSE: خط‌های `event:`، `id:` و `data:` (JSON)، هر رویداد با یک خط خالی.' },
                example: `event: connected\ndata: {}\n\nid: 1:1\ndata: ${JSON.stringify(sampleOf(outputSchema))}\n\n`,
                'x-itemSchema': { $ref: `#/components/schemas/${eventSchema}` },
              },
            },
            'x-error-event': { event: 'serialized-error', schema: { $ref: '#/components/schemas/Error' } },
          },
          ...errorAnswers(entry),
        },
      },
    };
  }
  const success = {
    '200': {
      description: 'پاسخ روال در `result.data`.',
      content: {
        'application/json': {
          schema: { type: 'object', required: ['result'], properties: { result: { type: 'object', required: ['data'], properties: { data: outputSchema } } } },
        },
      },
    },
  };
  if (entry.type === 'query') {
    return { get: { ...common, parameters: [...inputParameter, CSRF_PARAMETER], responses: { ...success, ...errorAnswers(entry) } } };
  }
  return {
    post: {
      ...common,
      parameters: [CSRF_PARAMETER],
      ...(inputSchema
        ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema, ...(example !== undefined ? { example } : {}) } } } }
        : {}),
      responses: { ...success, ...errorAnswers(entry) },
    },
  };
}

const INTRO = `رابط برنامه‌نویسی پنل: همان روال‌هایی که مرورگر پنل صدا می‌زند، برای سامانه‌ها و اسکریپت‌های یکپارچه‌سازان.

**توکن.** در پنل، از منوی کاربر، «توکن‌های API» را باز کنید و توکنی با نام، نقش‌ها (هرگز بیش از نقش‌های خودتان) و مدت اعتبار بسازید.
توکن فقط همان یک بار نشان داده می‌شود. هر درخواست آن را در سرآیند \`Authorization: Bearer <token>\` می‌برد؛ کوکی و سرآیند CSRF لازم نیست.
هر کاری که توکن می‌کند در سوابق به نام \`token:<نام توکن>\` ثبت می‌شود. توکن باطل‌شده یا منقضی همان دم رد می‌شود (۴۰۱)، و هر توکن سهمیه درخواست خودش را دارد (۴۲۹).

**شکل درخواست (tRPC روی HTTP).** خواندنی‌ها \`GET /trpc/<روال>?input=<JSON کدگذاری‌شده>\`؛ تغییرها \`POST /trpc/<روال>\` با بدنه JSON؛
جریان‌های زنده \`GET\` با \`text/event-stream\`. پاسخ موفق \`{"result":{"data":...}}\` و خطا \`{"error":{"message":...,"data":{...}}}\` با پیام فارسی.

**کلاینت TypeScript.** بسته \`@panel/client\`: \`createPanelClient({ url, token })\` با نوع‌های همین روال‌ها. نمونه‌های اجراشدنی در پوشه \`examples/\` مخزن.`;

/**
 * The group of each module's procedures, in the order the reference lists them. A tag keeps the
 * module's name (the first part of every procedure's path, what code generators name things by)
 * and shows a Persian title (`x-displayName`) and description; `openapi.test.ts` fails on a
 * module missing here.
 */
export const MODULE_TAGS: Record<string, { title: string; description: string }> = {
  dispatch: { title: 'میز تخصیص کارشناسان', description: 'جدول روزانه کارشناسان در شیفت‌ها: رزرو موقت خانه، تخصیص سفارش، حضور کارشناس، یادداشت‌ها و جریان زنده تغییرها.' },
  inspectionOrders: { title: 'سفارش‌های کارشناسی', description: 'ثبت و جستجوی سفارش‌های کارشناسی و اقدام‌های آن‌ها: نگه‌داشتن، لغو، تغییر بسته و قیمت، ارسال به پیشنهاد کارشناسان.' },
  inspectionOffers: { title: 'پیشنهادهای کارشناسی', description: 'پیشنهاد سفارش‌ها به کارشناسان و پایش زنده پیشنهادهای باز.' },
  inspectionReserves: { title: 'رزروها', description: 'رزروهای مشتریان در انتظار پرداخت: تمدید، آزاد کردن و فرستادن پیوند پرداخت.' },
  inspectionAssistants: { title: 'دستیاران کارشناسی', description: 'نوبت‌دهی سفارش‌های تازه به دستیاران و دفتر چرایی آن، متعادل‌سازی سفارش‌ها، و میزهای کنترل کیفیت و قیمت‌گذاری.' },
  inspectionTickets: { title: 'تیکت‌های کارشناسی', description: 'گفتگوی تیکت‌های کارشناسی: پاسخ، بستن و بازگشایی.' },
  conciergeSale: { title: 'فروش همراه', description: 'فروش خودرو با همراهی کارشناس فروش: ثبت، پیشنهاد به خریداران، معامله و کمیسیون، و جریان زنده پیشنهادها.' },
  inspectionCatalogue: { title: 'کاتالوگ کارشناسی', description: 'بسته‌های کارشناسی، انواع خودرو، نرخ‌های قیمت‌گذاری، قیمت با ریز محاسبه و اثر نرخ پیش از ثبت.' },
  pricingOrders: { title: 'سفارش‌های قیمت‌گذاری', description: 'درخواست‌های قیمت‌گذاری خودرو: برداشتن، برآورد و ثبت بازه قیمت.' },
  divarTokens: { title: 'توکن دیوار', description: 'توکن‌های آگهی دیوار و اتصال آن‌ها به آگهی خودرو یا فروش همراه.' },
  originalityMapping: { title: 'نگاشت اصالت', description: 'نگاشت یافته‌های بدنه خودرو به برچسب‌های اصالت.' },
  sellTickets: { title: 'تیکت‌های فروش', description: 'تیکت‌های تیم فروش: پاسخ، بستن و بازگشایی.' },
  carPosts: { title: 'آگهی‌های خودرو', description: 'صف بررسی آگهی‌های خودرو: تأیید، رد، بازگرداندن به ویرایش، بایگانی و انتقال مالکیت.' },
  notifications: { title: 'پنل پیامک', description: 'پیامک به مشتریان و پیام به کارشناسان، قالب‌های پیامک و تاریخچه فرستاده‌ها.' },
  leasing: { title: 'لیزینگ', description: 'ثبت سفارش لیزینگ با کد تأیید مشتری، اقدام‌های سفارش و اقدام گروهی، مطالبات با اقساط و پرداخت‌ها، و طرح‌های پرداخت.' },
  affidavits: { title: 'قولنامه‌ها', description: 'ثبت و ویرایش قولنامه، محاسبه کارمزد، خرید یک‌باره، ارسال لینک پرداخت و دانلود، مدارک با چکیده و تکمیل پرونده.' },
  experts: { title: 'کارشناسان', description: 'فهرست کارشناسان با سطح، نوع، شهر و منطقه؛ ثبت و ویرایش، غیرفعال و فعال کردن (برگه تخصیص همان داده را می‌خواند)، هفته کارشناس، بازدیدها و پیام‌های فرستاده‌شده.' }, expertTickets: { title: 'تیکت‌های کارشناسان', description: 'پرسش‌ها و شکایت‌های کارشناسان، مربوط به کارشناس و در صورت وجود سفارش؛ پاسخ، بستن و بازگشایی با کیت تیکت.' },
  reportSchemas: { title: 'اسکیماهای کارشناسی', description: 'اسکیمای گزارش کارشناسی با نسخه‌ها، فعال‌سازی برای هر نوع خودرو، سفارشی‌سازی برند و مدل با وصله و هم‌گامی سه‌طرفه، اثر تغییر پیش از انتشار و حضور ویرایشگران.' },
  cms: { title: 'مدیریت محتوا', description: 'دسته‌بندی‌های درختی و محتواهای خودرو با ویرایشگر راست‌به‌چپ، تصویر از انبار رسانه، انتشار با جدول وضعیت، برچسب برند و مدل و خبر از ویرایشگر دیگر؛ محتوای منتشرشده از نشانی عمومی خوانده می‌شود.' },
  expertPay: { title: 'پرداخت کارشناسان و تنظیمات سهم', description: 'قاعده‌های سهم کارشناس بر اساس بازه تاریخ (بدون هم‌پوشانی)، اثر ویرایش پیش از ذخیره، ردیف‌های پرداخت هر کارشناس از سفارش‌های انجام‌شده و جریمه‌ها، تسویه یک‌باره دوره و اصلاحیه در دوره بعد.' },
  aiQc: { title: 'کنترل کیفیت متن‌های هوشمند', description: 'متن‌های ماشینی درباره گزارش کارشناسی و آگهی خودرو در صف بررسی: تأیید، ویرایش در جا و تأیید با میزان تغییر، رد با دلیل از فهرست، ارسال برای تولید دوباره و بازگشت به صف (سرپرست)؛ ثبت متن از سوی مدل.' },
  discounts: { title: 'کدهای تخفیف', description: 'کدهای تخفیف درصدی یا مبلغی با سقف، بازه اعتبار، سقف استفاده و سقف هر کاربر؛ کمپین کدهای یکتا با خروجی CSV، بررسی یک کد برای یک سفارش با دلیل، مصرف دقیق در استفاده هم‌زمان (رزرو، تأیید یا آزادسازی) و توقف یا غیرفعال‌سازی.' },
  nps: { title: 'نظرسنجی رضایت (NPS)', description: 'پاسخ‌های نظرسنجی با امتیاز، نظر و سفارش مرتبط؛ شاخص NPS و روند هفتگی مجموعه فیلترشده، پیگیری منتقدان با موعد ۴۸ ساعته و جدول وضعیت، و بستن با علت ریشه‌ای.' },
  transactions: { title: 'تراکنش‌ها', description: 'همه پرداخت‌ها و رویدادهای مالی (پرداخت کارشناسی، بازگشت وجه، تسویه، پرداخت معامله، کمیسیون) در یک فهرست با جمع مجموعه فیلترشده؛ درخواست بازگشت وجه از درگاه بانک و پیگیری وضعیت آن تا پایان.' },
  carDetail: { title: 'جزئیات خودرو', description: 'جست‌وجوی یک خودرو با کد پلاک، توکن آگهی یا شماره شاسی و نمایش همه آنچه از آن ثبت شده است: کارشناسی‌ها، آگهی‌ها، فروش‌ها، برآورد قیمت و تیکت‌ها در یک خط زمانی.' },
  carInfo: { title: 'اطلاعات خودرو', description: 'اطلاعات هر مدل و تیپ خودرو: امکانات، تصاویر، نظرها، بازخوردها و محتواها، ویرایش‌شده برای هر تیپ.' },
  brandModels: { title: 'برند و مدل خودرو', description: 'برندها و مدل‌های خودرو که در فرم‌ها انتخاب می‌شوند.' },
  auth: { title: 'ورود و کاربران', description: 'نشست کارکنان در مرورگر، کاربر واردشده و فهرست کاربران.' },
  apiTokens: { title: 'توکن‌های API', description: 'ساخت، فهرست و ابطال توکن‌های API؛ فقط از نشست کارکنان در پنل.' },
  system: { title: 'سامانه', description: 'سلامت BFF و دسترسی آن به سرور و پایگاه داده.' },
};

const tagOrder = (name: string) => {
  const index = Object.keys(MODULE_TAGS).indexOf(name);
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
};

/** The OpenAPI 3.1 document of every procedure of `router`. */
export function openApiDocument(router: unknown, options: { version?: string } = {}): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const modules = new Set<string>();
  const eventSchemas: Record<string, unknown> = {};
  for (const entry of proceduresOf(router)) {
    paths[`${TRPC_BASE}/${entry.path}`] = operation(entry, eventSchemas);
    modules.add(entry.path.split('.')[0]!);
  }
  const tags = [...modules]
    .sort((a, b) => tagOrder(a) - tagOrder(b))
    .map((name) => (MODULE_TAGS[name] ? { name, 'x-displayName': MODULE_TAGS[name].title, description: MODULE_TAGS[name].description } : { name }));
  return {
    openapi: '3.1.0',
    info: { title: 'رابط برنامه‌نویسی پنل', version: options.version ?? '1.0.0', description: INTRO },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'توکن API ساخته‌شده در پنل (`pnl_...`).' },
      },
      schemas: {
        ...eventSchemas,
        ErrorAnswer: { type: 'object', required: ['error'], properties: { error: { $ref: '#/components/schemas/Error' } } },
        Error: {
              type: 'object',
              required: ['message', 'code', 'data'],
              properties: {
                message: { type: 'string', description: 'پیام فارسی، ساخته از پاسخ سرور به روش بخش ۸ مشخصات (message/error/errors، non_field_errors، کلیدهای دیگر، detail).' },
                code: { type: 'integer', description: 'کد JSON-RPC خطا' },
                data: {
                  type: 'object',
                  required: ['code', 'httpStatus'],
                  properties: {
                    code: { type: 'string', description: 'BAD_REQUEST، UNAUTHORIZED، FORBIDDEN، NOT_FOUND، CONFLICT، TOO_MANY_REQUESTS، ...' },
                    httpStatus: { type: 'integer' },
                    status: { type: 'integer', description: 'وضعیت پاسخ سرور بالادست، اگر خطا از آن بود' },
                    path: { type: 'string' },
                    fields: {
                      type: 'array',
                      items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
                    },
                  },
                },
              },
        },
      },
    },
  };
}
