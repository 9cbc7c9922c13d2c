// The car-sale lists of bench/lists: concierge sales, deals, buyers' offers, car posts, pricing
// orders, Divar tokens and sell tickets.
import { CAR_POST_STATE_TABS, carPostListFilter } from '@panel/contracts/car-posts';
import { buyerOfferListFilter, dealListFilter, saleListFilter } from '@panel/contracts/concierge-sale';
import { divarTokenListFilter } from '@panel/contracts/divar-tokens';
import { pricingOrderListFilter } from '@panel/contracts/pricing-orders';
import { sellTicketListFilter } from '@panel/contracts/sell-tickets';
import { CITY_IDS, MODEL_ARRAY, SALE_TOKEN, TICKET_TITLES, daysAgo, deepPage, sortsDescending, usersWithRole, type ListBench } from './list-bench';
import { hash, minutesAgo, personName, phone, pick, pickFrom, weighted } from './seed-sql';

export const SALE_LISTS: ListBench[] = [
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
        // The sales expert is a pick of the experts who have posts, matched exactly (decision 123, stop 49).
        { name: 'sales_expert', filter: { salesExpert: 'مریم نوری' } },
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
];
