import { z } from 'zod';
import { CITIES, TIME_SLOTS } from '../common/constants';
import { toLatinDigits } from '../common/digits';
import { textField } from '../common/fields';
import { InspectionStateSchema, PricingConditionSchema } from '../common/enums';
import { PhoneNumberSchema } from '../common/phone';
import { OptionalVinSchema } from '../common/vin';
import { paginated } from '../common/pagination';
import { InspectionOrderDetailSchema, InspectionOrderStateSchema } from './inspection-order';
import { ORDERING_MESSAGES, defineListFilter, listField } from '../common/list-filter';
import { QueryDateSchema, queryId } from '../common/query-params';
import { ORDER_LIST_DEFAULT_SORT, DEFAULT_ORDER_LIST_STATES, OrderListStateSchema } from './order-list-states';

// ---------------------------------------------------------------------------------------------
// Vocabulary of the order list

export const RequestTypeSchema = z.enum(['web', 'app', 'phone'], { error: 'نوع درخواست نامعتبر است' });
export type RequestType = z.infer<typeof RequestTypeSchema>;
export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  web: 'وب‌سایت',
  app: 'اپلیکیشن',
  phone: 'تلفنی',
};

/**
 * A package's name. The packages are the gateway's data (inspection-catalogue, decision 099): the
 * gateway refuses a name that is not on sale in the order's city, with its own Persian message.
 */
export const packageNameField = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 80, message, tooLong: message }).min(1, { error: message }));

const CITY_IDS = CITIES.map((city) => city.id) as number[];
const CityIdSchema = z
  .number({ error: 'شهر نامعتبر است' })
  .refine((id) => CITY_IDS.includes(id), { error: 'شهر نامعتبر است' });

// Every code an order can hold, so a link may also ask for done (D) or cancelled (F) orders.
const STATE_CODES = [...new Set([...OrderListStateSchema.options, ...InspectionStateSchema.options])] as [string, ...string[]];
const OrderStateCodeSchema = z.enum(STATE_CODES, { error: 'وضعیت نامعتبر است' });

export const ORDER_SORT_COLUMNS = ['time_slot', 'created_at', 'code', 'price', 'customer_name', 'brand_model'] as const;
export const OrderSortColumnSchema = z.enum(ORDER_SORT_COLUMNS, { error: 'ستون مرتب‌سازی نامعتبر است' });
export type OrderSortColumn = z.infer<typeof OrderSortColumnSchema>;

// ---------------------------------------------------------------------------------------------
// List filter (spec §2 Order list): one declaration for the address query, the BFF input and
// the gateway query, so a shared link, a tRPC call and the upstream query string are all
// checked by the same rules.

export const orderListFilter = defineListFilter({
  /** Order code, phone number or customer name; Persian digits accepted. */
  search: listField.text(),
  /** Visit day (Tehran); absent or empty means every day. */
  date: listField.day(),
  /** Assistant username. */
  assistant: listField.text(),
  /**
   * Order-list states. Absent means the default (every state of spec §4 selected); an empty
   * value ('state=' in the caller-history link) means no state restriction at all.
   */
  state: listField.someOf(OrderStateCodeSchema, { initial: DEFAULT_ORDER_LIST_STATES }),
  experts: listField.ids('شناسه کارشناس نامعتبر است'),
  mechanics: listField.ids('شناسه مکانیک نامعتبر است'),
  cities: listField.someOf(z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), CityIdSchema)),
  requestType: listField.oneOf(RequestTypeSchema),
  /** Package name. */
  fPackage: listField.text(),
  isAscending: listField.setting(ORDERING_MESSAGES.direction, ORDER_LIST_DEFAULT_SORT.ascending),
  brandModel: listField.text(),
  /** Orders that went through quality control (true) or not (false). */
  qc: listField.flag('فیلتر کنترل کیفیت نامعتبر است'),
  /** Orders with a price estimate requested (true) or not (false). */
  pricing: listField.flag('فیلتر قیمت‌گذاری نامعتبر است'),
  sort: listField.choice(ORDER_SORT_COLUMNS, ORDER_LIST_DEFAULT_SORT.column, ORDERING_MESSAGES.column),
  /** The previous page's `next`: the page starts after its last order (keyset paging, decision 123). */
  after: listField.cursor(),
});
export const OrderListFilterSchema = orderListFilter.schema;
export type OrderListFilter = z.infer<typeof OrderListFilterSchema>;
/** What a caller may give: every field optional, the schema fills the defaults. */
export type OrderListFilterInput = z.input<typeof OrderListFilterSchema>;

export const DEFAULT_ORDER_LIST_FILTER: OrderListFilter = orderListFilter.defaults;

/** The states the gateway filters on: the default set when absent, none when explicitly empty. */
export function effectiveOrderStates(filter: Pick<OrderListFilter, 'state'>): readonly string[] | undefined {
  if (filter.state === undefined) return DEFAULT_ORDER_LIST_STATES;
  return filter.state.length === 0 ? undefined : filter.state;
}

// ---------------------------------------------------------------------------------------------
// Outputs

/** One row of the order list: what the list shows and exports, nothing more. */
export const OrderListItemSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  state: InspectionOrderStateSchema,
  customer_name: z.string(),
  phone_number: z.string(),
  city_id: z.number().int(),
  city: z.string(),
  brand_model: z.string(),
  package: z.string(),
  price: z.number(),
  /** Visit day 'YYYY-MM-DD' (Tehran), if scheduled. */
  visit_date: z.string().nullable(),
  // Read as plain strings: other modules write orders into the same table (dispatch seeds
  // request_type 'dispatch'), and a row the list cannot label must still be listed.
  time_slot: z.string().nullable(),
  request_type: z.string(),
  assistant: z.string().nullable(),
  expert_id: z.number().int().nullable(),
  mechanic_id: z.number().int().nullable(),
  /** The people by name (issue 13): who assists, inspects and repairs; null when unknown. */
  assistant_name: z.string().nullable(),
  expert_name: z.string().nullable(),
  mechanic_name: z.string().nullable(),
  qc: z.boolean(),
  pricing: z.boolean(),
  is_immediate: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrderListPageSchema = paginated(OrderListItemSchema);
export type OrderListPage = z.infer<typeof OrderListPageSchema>;

/** The detail view: the inspection order detail of spec §3 plus what identifies and schedules it. */
export const OrderDetailSchema = InspectionOrderDetailSchema.extend(
  // The same fields, read the same way, as the order's row in the list.
  OrderListItemSchema.pick({
    pk: true,
    code: true,
    city_id: true,
    visit_date: true,
    time_slot: true,
    price: true,
    request_type: true,
    assistant: true,
    expert_id: true,
    mechanic_id: true,
    assistant_name: true,
    expert_name: true,
    mechanic_name: true,
    qc: true,
    pricing: true,
    created_at: true,
  }).shape,
).extend({
  /** A hold (decision 032): until when and why; null when the order is not on hold. */
  held_until: z.iso.datetime({ offset: true }).nullable(),
  hold_reason: z.string(),
  /** The pricing conditions of spec §9 applied to the price. */
  pricing_conditions: z.array(PricingConditionSchema),
  /** The discount code a cancel refunded the order as, once there is one. */
  discount_code: z.string().nullable(),
  /** The car's VIN (شماره شاسی), when the order recorded one (decision 136). */
  vin: z.string().nullable(),
  });
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** Values the list's multi-selects offer, read from the orders themselves. */
const PersonOptionSchema = <V extends z.ZodType>(value: V) => z.object({ value, name: z.string().nullable() });
export const OrderFilterOptionsSchema = z.object({
  /** The people who appear on orders, with their names (null for one the gateway cannot name). */
  assistants: z.array(PersonOptionSchema(z.string())),
  experts: z.array(PersonOptionSchema(z.number().int())),
  mechanics: z.array(PersonOptionSchema(z.number().int())),
  packages: z.array(z.string()),
});
export type OrderFilterOptions = z.infer<typeof OrderFilterOptionsSchema>;

export const OrderPkInputSchema = z.object({
  pk: queryId('شناسه سفارش نامعتبر است'),
});
export type OrderPkInput = z.infer<typeof OrderPkInputSchema>;

// ---------------------------------------------------------------------------------------------
// Phone request form: creates an order in state R. The same schema checks the form and the
// procedure and the gateway, so every message is the one the staff member reads.

const requiredText = (message: string, max = 200) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }).min(1, { error: message }));

const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max }).default(''));

export const CREATE_ORDER_MESSAGES = {
  customerName: 'نام مشتری را وارد کنید',
  city: 'شهر را انتخاب کنید',
  brandModel: 'برند و مدل خودرو را وارد کنید',
  package: 'بسته کارشناسی را انتخاب کنید',
  visitPlace: 'آدرس محل بازدید را وارد کنید',
  timeSlot: 'بازه زمانی نامعتبر است',
  created: (code: string) => `سفارش ${code} ثبت شد`,
} as const;

export const CreateOrderInputSchema = z.object({
  customer_name: requiredText(CREATE_ORDER_MESSAGES.customerName, 100),
  phone_number: PhoneNumberSchema,
  city_id: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' && /^\d{1,9}$/.test(toLatinDigits(v)) ? Number(toLatinDigits(v)) : v),
    z.number({ error: CREATE_ORDER_MESSAGES.city }).refine((id) => CITY_IDS.includes(id), { error: CREATE_ORDER_MESSAGES.city }),
  ),
  brand_model: requiredText(CREATE_ORDER_MESSAGES.brandModel, 100),
  package: packageNameField(CREATE_ORDER_MESSAGES.package),
  visit_place: requiredText(CREATE_ORDER_MESSAGES.visitPlace, 300),
  /** Preferred visit day 'YYYY-MM-DD'; optional, the dispatcher may set it later. */
  visit_date: QueryDateSchema,
  time_slot: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TIME_SLOTS, { error: CREATE_ORDER_MESSAGES.timeSlot }).optional()),
  description: optionalText(1000),
  /** The car's VIN when the caller has it (decision 136); empty is null. */
  vin: OptionalVinSchema,
});
export type CreateOrderInput = z.infer<typeof CreateOrderInputSchema>;
export type CreateOrderFormValues = z.input<typeof CreateOrderInputSchema>;

export const CreatedOrderSchema = z.object({ pk: z.number().int(), code: z.string() });
export type CreatedOrder = z.infer<typeof CreatedOrderSchema>;
