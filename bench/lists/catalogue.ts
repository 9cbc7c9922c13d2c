// The panel's lists, one declaration each: the SQL that seeds its rows straight into the gateway's
// tables (consistent with their constraints), a sample of values its searches look for, and the
// cases measured through the BFF and, as the baseline, straight to the gateway. A module that
// adds a list adds one entry here.
import { CITIES, DEFAULT_PAGE_SIZE, TIME_SLOTS, type QueryRecord } from '@panel/contracts/common';
import { CAR_POST_STATE_TABS, carPostListFilter } from '@panel/contracts/car-posts';
import { buyerOfferListFilter, dealListFilter, saleListFilter } from '@panel/contracts/concierge-sale';
import { divarTokenListFilter } from '@panel/contracts/divar-tokens';
import { offerListFilter } from '@panel/contracts/inspection-offers';
import { reviewQueueFilter } from '@panel/contracts/inspection-assistants';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { reserveListFilter } from '@panel/contracts/inspection-reserves';
import { ticketListFilter } from '@panel/contracts/inspection-tickets';
import { pricingOrderListFilter } from '@panel/contracts/pricing-orders';
import { leasingOrderListFilter } from '@panel/contracts/leasing';
import { sellTicketListFilter } from '@panel/contracts/sell-tickets';
import { LEASING_CLAIMS_BENCH } from './leasing-claims';
import { AFFIDAVITS_BENCH } from './affidavits';
import { hash, minutesAgo, personName, phone, pick, pickFrom, weighted } from './seed-sql';

/** The packages the inspection catalogue's migration (1600) holds, at their base prices. */
const INSPECTION_PACKAGES = [
  { name: 'کارشناسی پایه', price: 650_000 },
  { name: 'کارشناسی استاندارد', price: 950_000 },
  { name: 'کارشناسی جامع', price: 1_450_000 },
  { name: 'کارشناسی فوری', price: 1_900_000 },
] as const;

export type Filter = Record<string, unknown>;
export type Sample = Record<string, string | number>;

export interface ListCase {
  name: string;
  filter: Filter;
  /** Another procedure of the same list (the tab counts); the list's own when absent. */
  route?: Route;
}

interface Route {
  /** The tRPC procedure, 'router.procedure'. */
  procedure: string;
  /** The gateway path the BFF calls for it (the baseline calls it straight). */
  gatewayPath: string;
  /** The filter as the BFF sends it to the gateway (the list kit's `toQuery`). */
  toQuery: (filter: never) => QueryRecord;
}

export interface ListBench extends Route {
  /** The module that owns the list (whose migrations hold its indexes). */
  name: string;
  /** The table whose rows the list pages through (counted after seeding). */
  table: string;
  /** Lists whose rows this one's seed refers to (seeded first, never twice). */
  requires?: string[];
  /** Statements that add `rows` rows; the last ones VACUUM (ANALYZE) what they filled, as autovacuum would. */
  seed: (rows: number) => string[];
  /** One row of values the search cases look for, from the seeded row `middle` (half of `rows`). */
  sample?: (middle: number) => string;
  cases: (sample: Sample, rows: number) => ListCase[];
}

const CITY_IDS = CITIES.map((c) => c.id);
const MODEL_ARRAY = `(SELECT array_agg(id ORDER BY id) FROM car_models WHERE vehicle_type = 'light_car')`;
const EXPERT_ARRAY = `(SELECT array_agg(pk ORDER BY pk) FROM experts)`;
const usersWithRole = (role: string, column = 'id') => `(SELECT array_agg(${column} ORDER BY id) FROM users WHERE '${role}' = ANY(roles))`;
const CARS = ['پژو ۲۰۶ تیپ ۲', 'پژو ۴۰۵ GLX', 'پژو پارس', 'سمند LX', 'دنا پلاس', 'پراید ۱۳۱', 'تیبا ۲', 'کوییک R', 'ساینا', 'شاهین', 'هیوندای سوناتا', 'کیا سراتو', 'تویوتا کرولا', 'رنو ساندرو'];
const ORDER_CODE_BASE = 7_000_000;
const REVIEW_CODE_BASE = 8_000_000;
const TICKET_TITLES = ['تاخیر کارشناس', 'اعتراض به گزارش', 'درخواست بازدید مجدد', 'پیگیری پرداخت', 'ویرایش آگهی', 'قیمت پیشنهادی'];
const SALE_TOKEN = (row: string) => `'cs-b' || lpad(${row}::text, 7, '0')`;

/** Sorting by each column the screen sorts by, descending (the index read backwards, or a sort). */
const sortsDescending = (columns: readonly string[], base: Filter = {}): ListCase[] =>
  columns.map((sort) => ({ name: `sort_${sort}_desc`, filter: { ...base, sort, isAscending: false } }));

/** Page 2,000 of 20 at 100,000 rows (scaled with BENCH_ROWS): most of the table skipped. */
const deepPage = (rows: number, base: Filter = {}): ListCase => ({
  name: 'deep_page',
  filter: { ...base, page: Math.max(2, Math.floor(rows / (2.5 * DEFAULT_PAGE_SIZE))) },
});

/** National codes whose check digit is right (the leasing orders' database check), 40 of them. */
const NATIONAL_IDS = Array.from({ length: 40 }, (_, i) => {
  const body = String(123_456_00 + i * 7_919).padStart(9, '0').slice(0, 9);
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (10 - k), 0) % 11;
  return `${body}${sum < 2 ? sum : 11 - sum}`;
});

const today = () => new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() + 3.5 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

export const LISTS: ListBench[] = [
  {
    name: 'inspection-orders',
    table: 'inspections',
    procedure: 'inspectionOrders.list',
    gatewayPath: '/api/inspection/orders',
    toQuery: orderListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, visit_place, brand_model, package, price,
         visit_date, time_slot, request_type, assistant, expert_id, mechanic_id, qc, pricing, is_immediate, is_canceled, seller_name, created_at)
       SELECT (${ORDER_CODE_BASE} + g)::text, state, ${personName('n')}, ${phone('0912')}, ${pick(CITY_IDS, 'c')},
         'خیابان ولیعصر، پلاک ' || ${hash('p', 200)}, ${pick(CARS, 'car')}, ${pick(
           INSPECTION_PACKAGES.map((p) => p.name),
           'pkg',
         )},
         ${pick(
           INSPECTION_PACKAGES.map((p) => p.price),
           'pkg',
         )}, current_date + ${hash('d', 14)} - 7, ${pick(TIME_SLOTS, 'slot')}, ${pick(['web', 'web', 'app', 'phone'], 'rt')},
         ${pick(['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi'], 'as')},
         CASE WHEN state IN ('O', 'E', 'I', 'S', 'Q', 'W', 'D') THEN ${pickFrom(EXPERT_ARRAY, 'ex')} END,
         CASE WHEN state = 'M' THEN ${pickFrom(EXPERT_ARRAY, 'me')} END,
         state IN ('Q', 'D'), state = 'W', false, state = 'F',
         CASE WHEN ${hash('sl', 7)} = 0 THEN ${personName('s')} END, ${minutesAgo('at', 60)}
       FROM (SELECT g, ${weighted({ R: 12, A: 8, C: 8, P: 5, M: 5, T: 9, O: 10, E: 7, I: 5, S: 6, Q: 6, W: 5, D: 8, F: 4 }, 'st')} AS state
             FROM generate_series(1, ${rows}) g) s`,
      'VACUUM (ANALYZE) inspections',
    ],
    sample: (middle) => `SELECT phone_number AS phone, customer_name AS name, code, assistant,
             (SELECT expert_id FROM inspections WHERE expert_id IS NOT NULL LIMIT 1) AS expert FROM inspections WHERE code = '${ORDER_CODE_BASE + middle}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_phone_prefix', filter: { search: String(s.phone).slice(0, 7) } },
      { name: 'search_code', filter: { search: s.code } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'state_tab', filter: { state: ['R'] } },
      { name: 'all_states', filter: { state: [] } },
      { name: 'date', filter: { date: today() } },
      { name: 'expert', filter: { experts: [s.expert], state: [] } },
      { name: 'city', filter: { cities: [2] } },
      { name: 'assistant', filter: { assistant: s.assistant } },
      { name: 'request_type', filter: { requestType: 'phone' } },
      { name: 'package', filter: { fPackage: INSPECTION_PACKAGES[2].name } },
      { name: 'brand_model', filter: { brandModel: 'سمند' } },
      { name: 'qc', filter: { qc: true, state: [] } },
      ...sortsDescending(['time_slot', 'created_at', 'code', 'price', 'customer_name', 'brand_model']),
      deepPage(rows),
    ],
  },
  {
    name: 'inspection-offers',
    table: 'inspection_offers',
    requires: ['inspection-orders'],
    procedure: 'inspectionOffers.list',
    gatewayPath: '/api/inspection/offers/',
    toQuery: offerListFilter.toQuery,
    seed: (rows) => [
      // Offer g is of bench order g; it is open only while its order is on offer (state P), with
      // a deadline the expiry sweep leaves alone during the run.
      `INSERT INTO inspection_offers (inspection_pk, state, sent_at, deadline, sent_by, accepted_expert_id, closed_at)
       SELECT pk, state, sent_at, CASE WHEN state = 'open' THEN now() + interval '1 day' ELSE sent_at + interval '30 minutes' END, 'bench',
         CASE WHEN state = 'accepted' THEN ${pickFrom(EXPERT_ARRAY, 'ae')} END,
         CASE WHEN state <> 'open' THEN sent_at + interval '10 minutes' END
       FROM (SELECT g, i.pk, CASE WHEN i.state = 'P' THEN 'open' ELSE ${weighted({ accepted: 4, expired: 5, removed: 2 }, 'os')} END AS state,
                    ${minutesAgo('sa', 60)} AS sent_at
             FROM generate_series(1, ${rows}) g JOIN inspections i ON i.code = (${ORDER_CODE_BASE} + g)::text) o`,
      `INSERT INTO inspection_offer_recipients (offer_id, expert_id, seen_at, declined_at)
       SELECT o.id, e.pk, CASE WHEN o.id % 2 = 0 THEN o.sent_at + interval '1 minute' END, CASE WHEN o.id % 5 = 0 THEN o.sent_at + interval '2 minutes' END
       FROM inspection_offers o JOIN LATERAL (SELECT pk FROM experts ORDER BY (pk + o.id) % 7, pk LIMIT 2) e ON true
       WHERE o.sent_by = 'bench'`,
      'VACUUM (ANALYZE) inspection_offers',
      'VACUUM (ANALYZE) inspection_offer_recipients',
    ],
    sample: (middle) => `SELECT i.code, i.customer_name AS name FROM inspection_offers o JOIN inspections i ON i.pk = o.inspection_pk
             WHERE i.code = '${ORDER_CODE_BASE + middle}' LIMIT 1`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_code', filter: { query: s.code } },
      { name: 'search_name', filter: { query: s.name } },
      { name: 'state_open', filter: { state: ['open'] } },
      { name: 'state_accepted', filter: { state: ['accepted'] } },
      { name: 'city', filter: { cities: [2] } },
      { name: 'date', filter: { date: daysAgo(3) } },
      ...sortsDescending(['sent_at', 'deadline', 'price', 'customer_name', 'order_code']),
      deepPage(rows),
    ],
  },
  {
    name: 'inspection-reserves',
    table: 'inspection_reserves',
    procedure: 'inspectionReserves.list',
    gatewayPath: '/api/inspection/reserves/',
    toQuery: reserveListFilter.toQuery,
    seed: (rows) => [
      // Reserve g takes cell g (mod the cells); only a quarter of the first round of cells hold a
      // waiting one, so no cell has two (cells the demo seed reserved are left out). The rest are history: paid, expired or released.
      `INSERT INTO inspection_reserves (cell_pk, customer_name, phone_number, city_id, package, price, state, reserved_at, payment_deadline,
         paid_at, renewals, closed_at, release_reason, created_by)
       SELECT r.cell, ${personName('n')}, ${phone('0935')}, e.city_id, ${pick(
         INSPECTION_PACKAGES.map((p) => p.name),
         'pkg',
       )}, ${pick(
         INSPECTION_PACKAGES.map((p) => p.price),
         'pkg',
       )}, r.state,
         r.at, CASE WHEN r.state = 'waiting' THEN now() + make_interval(mins => 30 + ${hash('dl', 1440)}) ELSE r.at + interval '30 minutes' END,
         CASE WHEN r.state = 'paid' THEN r.at + interval '5 minutes' END, ${hash('rn', 3)},
         CASE WHEN r.state <> 'waiting' THEN r.at + interval '20 minutes' END, CASE WHEN r.state = 'released' THEN 'انصراف مشتری' ELSE '' END, 'bench'
       FROM (SELECT g, c.cells[1 + (g - 1) % cardinality(c.cells)] AS cell,
                    CASE WHEN g <= cardinality(c.cells) AND g % 4 = 0 THEN 'waiting' ELSE ${weighted({ paid: 5, expired: 3, released: 2 }, 'rs')} END AS state,
                    CASE WHEN g <= cardinality(c.cells) AND g % 4 = 0 THEN now() - interval '5 minutes' ELSE ${minutesAgo('ra', 90)} END AS at
             FROM generate_series(1, ${rows}) g, (SELECT array_agg(pk ORDER BY pk) AS cells FROM expert_timeslots t
                                                  WHERE NOT EXISTS (SELECT 1 FROM inspection_reserves w WHERE w.cell_pk = t.pk AND w.state = 'waiting')) c) r
       JOIN expert_timeslots t ON t.pk = r.cell JOIN experts e ON e.pk = t.expert_id`,
      'VACUUM (ANALYZE) inspection_reserves',
    ],
    sample: (middle) => `SELECT customer_name AS name, phone_number AS phone, (SELECT s.date::text FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id
               WHERE c.pk = r.cell_pk) AS date FROM inspection_reserves r WHERE created_by = 'bench' AND state = 'paid' ORDER BY id LIMIT 1 OFFSET ${Math.floor(middle / 2)}`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_name', filter: { query: s.name, state: [] } },
      { name: 'search_phone', filter: { query: s.phone, state: [] } },
      { name: 'state_paid', filter: { state: ['paid'] } },
      { name: 'all_states', filter: { state: [] } },
      { name: 'date', filter: { date: s.date, state: [] } },
      ...sortsDescending(['payment_deadline', 'reserved_at', 'slot', 'customer_name', 'price']),
      ...sortsDescending(['payment_deadline', 'reserved_at', 'slot', 'customer_name', 'price'], { state: [] }).map((c) => ({ ...c, name: `all_${c.name}` })),
      deepPage(rows, { state: [] }),
    ],
  },
  {
    name: 'concierge-sale',
    table: 'concierge_sales',
    procedure: 'conciergeSale.list',
    gatewayPath: '/api/concierge-sale/sales/',
    toQuery: saleListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO concierge_sales (token, status, created_at, updated_at, applicant_full_name, phone_number, city_id, car_model_id, car_brand_model,
         car_brand_model_year, usage, price, plan, is_quick_sale, is_leasing_available, is_count_in_offer, supervisor_id, sales_expert_id,
         cancel_reason_types)
       SELECT ${SALE_TOKEN('g')}, status, at, at, ${personName('n')}, ${phone('0919')}, ${pick(CITY_IDS, 'c')}, m.id, m.name_fa,
         1380 + ${hash('y', 24)}, ${hash('u', 300)} * 1000, (300 + ${hash('pr', 2700)}) * 1000000::bigint, ${pick(['standard', 'gold', 'express'], 'pl')},
         ${hash('q', 5)} = 0, ${hash('l', 3)} = 0, status = 'on_offer',
         CASE WHEN status <> 'new' THEN ${pickFrom(usersWithRole('backoffice#supervisor'), 'sv')} END,
         CASE WHEN status <> 'new' THEN ${pickFrom(usersWithRole('backoffice#sales_expert'), 'se')} END,
         CASE WHEN status = 'canceled' THEN ARRAY['price'] ELSE '{}' END
       FROM (SELECT g, ${weighted({ new: 3, assigned: 5, on_offer: 3, in_deal: 2, sold: 5, canceled: 2 }, 'st')} AS status,
                    ${pickFrom(MODEL_ARRAY, 'm')} AS model, ${minutesAgo('at', 365)} AS at
             FROM generate_series(1, ${rows}) g) s
       JOIN car_models m ON m.id = s.model`,
      'VACUUM (ANALYZE) concierge_sales',
    ],
    sample: (middle) => `SELECT s.token, s.phone_number AS phone, s.applicant_full_name AS name,
             (SELECT supervisor_id FROM concierge_sales WHERE supervisor_id IS NOT NULL LIMIT 1) AS supervisor,
             (SELECT sales_expert_id FROM concierge_sales WHERE sales_expert_id IS NOT NULL LIMIT 1) AS expert
             FROM concierge_sales s WHERE s.token = 'cs-b${String(middle).padStart(7, '0')}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'search_token', filter: { search: s.token } },
      { name: 'search_car', filter: { search: 'پژو' } },
      { name: 'status_tab', filter: { status: ['on_offer'] } },
      { name: 'supervisor', filter: { supervisor: s.supervisor } },
      { name: 'sales_expert', filter: { salesExpert: s.expert } },
      { name: 'city', filter: { cities: [2] } },
      { name: 'plan', filter: { plan: 'gold' } },
      { name: 'quick_sale', filter: { quickSale: true } },
      { name: 'has_deal', filter: { hasDeal: true } },
      { name: 'created_between', filter: { createdFrom: daysAgo(30), createdTo: daysAgo(20) } },
      ...sortsDescending(['created_at', 'price', 'usage', 'year']),
      deepPage(rows),
    ],
  },
  {
    name: 'deals',
    table: 'concierge_sale_deals',
    requires: ['concierge-sale'],
    procedure: 'conciergeSale.deals',
    gatewayPath: '/api/concierge-sale/deals/',
    toQuery: dealListFilter.toQuery,
    seed: (rows) => [
      // Deal g is of bench sale g, as the workflow leaves it: pending while the sale is in deal,
      // approved once sold, canceled otherwise (the sale went back), so no sale has two live deals.
      `INSERT INTO concierge_sale_deals (sale_id, supervisor_id, city_id, state, buyer_name, buyer_phone_number, price, deal_date, sale_commission_percent,
         buy_commission_percent, sale_commission, buy_commission, product_commission, created_by, created_at, approved_by, approved_at, canceled_reason, canceled_at)
       SELECT s.id, s.supervisor_id, s.city_id, ds.state, ${personName('b')}, ${phone('0912', 'g', 7907)}, d.price, d.at::date, 2, 1, d.price * 2 / 100, d.price / 100,
         d.price * 2 / 100 + d.price / 100, 'bench', d.at, CASE WHEN ds.state = 'approved' THEN 'supervisor' END,
         CASE WHEN ds.state = 'approved' THEN d.at + interval '1 day' END, CASE WHEN ds.state = 'canceled' THEN 'انصراف خریدار' END,
         CASE WHEN ds.state = 'canceled' THEN d.at + interval '2 days' END
       FROM (SELECT g, (300 + ${hash('dp', 2700)}) * 1000000::bigint AS price, ${minutesAgo('da', 365)} AS at FROM generate_series(1, ${rows}) g) d
       JOIN concierge_sales s ON s.token = ${SALE_TOKEN('d.g')}
       CROSS JOIN LATERAL (SELECT CASE s.status WHEN 'in_deal' THEN 'pending' WHEN 'sold' THEN 'approved' ELSE 'canceled' END AS state) ds`,
      'VACUUM (ANALYZE) concierge_sale_deals',
    ],
    sample: (middle) => `SELECT d.buyer_name AS name, d.buyer_phone_number AS phone, s.token,
             (SELECT supervisor_id FROM concierge_sales WHERE supervisor_id IS NOT NULL LIMIT 1) AS supervisor FROM concierge_sale_deals d
             JOIN concierge_sales s ON s.id = d.sale_id WHERE s.token = 'cs-b${String(middle).padStart(7, '0')}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'search_token', filter: { search: s.token } },
      { name: 'state_tab', filter: { state: ['pending'] } },
      { name: 'supervisor', filter: { supervisor: s.supervisor } },
      { name: 'city', filter: { cities: [2] } },
      { name: 'deal_between', filter: { dealFrom: daysAgo(30), dealTo: daysAgo(20) } },
      ...sortsDescending(['deal_date', 'price', 'product_commission', 'created_at']),
      deepPage(rows),
    ],
  },
  {
    name: 'buyer-offers',
    table: 'concierge_sale_buyer_offers',
    requires: ['concierge-sale'],
    procedure: 'conciergeSale.offers',
    gatewayPath: '/api/concierge-sale/offers/',
    toQuery: buyerOfferListFilter.toQuery,
    seed: (rows) => [
      // Offer g is on bench sale g, so no sale has two accepted offers.
      `INSERT INTO concierge_sale_buyer_offers (sale_id, buyer_name, buyer_phone_number, amount, created_at, state)
       SELECT s.id, ${personName('b', 'o.g')}, ${phone('0935', 'o.g', 7901)}, (300 + ${hash('a', 2700, 'o.g')}) * 1000000::bigint, o.at, o.state
       FROM (SELECT g, ${weighted({ open: 5, accepted: 1, closed: 4 }, 'os')} AS state, ${minutesAgo('oa', 180)} AS at FROM generate_series(1, ${rows}) g) o
       JOIN concierge_sales s ON s.token = ${SALE_TOKEN('o.g')}`,
      'VACUUM (ANALYZE) concierge_sale_buyer_offers',
    ],
    sample: (middle) => `SELECT o.buyer_name AS name, o.buyer_phone_number AS phone, s.token, (o.created_at AT TIME ZONE 'Asia/Tehran')::date::text AS date
             FROM concierge_sale_buyer_offers o JOIN concierge_sales s ON s.id = o.sale_id WHERE s.token = 'cs-b${String(middle).padStart(7, '0')}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'search_token', filter: { search: s.token } },
      { name: 'state_tab', filter: { state: ['open'] } },
      { name: 'date', filter: { date: s.date } },
      ...sortsDescending(['created_at', 'amount']),
      deepPage(rows),
    ],
  },
  {
    name: 'car-posts',
    table: 'car_posts',
    procedure: 'carPosts.list',
    gatewayPath: '/api/car-posts/',
    toQuery: carPostListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO car_posts (token, state, car_post_type, title, description, model_id, brand_model, year, usage, color, gearbox, document, body_status,
         city_id, price, owner_name, owner_phone_number, sales_expert_name, sales_expert_phone_number, created_at, submitted_at, updated_at)
       SELECT 'bp' || lpad(p.g::text, 8, '0'), p.state, ${pick(['concierge_sale', 'direct', 'dealer'], 't', 'p.g')}, m.name_fa || ' مدل ' || p.year,
         'خودرو تمیز و بدون تصادف', m.id, m.name_fa, p.year, ${hash('u', 300, 'p.g')} * 1000, ${pick(['سفید', 'مشکی', 'نقره‌ای', 'خاکستری'], 'co', 'p.g')},
         ${pick(['manual', 'automatic'], 'gb', 'p.g')}, 'سند تک برگ', 'بدون رنگ', ${pick(CITY_IDS, 'c', 'p.g')}, (300 + ${hash('pr', 2700, 'p.g')}) * 1000000::bigint,
         ${personName('n', 'p.g')}, ${phone('0912', 'p.g', 7883)},
         CASE WHEN ${hash('se', 3, 'p.g')} = 0 THEN ${pick(['حسین کریمی', 'مریم نوری', 'امیر طاهری', 'نرگس جعفری'], 'sn', 'p.g')} END,
         CASE WHEN ${hash('se', 3, 'p.g')} = 0 THEN ${pick(['09121112233', '09122223344', '09123334455', '09124445566'], 'sn', 'p.g')} END,
         p.at, p.at + make_interval(mins => ${hash('sb', 600, 'p.g')}), p.at
       FROM (SELECT g, ${weighted({ pending: 3, editing: 1, published: 4, rejected: 1, archived: 1 }, 'st')} AS state, 1380 + ${hash('y', 24)} AS year,
                    ${pickFrom(MODEL_ARRAY, 'm')} AS model, ${minutesAgo('at', 365)} AS at FROM generate_series(1, ${rows}) g) p
       JOIN car_models m ON m.id = p.model`,
      'VACUUM (ANALYZE) car_posts',
    ],
    sample: (middle) => `SELECT token, owner_name AS name, owner_phone_number AS phone, model_id AS model FROM car_posts
             WHERE token = 'bp${String(middle).padStart(8, '0')}'`,
    cases: (s, rows) => {
      const states = CAR_POST_STATE_TABS;
      return [
        { name: 'default', filter: {} },
        // Searches look in every tab, as a moderator looking for one post does.
        { name: 'search_token', filter: { search: s.token, state: 'all' } },
        { name: 'search_name', filter: { search: s.name, state: 'all' } },
        { name: 'search_phone', filter: { search: s.phone, state: 'all' } },
        { name: 'search_car', filter: { search: 'پژو' } },
        ...states.filter((state) => state !== 'pending').map((state) => ({ name: `tab_${state}`, filter: { state } })),
        { name: 'tab_all', filter: { state: 'all' } },
        { name: 'type', filter: { type: 'dealer' } },
        { name: 'city', filter: { city: 2 } },
        { name: 'model', filter: { model: s.model } },
        { name: 'price_range', filter: { priceMin: 1_000_000_000, priceMax: 1_200_000_000 } },
        { name: 'sales_expert', filter: { salesExpert: 'نوری' } },
        { name: 'created_between', filter: { createdFrom: daysAgo(30), createdTo: daysAgo(20) } },
        ...sortsDescending(['waiting', 'created_at', 'price']),
        ...sortsDescending(['waiting', 'created_at', 'price'], { state: 'all' }).map((c) => ({ ...c, name: `all_${c.name}` })),
        deepPage(rows, { state: 'all' }),
        { name: 'counts', filter: {}, route: { procedure: 'carPosts.stateCounts', gatewayPath: '/api/car-posts/states/', toQuery: carPostListFilter.toQuery } },
        {
          name: 'counts_search',
          filter: { search: s.name },
          route: { procedure: 'carPosts.stateCounts', gatewayPath: '/api/car-posts/states/', toQuery: carPostListFilter.toQuery },
        },
      ];
    },
  },
  {
    name: 'pricing-orders',
    table: 'pricing_orders',
    procedure: 'pricingOrders.list',
    gatewayPath: '/api/price-estimator/orders/',
    toQuery: pricingOrderListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO pricing_orders (code, status, model_id, brand_model, year, usage, city_id, customer_name, phone_number, expert_username, expert_name,
         estimate_min, estimate_max, created_at, estimated_at)
       SELECT (900000000 + p.g)::text, p.status, m.id, m.name_fa, p.year, ${hash('u', 300, 'p.g')} * 1000, ${pick(CITY_IDS, 'c', 'p.g')}, ${personName('n', 'p.g')},
         ${phone('0919', 'p.g', 7877)}, CASE WHEN p.status <> 'PE' THEN p.expert END, CASE WHEN p.status <> 'PE' THEN 'کارشناس ' || p.expert END,
         CASE WHEN p.status = 'DO' THEN p.band * 1000000::bigint END, CASE WHEN p.status = 'DO' THEN (p.band + 50) * 1000000::bigint END,
         p.at, CASE WHEN p.status = 'DO' THEN p.at + make_interval(mins => ${hash('ea', 2880, 'p.g')}) END
       FROM (SELECT g, ${weighted({ PE: 3, IP: 2, DO: 5 }, 'st')} AS status, 1380 + ${hash('y', 24)} AS year, ${pickFrom(MODEL_ARRAY, 'm')} AS model,
                    ${pickFrom(usersWithRole('backoffice#price_expert', 'username'), 'ex')} AS expert, 300 + ${hash('b', 2700)} AS band,
                    ${minutesAgo('at', 365)} AS at FROM generate_series(1, ${rows}) g) p
       JOIN car_models m ON m.id = p.model`,
      'VACUUM (ANALYZE) pricing_orders',
    ],
    sample: (middle) => `SELECT code, status, customer_name AS name, phone_number AS phone, model_id AS model, (SELECT expert_username FROM pricing_orders
               WHERE expert_username IS NOT NULL LIMIT 1) AS expert FROM pricing_orders WHERE code = '${900_000_000 + middle}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_code', filter: { search: s.code, status: s.status } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'search_phone', filter: { search: s.phone, status: s.status } },
      { name: 'search_car', filter: { search: 'پژو' } },
      { name: 'tab_IP', filter: { status: 'IP' } },
      { name: 'tab_DO', filter: { status: 'DO' } },
      { name: 'city', filter: { cities: [2] } },
      { name: 'model', filter: { model: s.model } },
      { name: 'expert', filter: { expert: s.expert, status: 'DO' } },
      { name: 'mine', filter: { mine: true, status: 'IP' } },
      { name: 'created_between', filter: { from: daysAgo(30), to: daysAgo(20) } },
      ...sortsDescending(['code', 'created_at', 'usage', 'year', 'estimated_at']),
      ...sortsDescending(['code', 'created_at', 'usage', 'year', 'estimated_at'], { status: 'DO' }).map((c) => ({ ...c, name: `DO_${c.name}` })),
      deepPage(rows, { status: 'DO' }),
      { name: 'counts', filter: {}, route: { procedure: 'pricingOrders.counts', gatewayPath: '/api/price-estimator/orders/counts/', toQuery: pricingOrderListFilter.toQuery } },
      {
        name: 'counts_search',
        filter: { search: s.name },
        route: { procedure: 'pricingOrders.counts', gatewayPath: '/api/price-estimator/orders/counts/', toQuery: pricingOrderListFilter.toQuery },
      },
    ],
  },
  {
    name: 'divar-tokens',
    table: 'divar_tokens',
    procedure: 'divarTokens.list',
    gatewayPath: '/api/divar-tokens/',
    toQuery: divarTokenListFilter.toQuery,
    seed: (rows) => [
      // Every third token links to a car post no token links to yet, while there are such posts.
      `INSERT INTO divar_tokens (token, car_post_id, linked_at, linked_by, created_at, created_by)
       SELECT 'BN' || lpad(g::text, 6, '0'), cp.id, CASE WHEN cp.id IS NOT NULL THEN t.at END, CASE WHEN cp.id IS NOT NULL THEN 'bench' END, t.at, 'bench'
       FROM (SELECT g, ${minutesAgo('at', 365)} AS at FROM generate_series(1, ${rows}) g) t
       LEFT JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM car_posts p
                  WHERE NOT EXISTS (SELECT 1 FROM divar_tokens d WHERE d.car_post_id = p.id)) cp ON cp.n * 3 = t.g`,
      'VACUUM (ANALYZE) divar_tokens',
    ],
    sample: (middle) => `SELECT token FROM divar_tokens WHERE token = 'BN${String(middle).padStart(6, '0')}'`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_token', filter: { search: s.token } },
      { name: 'search_part', filter: { search: String(s.token).slice(2, 6) } },
      { name: 'kind_car_post', filter: { kind: 'car_post' } },
      { name: 'linked', filter: { linked: true } },
      { name: 'unlinked', filter: { linked: false } },
      { name: 'created_between', filter: { createdFrom: daysAgo(30), createdTo: daysAgo(20) } },
      deepPage(rows),
    ],
  },
  {
    name: 'inspection-tickets',
    table: 'tickets',
    procedure: 'inspectionTickets.list',
    gatewayPath: '/api/inspection/tickets',
    toQuery: ticketListFilter.toQuery,
    seed: (rows) => [
      // A tenth resolved; every ticket names an order code and, mostly, an expert and an assistant.
      `INSERT INTO tickets (title, description, category, order_code, expert_id, assistant, resolved, resolved_at, resolved_by, created_at)
       SELECT ${pick(TICKET_TITLES, 'tt')} || ' ' || g, 'توضیح تیکت ' || g, 'other', (${ORDER_CODE_BASE} + ${hash('oc', rows)})::text,
         CASE WHEN ${hash('e', 5)} > 0 THEN ${pickFrom(EXPERT_ARRAY, 'e')} END, ${pickFrom(usersWithRole('backoffice#staff', 'username'), 'a')},
         t.resolved, CASE WHEN t.resolved THEN t.at + interval '1 hour' END, CASE WHEN t.resolved THEN 'bench' END, t.at
       FROM (SELECT g, ${hash('r', 10)} = 0 AS resolved, ${minutesAgo('at', 365)} AS at FROM generate_series(1, ${rows}) g) t`,
      'VACUUM (ANALYZE) tickets',
    ],
    sample: (middle) => `SELECT order_code AS code, expert_id AS expert, assistant FROM tickets WHERE title LIKE '% ${middle}' LIMIT 1`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_code', filter: { query: s.code } },
      { name: 'search_title', filter: { query: TICKET_TITLES[1] } },
      { name: 'open', filter: { resolved: false } },
      { name: 'resolved', filter: { resolved: true } },
      { name: 'date', filter: { date: daysAgo(3) } },
      { name: 'expert', filter: { expert: s.expert } },
      { name: 'assistant', filter: { assistant: s.assistant } },
      { name: 'sort_resolved_at_desc', filter: { ordering: '-resolved_at' } },
      { name: 'sort_pk_asc', filter: { ordering: 'pk' } },
      deepPage(rows),
    ],
  },
  {
    name: 'sell-tickets',
    table: 'sell_tickets',
    procedure: 'sellTickets.list',
    gatewayPath: '/api/dealers/tickets/',
    toQuery: sellTicketListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO sell_tickets (title, description, category, customer_name, customer_phone, city_id, assistant, sales_expert_id,
         resolved, resolved_at, resolved_by, created_at)
       SELECT ${pick(TICKET_TITLES, 'st')}, 'توضیح تیکت ' || g, ${pick(['pricing', 'buyer_visit', 'documents', 'payment', 'post_edit', 'other'], 'sc')},
         ${personName('sn')}, ${phone('0935', 'g', 7907)}, ${pick(CITY_IDS, 'c')}, ${pickFrom(usersWithRole('backoffice#staff', 'username'), 'sa')},
         ${pickFrom(usersWithRole('backoffice#sales_expert'), 'se')},
         t.resolved, CASE WHEN t.resolved THEN t.at + interval '1 hour' END, CASE WHEN t.resolved THEN 'bench' END, t.at
       FROM (SELECT g, ${hash('r', 10)} = 0 AS resolved, ${minutesAgo('at', 365)} AS at FROM generate_series(1, ${rows}) g) t`,
      'VACUUM (ANALYZE) sell_tickets',
    ],
    sample: () => `SELECT customer_name AS name, customer_phone AS phone, assistant, sales_expert_id AS expert FROM sell_tickets ORDER BY pk LIMIT 1 OFFSET 500`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_name', filter: { query: s.name } },
      { name: 'search_phone', filter: { query: s.phone } },
      { name: 'open', filter: { resolved: false } },
      { name: 'date', filter: { date: daysAgo(3) } },
      { name: 'expert', filter: { expert: s.expert } },
      { name: 'assistant', filter: { assistant: s.assistant } },
      { name: 'sort_resolved_at_desc', filter: { ordering: '-resolved_at' } },
      deepPage(rows),
    ],
  },
  {
    name: 'leasing',
    table: 'leasing_orders',
    procedure: 'leasing.orders',
    gatewayPath: '/api/leasing/orders/',
    toQuery: leasingOrderListFilter.toQuery,
    seed: (rows) => [
      // Each order on one of the reference plans (its provider with it), a state as the demo spreads them.
      `INSERT INTO leasing_orders (state, customer_name, national_id, phone_number, city_id, provider_id, plan_id, car_title, price, down_payment,
         months, annual_rate, monthly, total, start_day, reject_reason, created_by, created_at)
       SELECT t.state, ${personName('n')}, ${pick(NATIONAL_IDS, 'ni')}, ${phone('0935')}, ${pick(CITY_IDS, 'c')}, p.provider_id, p.id, ${pick(CARS, 'car')},
         1000000000, 400000000, 36, p.annual_rate, 20000000, 720000000, (t.at AT TIME ZONE 'Asia/Tehran')::date,
         CASE WHEN t.state = 'rejected' THEN 'credit' END, 'bench', t.at
       FROM (SELECT g, ${weighted({ registered: 3, documents: 2, provider_review: 2, approved: 1, contract_signed: 1, delivered: 6, rejected: 2, canceled: 1 }, 'st')} AS state,
               ${minutesAgo('at', 365)} AS at, abs(hashtext(g::text || 'pl')) % (SELECT count(*) FROM leasing_plans) AS plan_n
             FROM generate_series(1, ${rows}) g) t
       JOIN (SELECT pl.id, pg.provider_id, pl.annual_rate, row_number() OVER (ORDER BY pl.id) - 1 AS n
             FROM leasing_plans pl JOIN leasing_plan_groups pg ON pg.id = pl.group_id) p ON p.n = t.plan_n`,
      'VACUUM (ANALYZE) leasing_orders',
    ],
    sample: (middle) => `SELECT phone_number AS phone, customer_name AS name, code, provider_id AS provider FROM leasing_orders ORDER BY id OFFSET ${middle} LIMIT 1`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_phone_prefix', filter: { search: String(s.phone).slice(0, 7) } },
      { name: 'search_code', filter: { search: s.code } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'state', filter: { state: 'documents' } },
      { name: 'provider', filter: { provider: s.provider } },
      { name: 'city', filter: { city: 2 } },
      { name: 'created_between', filter: { createdFrom: daysAgo(30), createdTo: daysAgo(20) } },
      { name: 'state_city_created', filter: { state: 'delivered', city: 1, createdFrom: daysAgo(60) } },
      deepPage(rows),
    ],
  },
  LEASING_CLAIMS_BENCH,
  AFFIDAVITS_BENCH,
  {
    // The QC desk's queue (issue 29, decision 098): BENCH_ROWS orders waiting in Q, oldest first.
    // A live claim is a reviewer's open report page, so a desk has a handful: 40 orders spread
    // over the queue are claimed for the whole run (ten per seeded QC reviewer).
    name: 'inspection-review-queue',
    table: 'inspections',
    procedure: 'inspectionAssistants.queue',
    gatewayPath: '/api/inspection/review-queue/qc/',
    toQuery: reviewQueueFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, visit_place, brand_model, package, price, request_type, qc, pricing, updated_at, created_at)
       SELECT (${REVIEW_CODE_BASE} + g)::text, 'Q', ${personName('n')}, ${phone('0935')}, ${pick(CITY_IDS, 'c')}, 'خیابان آزادی', ${pick(CARS, 'car')},
         ${pick(INSPECTION_PACKAGES.map((p) => p.name), 'pkg')}, ${pick(INSPECTION_PACKAGES.map((p) => p.price), 'pkg')}, 'web', true, ${hash('pr', 2)} = 0,
         ${minutesAgo('up', 30)}, ${minutesAgo('at', 60)}
       FROM generate_series(1, ${rows}) g`,
      `INSERT INTO inspection_review_claims (inspection_id, reviewer_id, kind, claimed_at, expires_at)
       SELECT i.pk, ${pickFrom("(SELECT array_agg(id ORDER BY id) FROM inspection_reviewers WHERE kind = 'qc')", 'rv', 'i.pk')}, 'qc', now(), now() + interval '1 day'
         FROM generate_series(${Math.max(1, Math.floor(rows / 40))}, ${rows}, ${Math.max(1, Math.floor(rows / 40))}) g JOIN inspections i ON i.code = (${REVIEW_CODE_BASE} + g)::text
       ON CONFLICT (inspection_id) DO NOTHING`,
      'VACUUM (ANALYZE) inspections',
      'VACUUM (ANALYZE) inspection_review_claims',
    ],
    cases: (_s, rows) => [
      { name: 'default', filter: { kind: 'qc' } },
      { name: 'claimed', filter: { kind: 'qc', claimed: true } },
      { name: 'unclaimed', filter: { kind: 'qc', claimed: false } },
      deepPage(rows, { kind: 'qc' }),
      { name: 'unclaimed_deep_page', filter: { ...deepPage(rows, { kind: 'qc', claimed: false }).filter } },
      ...sortsDescending(['waiting_since'], { kind: 'qc' }),
    ],
  },
];


/** The lists `only` names ('a,b'), with what they require first; every list when `only` is empty. */
export function selectLists(only: string | undefined): { seeded: ListBench[]; measured: ListBench[] } {
  if (!only) return { seeded: LISTS, measured: LISTS };
  const names = only.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !LISTS.some((l) => l.name === n));
  if (unknown.length) throw new Error(`BENCH_ONLY names no list: ${unknown.join(', ')} (lists: ${LISTS.map((l) => l.name).join(', ')})`);
  const wanted = new Set<string>();
  const add = (name: string) => {
    for (const dependency of LISTS.find((l) => l.name === name)!.requires ?? []) add(dependency);
    wanted.add(name);
  };
  names.forEach(add);
  return { seeded: LISTS.filter((l) => wanted.has(l.name)), measured: LISTS.filter((l) => names.includes(l.name)) };
}
