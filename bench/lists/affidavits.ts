// The affidavit list (issue 31, decision 104) for bench/lists: 100,000 affidavits over ninety
// days in every state of their table, Persian buyers and sellers, cars, cities and prices, each
// row passing the table's checks (the fee from priced on, one purchase from purchased on).
import { CITIES } from '@panel/contracts/common';
import { affidavitListFilter } from '@panel/contracts/affidavits';
import type { ListBench } from './list-bench';
import { hash, minutesAgo, personName, phone, pick, weighted } from './seed-sql';

const BY = 'bench-affidavits';
const CARS = ['پژو ۲۰۶ تیپ ۲', 'پژو پارس', 'سمند ال‌ایکس', 'دنا پلاس', 'سایپا شاهین', 'تویوتا کرولا', 'هیوندای النترا', 'کیا اسپورتیج', 'رنو تندر ۹۰'];
const PAGE = 20;

export const AFFIDAVITS_BENCH: ListBench = {
  name: 'affidavits',
  table: 'affidavits',
  procedure: 'affidavits.list',
  gatewayPath: '/api/affidavits/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...affidavitListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO affidavits (state, version, buyer_name, buyer_phone, seller_name, seller_phone, car_title, car_year, city_id, price, fee,
                             purchase_request_id, purchased_at, created_by, created_at, updated_at)
     SELECT s.state, 1, s.buyer, s.buyer_phone, s.seller, s.seller_phone, s.car, s.year, s.city, s.price,
            CASE WHEN s.state IN ('draft', 'canceled') THEN NULL ELSE LEAST(5000000, GREATEST(300000, CEIL(s.price * 0.005 / 1000) * 1000)) END,
            CASE WHEN s.state IN ('purchased', 'links_sent', 'done') THEN md5(g::text || '${BY}')::uuid END,
            CASE WHEN s.state IN ('purchased', 'links_sent', 'done') THEN s.at + interval '2 hours' END,
            '${BY}', s.at, s.at
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT
            ${weighted({ draft: 2, priced: 2, purchased: 1, links_sent: 1, done: 3, canceled: 1 }, 'st')} AS state,
            ${personName('ab')} AS buyer, ${phone('0912')} AS buyer_phone,
            ${personName('as')} AS seller, ${phone('0935')} AS seller_phone,
            ${pick(CARS, 'car')} AS car, 1380 + ${hash('y', 25)} AS year,
            ${pick(CITIES.map((c) => c.id), 'c')} AS city,
            (100 + ${hash('p', 4900)})::bigint * 1000000 AS price,
            ${minutesAgo('t', 90)} AS at) s`,
    'VACUUM (ANALYZE) affidavits',
  ],
  sample: (middle) => `SELECT id, buyer_phone AS phone, split_part(buyer_name, ' ', 2) AS name FROM affidavits WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET ${middle}`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'state_priced', filter: { state: 'priced' } },
    { name: 'state_purchased', filter: { state: 'purchased' } },
    { name: 'city_karaj', filter: { city: 2 } },
    { name: 'created_last_week', filter: { createdFrom: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) } },
    { name: 'search_id', filter: { search: String(s.id) } },
    { name: 'search_phone', filter: { search: s.phone } },
    { name: 'search_name', filter: { search: s.name } },
    { name: 'search_car', filter: { search: 'تویوتا کرولا' } },
    { name: 'sort_price_desc', filter: { sort: 'price', isAscending: false } },
    { name: 'sort_price_asc', filter: { sort: 'price', isAscending: true } },
    { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * PAGE))) } },
  ],
};
