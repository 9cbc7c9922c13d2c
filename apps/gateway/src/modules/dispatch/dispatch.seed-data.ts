import { toPersianDigits } from '@panel/contracts/common';

// Realistic Persian demo data for the dispatch seed. Names, places and brand models are
// common in the Iranian market; prices are in tomans.

export const FIRST_NAMES = [
  'علی', 'محمد', 'حسین', 'رضا', 'مهدی', 'امیر', 'سعید', 'حمید', 'مجید', 'احسان', 'پویا', 'بهزاد', 'کامران', 'فرهاد',
  'نیما', 'آرش', 'وحید', 'مسعود', 'یاسر', 'میلاد', 'سینا', 'پیمان', 'روزبه', 'هادی', 'جواد', 'مرتضی', 'مصطفی', 'کیوان',
  'بابک', 'شهرام', 'سارا', 'مریم', 'زهرا', 'نرگس', 'الهام', 'فاطمه', 'لیلا', 'نازنین',
];
export const LAST_NAMES = [
  'محمدی', 'رضایی', 'احمدی', 'حسینی', 'کریمی', 'موسوی', 'جعفری', 'کاظمی', 'رحیمی', 'صادقی', 'قاسمی', 'نوری', 'هاشمی',
  'عباسی', 'طاهری', 'نجفی', 'اکبری', 'فرهادی', 'شریفی', 'یوسفی', 'سلیمانی', 'بهرامی', 'زمانی', 'میرزایی', 'خسروی',
  'تهرانی', 'اصفهانی', 'شیرازی', 'قربانی', 'نظری', 'امیری', 'حیدری', 'مرادی', 'ابراهیمی',
];

export const TEHRAN_DISTRICTS = [
  'تجریش', 'ونک', 'سعادت‌آباد', 'پونک', 'شهرک غرب', 'یوسف‌آباد', 'نارمک', 'تهرانپارس', 'پیروزی', 'جنت‌آباد', 'ستارخان',
  'صادقیه', 'شهرری', 'نازی‌آباد', 'افسریه', 'چیتگر', 'پاسداران', 'جردن', 'امیرآباد', 'هفت‌تیر', 'خاک سفید', 'دولت‌آباد',
];

/** Areas per city id (spec §9 ids); Tehran has its 22 districts. */
export const OTHER_CITY_AREAS: Record<number, string[]> = {
  2: ['گوهردشت', 'عظیمیه', 'مهرشهر'],
  3: ['احمدآباد', 'وکیل‌آباد', 'هاشمیه'],
  4: ['چهارباغ', 'سپاهان‌شهر', 'خانه اصفهان'],
  5: ['ولیعصر', 'ائل‌گلی'],
  6: ['معالی‌آباد', 'قصردشت'],
  7: ['کیانپارس', 'گلستان'],
  12: ['گلسار', 'معلم'],
  1763: ['شهرری مرکزی'],
  1751: ['فردیس مرکزی'],
  150: ['اندیشه فاز ۱'],
  103: ['اسلامشهر مرکزی'],
};

export const STREETS = ['خیابان ولیعصر', 'بلوار کشاورز', 'خیابان شریعتی', 'خیابان آزادی', 'بلوار فردوس', 'خیابان بهار', 'کوچه گلستان', 'خیابان سرو غربی', 'بلوار معلم', 'خیابان امام'];

export const BRAND_MODELS = [
  'پژو ۲۰۶ تیپ ۲', 'پژو ۲۰۶ تیپ ۵', 'پژو ۴۰۵ جی‌ال‌ایکس', 'پژو پارس', 'کوییک R', 'کوییک دنده‌ای', 'دنا پلاس', 'تارا',
  'سمند', 'سمند سورن', 'شاهین', 'ام‌وی‌ام X22', 'ام‌وی‌ام X33', 'ساینا', 'تیبا ۲', 'رانا پلاس', 'هایما S7', 'چری تیگو ۷',
  'جک S5', 'کیا سراتو', 'هیوندای النترا', 'تویوتا کرولا', 'رنو تندر ۹۰', 'هوندا کلیک',
];

/** Deterministic PRNG (mulberry32): the same seed gives the same demo day. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export type Random = ReturnType<typeof random>;

export function personName(r: Random): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
}

export function phoneNumber(r: Random): string {
  return `09${r.pick(['12', '19', '35', '36', '39', '01', '03', '91'])}${String(r.int(10_000_000)).padStart(7, '0')}`;
}

export function address(r: Random, cityName: string, area: string): string {
  return `${cityName}، ${area}، ${r.pick(STREETS)}، پلاک ${toPersianDigits(String(1 + r.int(180)))}`;
}
