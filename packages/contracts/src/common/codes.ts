// The panel's shared codes, their Persian labels and types, without a schema (issue 36, decision
// 139): a page's first load reads these through '@panel/contracts/common/plain' and carries no
// zod; the schemas of the same codes are in enums.ts, built from these lists.

// Label maps are typed as Record<Code, string> so adding a code to a schema
// without a Persian label fails the typecheck instead of showing a raw code.

/** A label table's codes, in its order, as the non-empty tuple `z.enum` takes. */
export const codesOf = <K extends string>(labels: Readonly<Record<K, unknown>>): [K, ...K[]] => Object.keys(labels) as [K, ...K[]];

/** A label table as the options of a pick, in its order (a select, a filter's choices). */
export const optionsOf = <K extends string>(labels: Readonly<Record<K, string>>): { value: K; label: string }[] =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

export const INSPECTION_STATE_CODES = ['E', 'O', 'M', 'T', 'I', 'S', 'D', 'Q', 'W', 'F'] as const;
export type InspectionState = (typeof INSPECTION_STATE_CODES)[number];
export const INSPECTION_STATE_LABELS: Record<InspectionState, string> = {
  E: 'کارشناس در راه',
  O: 'تخصیص نهایی',
  M: 'در انتظار تخصیص مکانیک',
  T: 'در انتظار تخصیص کارشناس',
  I: 'کارشناس در محل',
  S: 'در حال کارشناسی',
  D: 'انجام شده',
  Q: 'در انتظار ارزیابی',
  W: 'در انتظار قیمتگذاری',
  F: 'لغو شده',
};

export const AVAILABILITY = {
  available: 0,
  unavailable: 1,
  busy: 2,
  conciergeSaleReserved: 3,
  instantReserved: 4,
} as const;
export type Availability = (typeof AVAILABILITY)[keyof typeof AVAILABILITY];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  0: 'آزاد',
  1: 'غیرفعال',
  2: 'مشغول',
  3: 'رزرو بازدید فروش',
  4: 'رزرو فوری',
};

export const TOKEN_STATUS_CODES = ['no-tokens', 'invalid-tokens', 'expired-tokens', 'valid-tokens'] as const;
export type TokenStatus = (typeof TOKEN_STATUS_CODES)[number];
// Expired tokens still count: the refresh flow (spec §4) can renew them without a new sign-in.
export function isAuthenticatedStatus(status: TokenStatus): boolean {
  return status === 'valid-tokens' || status === 'expired-tokens';
}

export const EXPERT_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export type ExpertLevel = (typeof EXPERT_LEVELS)[number];
export const EXPERT_LEVEL_LABELS: Record<ExpertLevel, string> = {
  0: 'سطح صفر',
  1: 'سطح یک',
  2: 'سطح دو',
  3: 'سطح سه',
  4: 'سطح چهار',
  5: 'سطح پنج',
};

export const EXPERT_TYPES = [
  'is_car_expert',
  'is_motor_cycle_expert',
  'is_concierge_sale_expert',
  'is_car_mechanic',
  'is_motor_cycle_mechanic',
  'is_leasing_expert',
] as const;
export type ExpertType = (typeof EXPERT_TYPES)[number];
export const EXPERT_TYPE_LABELS: Record<ExpertType, string> = {
  is_car_expert: 'کارشناس خودرو',
  is_motor_cycle_expert: 'کارشناس موتورسیکلت',
  is_concierge_sale_expert: 'کارشناس فروش',
  is_car_mechanic: 'مکانیک خودرو',
  is_motor_cycle_mechanic: 'مکانیک موتورسیکلت',
  is_leasing_expert: 'کارشناس لیزینگ',
};

export const PRICING_CONDITION_CODES = [
  'holiday',
  'weather',
  'traffic',
  'demand_peak',
  'promotion',
  'immediate_inspection',
] as const;
export type PricingCondition = (typeof PRICING_CONDITION_CODES)[number];
export const PRICING_CONDITION_LABELS: Record<PricingCondition, string> = {
  holiday: 'تعطیلات',
  weather: 'شرایط آب و هوایی',
  traffic: 'ترافیک',
  demand_peak: 'اوج تقاضا',
  promotion: 'طرح تشویقی',
  immediate_inspection: 'کارشناسی فوری',
};

export const INSPECTION_TYPE_CODES = ['both', 'uberized', 'employed'] as const;
export type InspectionType = (typeof INSPECTION_TYPE_CODES)[number];
export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = {
  both: 'هر دو',
  uberized: 'حضوری در محل مشتری',
  employed: 'مرکز کارشناسی',
};

// Only 'backoffice#staff' is given by the spec (§6); the other names follow its
// '<service>#<role>' shape with snake_case roles, and the gateway issues exactly these.
export const ROLES = {
  staff: 'backoffice#staff',
  supervisor: 'backoffice#supervisor',
  salesExpert: 'backoffice#sales_expert',
  priceExpert: 'backoffice#price_expert',
  follower: 'backoffice#follower',
  expert: 'backoffice#expert',
  mechanic: 'backoffice#mechanic',
  assistant: 'backoffice#assistant',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_LABELS: Record<Role, string> = {
  'backoffice#staff': 'کارمند',
  'backoffice#supervisor': 'سرپرست',
  'backoffice#sales_expert': 'کارشناس فروش',
  'backoffice#price_expert': 'کارشناس قیمت',
  'backoffice#follower': 'پیگیری‌کننده',
  'backoffice#expert': 'کارشناس',
  'backoffice#mechanic': 'مکانیک',
  'backoffice#assistant': 'دستیار',
};

/** A vehicle's type (the catalogue's models, leasing's payment plans). */
export const VEHICLE_TYPE_CODES = ['light_car', 'heavy_car', 'motorcycle'] as const;
export type VehicleType = (typeof VEHICLE_TYPE_CODES)[number];
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  light_car: 'خودروی سبک',
  heavy_car: 'خودروی سنگین',
  motorcycle: 'موتورسیکلت',
};
