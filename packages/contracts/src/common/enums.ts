import { z } from 'zod';

// Label maps are typed as Record<Code, string> so adding a code to a schema
// without a Persian label fails the typecheck instead of showing a raw code.

/** A label table's codes, in its order, as the non-empty tuple `z.enum` takes. */
export const codesOf = <K extends string>(labels: Readonly<Record<K, unknown>>): [K, ...K[]] => Object.keys(labels) as [K, ...K[]];

/** A label table as the options of a pick, in its order (a select, a filter's choices). */
export const optionsOf = <K extends string>(labels: Readonly<Record<K, string>>): { value: K; label: string }[] =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/** The schema of a label table's codes: any other is refused, with `message` when given. */
export const codeSchema = <K extends string>(labels: Readonly<Record<K, unknown>>, message?: string) =>
  z.enum(codesOf(labels), message === undefined ? undefined : { error: message });

export const InspectionStateSchema = z.enum(['E', 'O', 'M', 'T', 'I', 'S', 'D', 'Q', 'W', 'F']);
export type InspectionState = z.infer<typeof InspectionStateSchema>;
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
export const AvailabilitySchema = z.literal([0, 1, 2, 3, 4]);
export type Availability = z.infer<typeof AvailabilitySchema>;
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  0: 'آزاد',
  1: 'غیرفعال',
  2: 'مشغول',
  3: 'رزرو بازدید فروش',
  4: 'رزرو فوری',
};

export const TokenStatusSchema = z.enum(['no-tokens', 'invalid-tokens', 'expired-tokens', 'valid-tokens']);
export type TokenStatus = z.infer<typeof TokenStatusSchema>;
// Expired tokens still count: the refresh flow (spec §4) can renew them without a new sign-in.
export function isAuthenticatedStatus(status: TokenStatus): boolean {
  return status === 'valid-tokens' || status === 'expired-tokens';
}

export const ExpertLevelSchema = z.literal([0, 1, 2, 3, 4, 5]);
export type ExpertLevel = z.infer<typeof ExpertLevelSchema>;
export const EXPERT_LEVELS: readonly ExpertLevel[] = [0, 1, 2, 3, 4, 5];
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
export const ExpertTypeSchema = z.enum(EXPERT_TYPES);
export type ExpertType = z.infer<typeof ExpertTypeSchema>;
export const EXPERT_TYPE_LABELS: Record<ExpertType, string> = {
  is_car_expert: 'کارشناس خودرو',
  is_motor_cycle_expert: 'کارشناس موتورسیکلت',
  is_concierge_sale_expert: 'کارشناس فروش',
  is_car_mechanic: 'مکانیک خودرو',
  is_motor_cycle_mechanic: 'مکانیک موتورسیکلت',
  is_leasing_expert: 'کارشناس لیزینگ',
};

export const PricingConditionSchema = z.enum([
  'holiday',
  'weather',
  'traffic',
  'demand_peak',
  'promotion',
  'immediate_inspection',
]);
export type PricingCondition = z.infer<typeof PricingConditionSchema>;
export const PRICING_CONDITION_LABELS: Record<PricingCondition, string> = {
  holiday: 'تعطیلات',
  weather: 'شرایط آب و هوایی',
  traffic: 'ترافیک',
  demand_peak: 'اوج تقاضا',
  promotion: 'طرح تشویقی',
  immediate_inspection: 'کارشناسی فوری',
};

export const InspectionTypeSchema = z.enum(['both', 'uberized', 'employed']);
export type InspectionType = z.infer<typeof InspectionTypeSchema>;
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
export const RoleSchema = z.enum([
  ROLES.staff,
  ROLES.supervisor,
  ROLES.salesExpert,
  ROLES.priceExpert,
  ROLES.follower,
  ROLES.expert,
  ROLES.mechanic,
  ROLES.assistant,
]);
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
export const VehicleTypeSchema = z.enum(['light_car', 'heavy_car', 'motorcycle']);
export type VehicleType = z.infer<typeof VehicleTypeSchema>;
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  light_car: 'خودروی سبک',
  heavy_car: 'خودروی سنگین',
  motorcycle: 'موتورسیکلت',
};
