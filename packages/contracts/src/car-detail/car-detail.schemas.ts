import { z } from 'zod';
import { readVin, toLatinDigits, VIN_MESSAGE } from '../common';

// جزئیات خودرو (/panel/car-detail, decision 120): one car looked up by its licence plate, a car
// post's token, a concierge sale's token or its VIN, and all the company knows of it from every
// module, as one time line. The query's kinds, how each is read and normalised, the answer's shape
// and the Persian texts every home of the module reads.

/** The kinds of query the lookup reads; `auto` recognises the kind from the text. */
export const CAR_QUERY_KINDS = { auto: 'تشخیص خودکار', plate: 'کد پلاک', post: 'توکن آگهی', sale: 'توکن فروش همراه', vin: 'شماره شاسی (VIN)' } as const;
export type CarQueryKindOrAuto = keyof typeof CAR_QUERY_KINDS;
export type CarQueryKind = Exclude<CarQueryKindOrAuto, 'auto'>;
export const CAR_QUERY_KIND_LIST = Object.keys(CAR_QUERY_KINDS) as [CarQueryKindOrAuto, ...CarQueryKindOrAuto[]];

export const CAR_DETAIL_MESSAGES = {
  required: 'کد پلاک، توکن آگهی یا شماره شاسی را وارد کنید.',
  tooLong: 'عبارت جست‌وجو بیش از ۶۰ نویسه است.',
  malformed: 'این عبارت کد پلاک، توکن آگهی، توکن فروش همراه یا شماره شاسی معتبری نیست. نمونهٔ پلاک: ۱۲ ب ۳۴۵ ایران ۶۷',
  kind: 'نوع جست‌وجو نامعتبر است.',
  byKind: {
    plate: 'پلاک باید دو رقم، یک حرف، سه رقم و دو رقم ایران باشد؛ مانند ۱۲ ب ۳۴۵ ایران ۶۷.',
    post: 'توکن آگهی ۶ تا ۱۶ حرف لاتین کوچک یا رقم است؛ مانند 3k9x2a1b.',
    sale: 'توکن فروش همراه با cs- آغاز می‌شود؛ مانند cs-gjdgxs.',
    vin: VIN_MESSAGE,
  } satisfies Record<CarQueryKind, string>,
  nothing: 'سامانه هیچ اطلاعاتی از این خودرو ندارد: هیچ آگهی، فروش، کارشناسی یا برآوردی با این مشخصه ثبت نشده است.',
  noVin: 'هیچ آگهی یا سفارش کارشناسی‌ای با این شماره شاسی ثبت نشده است. شماره شاسی را سفارش‌های کارشناسی و آگهی‌ها ثبت می‌کنند و همهٔ سوابق ثبت‌نشده‌اش را ندارند؛ خودرو را با کد پلاک یا توکن آگهی هم جست‌وجو کنید.',
  loadFailed: 'اطلاعات خودرو بارگذاری نشد.',
  prompt: 'کد پلاک (مانند ۱۲ ب ۳۴۵ ایران ۶۷)، توکن آگهی، توکن فروش همراه یا شماره شاسی خودرو را وارد کنید.',
} as const;

/** The letters of Iranian plates as people type them: Arabic forms become Persian ones. */
const ARABIC_LETTERS: Record<string, string> = { ي: 'ی', ى: 'ی', ك: 'ک', ة: 'ه', أ: 'ا', إ: 'ا' };
/** Marks that join or direct text but are no part of a code. */
const INVISIBLES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

function cleaned(text: string): string {
  return toLatinDigits(text)
    .replace(INVISIBLES, '')
    .replace(/[يىكةأإ]/g, (c) => ARABIC_LETTERS[c] ?? c)
    .trim();
}

/** A plate read from what was typed: two digits, a letter, three digits, the province's two digits. */
const PLATE = /^(\d{2})(الف|[آ-ی])(\d{3})(\d{2})$/;

/**
 * A plate's key, as the gateway's `car_plate_key()` computes it from a stored plate: Latin digits,
 * Persian letters, no spaces, dashes or the word «ایران» ('12 ب 345 ایران 67' → '12ب34567').
 */
export function plateKey(text: string): string {
  return cleaned(text)
    .replace(/ایران|iran/gi, '')
    .replace(/[\s\-_|/.,،]/g, '');
}

/** One query as the gateway looks it up: its kind, the key it compares, the text shown for it. */
export interface CarQuery {
  kind: CarQueryKind;
  key: string;
  display: string;
}

function asKind(kind: CarQueryKind, text: string): CarQuery | null {
  switch (kind) {
    case 'plate': {
      const parts = PLATE.exec(plateKey(text));
      if (!parts) return null;
      const [, two, letter, three, province] = parts as unknown as [string, string, string, string, string];
      return { kind, key: `${two}${letter}${three}${province}`, display: `${two} ${letter} ${three} ایران ${province}` };
    }
    case 'post': {
      const token = cleaned(text).toLowerCase();
      return /^[a-z0-9]{6,16}$/.test(token) ? { kind, key: token, display: token } : null;
    }
    case 'sale': {
      const token = cleaned(text).toLowerCase();
      return /^cs-[0-9a-z]{6,}$/.test(token) && token.length <= 40 ? { kind, key: token, display: token } : null;
    }
    case 'vin': {
      const vin = readVin(cleaned(text));
      return vin ? { kind, key: vin, display: vin } : null;
    }
  }
}

/** The order `auto` tries the kinds in: their shapes do not overlap (a VIN is 17 long, a post token at most 16). */
const RECOGNISED: readonly CarQueryKind[] = ['plate', 'sale', 'vin', 'post'];

/** Reads a query: the kind chosen, or the first kind whose shape it has; null when it has none. */
export function readCarQuery(q: string, kind: CarQueryKindOrAuto = 'auto'): CarQuery | null {
  if (kind !== 'auto') return asKind(kind, q);
  for (const k of RECOGNISED) {
    const query = asKind(k, q);
    if (query) return query;
  }
  return null;
}

/** The lookup's input (the address of the screen, the BFF's input, the gateway's query). */
export const CarLookupInputSchema = z
  .object({
    q: z.string({ error: CAR_DETAIL_MESSAGES.required }).trim().min(1, { error: CAR_DETAIL_MESSAGES.required }).max(60, { error: CAR_DETAIL_MESSAGES.tooLong }),
    kind: z.enum(CAR_QUERY_KIND_LIST, { error: CAR_DETAIL_MESSAGES.kind }).default('auto'),
  })
  .superRefine((input, ctx) => {
    // An empty or too long query has its own message already.
    if (input.q.length === 0 || input.q.length > 60 || readCarQuery(input.q, input.kind)) return;
    ctx.addIssue({ code: 'custom', path: ['q'], message: input.kind === 'auto' ? CAR_DETAIL_MESSAGES.malformed : CAR_DETAIL_MESSAGES.byKind[input.kind] });
  });
export type CarLookupInput = z.input<typeof CarLookupInputSchema>;
export type CarLookup = z.output<typeof CarLookupInputSchema>;

/** The sections of a car's history; each says plainly when the company has nothing of it. */
export const CAR_SECTIONS = {
  inspection: { label: 'کارشناسی', none: 'هیچ کارشناسی‌ای برای این خودرو ثبت نشده است.' },
  post: { label: 'آگهی‌ها', none: 'هیچ آگهی‌ای برای این خودرو ثبت نشده است.' },
  sale: { label: 'فروش همراه و قرارداد', none: 'این خودرو در فروش همراه نبوده و قراردادی برایش ثبت نشده است.' },
  pricing: { label: 'برآورد قیمت', none: 'هیچ برآورد قیمتی برای این خودرو (همین مدل و سال، با تلفن مالک) ثبت نشده است.' },
  ticket: { label: 'تیکت‌ها', none: 'هیچ تیکتی دربارهٔ این خودرو ثبت نشده است.' },
  affidavit: { label: 'قولنامه', none: 'هیچ قولنامه‌ای برای این خودرو ثبت نشده است.' },
  leasing: { label: 'لیزینگ', none: 'درخواست‌های لیزینگ پلاک، آگهی یا فروش خودرو را ثبت نمی‌کنند؛ سامانه دادهٔ لیزینگی پیوسته به این خودرو ندارد.' },
} as const;
export type CarSection = keyof typeof CAR_SECTIONS;
export const CAR_SECTION_LIST = Object.keys(CAR_SECTIONS) as [CarSection, ...CarSection[]];

/** The facts of a car's identity the records hold, in the order a person reads them. */
export const CAR_FACTS = { car: 'خودرو', year: 'سال ساخت', color: 'رنگ', usage: 'کارکرد (کیلومتر)', gearbox: 'گیربکس', plate: 'پلاک', vin: 'شماره شاسی (VIN)', city: 'شهر', document: 'سند' } as const;
export type CarFact = keyof typeof CAR_FACTS;
export const CAR_FACT_LIST = Object.keys(CAR_FACTS) as [CarFact, ...CarFact[]];

/** Where a fact or an event came from: the record's kind and id (the web links it to its own screen). */
export const CAR_RECORD_KINDS = {
  car_post: 'آگهی',
  sale: 'فروش همراه',
  order: 'سفارش کارشناسی',
  pricing: 'برآورد قیمت',
  sell_ticket: 'تیکت فروش',
  ticket: 'تیکت کارشناسی',
  expert_ticket: 'تیکت کارشناس',
  affidavit: 'قولنامه',
} as const;
export type CarRecordKind = keyof typeof CAR_RECORD_KINDS;

export const CarRecordRefSchema = z.object({
  kind: z.enum(Object.keys(CAR_RECORD_KINDS) as [CarRecordKind, ...CarRecordKind[]]),
  id: z.number().int(),
  /** The code a person reads for it (a token, an order code), when it has one. */
  code: z.string().nullable(),
  /** What its own screen filters by besides the code (a pricing order's status tab). */
  tab: z.string().nullable(),
});
export type CarRecordRef = z.infer<typeof CarRecordRefSchema>;

export const CarFactValueSchema = z.object({ value: z.string(), sources: z.array(CarRecordRefSchema) });
export const CarFactSchema = z.object({ fact: z.enum(CAR_FACT_LIST), values: z.array(CarFactValueSchema) });
export type CarFactEntry = z.infer<typeof CarFactSchema>;

export const CarSectionCountSchema = z.object({ section: z.enum(CAR_SECTION_LIST), count: z.number().int().min(0) });

/** One entry of the time line: when, what happened, its state then or now, and its record. */
export const CarEventSchema = z.object({
  key: z.string(),
  at: z.iso.datetime({ offset: true }),
  section: z.enum(CAR_SECTION_LIST),
  title: z.string(),
  state: z.string().nullable(),
  detail: z.string().nullable(),
  who: z.string().nullable(),
  ref: CarRecordRefSchema,
});
export type CarEvent = z.infer<typeof CarEventSchema>;

export const CarHistorySchema = z.object({
  query: z.object({ kind: z.enum(['plate', 'post', 'sale', 'vin']), key: z.string(), display: z.string() }),
  found: z.boolean(),
  facts: z.array(CarFactSchema),
  sections: z.array(CarSectionCountSchema),
  /** Newest first. */
  events: z.array(CarEventSchema),
});
export type CarHistory = z.infer<typeof CarHistorySchema>;
