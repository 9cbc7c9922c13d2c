// The inspection lists of bench/lists: orders, offers, reserves, tickets and the QC desk's queue.
import { TIME_SLOTS } from '@panel/contracts/common';
import { offerListFilter } from '@panel/contracts/inspection-offers';
import { reviewQueueFilter } from '@panel/contracts/inspection-assistants';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { reserveListFilter } from '@panel/contracts/inspection-reserves';
import { ticketListFilter } from '@panel/contracts/inspection-tickets';
import { CARS, CITY_IDS, EXPERT_ARRAY, INSPECTION_PACKAGES, ORDER_CODE_BASE, REVIEW_CODE_BASE, TICKET_TITLES, daysAgo, deepPage, sortsDescending, today, usersWithRole, type ListBench } from './list-bench';
import { hash, minutesAgo, personName, phone, pick, pickFrom, weighted } from './seed-sql';

export const INSPECTION_LISTS: ListBench[] = [
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
      // The car filter is a catalogue pick, matched exactly (decision 123): a model's full name.
      { name: 'brand_model', filter: { brandModel: 'سمند LX' } },
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
