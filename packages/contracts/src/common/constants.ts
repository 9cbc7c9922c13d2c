// Business constants of spec §9 (and the user-facing strings of §2, §5, §8), kept in one
// place so the gateway, the BFF and the web cannot drift apart.

export const TOAST_DURATION_MS = 3000;

// Cookies outlive the access token so the refresh token can still be read after expiry.
export const COOKIE_EXTRA_LIFETIME_MONTHS = 3;
export const COOKIE_PATH = '/';
export const COOKIE_SAME_SITE = 'lax' as const;
export const LEGACY_COOKIE = '_KBO';

export function cookieExpiresAt(tokenExpiry: Date): Date {
  const at = new Date(tokenExpiry.getTime());
  at.setUTCMonth(at.getUTCMonth() + COOKIE_EXTRA_LIFETIME_MONTHS);
  return at;
}

export const QUERY_STALE_TIME_MS = 10_000;
export const QUERY_RETRIES = 2;
export const QUERY_RETRY_DELAY_MS = 3000;
export const REFETCH_ON_WINDOW_FOCUS = false;

export const WS_RECONNECT_ATTEMPTS = 5;
export const WS_RECONNECT_DELAY_MS = 1000;

/** The header the web sends on every tRPC HTTP call (DESIGN §4): a cross-site form or link cannot. */
export const CSRF_HEADER = 'x-panel-request';

// The spec measures in spacing units of an 8px (0.5rem) grid: only that reading puts the
// medium button (4.5 units = 2.25rem) between small 1.5rem and large 3.5rem.
export const SPACING_UNIT_REM = 0.5;
export function spacingToRem(units: number): string {
  return `${units * SPACING_UNIT_REM}rem`;
}
export const SIDEBAR_POPUP_ANIMATION_MS = 300;
export const BUTTON_HEIGHTS = { sm: '1.5rem', md: spacingToRem(4.5), lg: '3.5rem' } as const;

export const DEFAULT_PAGE_SIZE = 20;
// Bounds what one request can ask of the gateway; no screen of the spec needs more.
export const MAX_PAGE_SIZE = 100;
export const LEASING_CLAIMS_PAGE_SIZE = 10;
export const LEASING_CLAIMS_DEFAULT_PAGE = 1;

export const TIME_SLOTS = ['08-10', '10-12', '12-14', '14-16', '16-18', '18-20'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
export const TIME_SLOT_RANGES = [
  { slot: '08-10', start: '08:00', end: '10:00' },
  { slot: '10-12', start: '10:00', end: '12:00' },
  { slot: '12-14', start: '12:00', end: '14:00' },
  { slot: '14-16', start: '14:00', end: '16:00' },
  { slot: '16-18', start: '16:00', end: '18:00' },
  { slot: '18-20', start: '18:00', end: '20:00' },
] as const satisfies readonly { slot: TimeSlot; start: string; end: string }[];

export const TEHRAN_CITY_ID = 1;
export const CITIES = [
  { id: 1, key: 'tehran', name: 'تهران' },
  { id: 2, key: 'karaj', name: 'کرج' },
  { id: 3, key: 'mashhad', name: 'مشهد' },
  { id: 4, key: 'isfahan', name: 'اصفهان' },
  { id: 5, key: 'tabriz', name: 'تبریز' },
  { id: 6, key: 'shiraz', name: 'شیراز' },
  { id: 7, key: 'ahvaz', name: 'اهواز' },
  { id: 12, key: 'rasht', name: 'رشت' },
  { id: 1763, key: 'rey', name: 'ری' },
  { id: 1751, key: 'fardis', name: 'فردیس' },
  { id: 150, key: 'andisheh', name: 'اندیشه' },
  { id: 103, key: 'eslamshahr', name: 'اسلامشهر' },
] as const;
export type City = (typeof CITIES)[number];
export type CityId = City['id'];

export const TEHRAN_TIME_ZONE = 'Asia/Tehran';

export const NPS_DEFAULT_STATUSES = ['B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

export const PAYMENT_PLAN_FILTER_DEFAULTS = {
  vehicleType: 'light_car',
  searchField: 'brand',
  status: true,
} as const;

export const PRICING_LIST_PATH = '/panel/pricing-order-list';
export const PRICING_LIST_DEFAULT_QUERY = { page: 1, status: 'PE' } as const;

export const AUTH_PATH = '/auth';
export const PANEL_HOME_PATH = '/panel/inspection/orders/management';

export const MESSAGES = {
  redirectingToPanel: 'در حال انتقال به صفحه اصلی پنل...',
  redirectingToAuth: 'در حال انتقال به صفحه احراز هویت...',
  // Spec §8 gives only the meaning of this one ("checking your account status").
  checkingAccount: 'در حال بررسی وضعیت حساب کاربری...',
  notOnCall: 'شما در حال مکالمه نیستید!',
  noOrdersFound: 'متأسفانه سفارشی یافت نشد!',
  loading: 'در حال بارگذاری...',
  cancelModeTitle: 'نوع لغو تخصیص',
  acknowledge: 'متوجه شدم',
  visitTimePlaceholder: '۱۰:۰۰',
} as const;

/** The most rows one CSV export reads (the BFF stops there, the web says so); more would need a background job. */
export const EXPORT_LIMIT = 10_000;
