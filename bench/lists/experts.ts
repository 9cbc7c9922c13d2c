// The experts list and the experts' tickets (issue 31, decision 105) for bench/lists: 100,000
// experts in the cities and dispatch areas of the seed (each passing the table's checks: a type,
// one to three areas of their own city by the trigger, a phone of their own), one in ten
// inactive; and 100,000 tickets of those experts over a year, one in ten open.
import { expertTicketListFilter, expertsListFilter } from '@panel/contracts/experts';
import { deepPage, daysAgo, usersWithRole, type ListBench } from './list-bench';
import { hash, minutesAgo, personName, pick } from './seed-sql';

const AREA_IDS = '(SELECT array_agg(id ORDER BY id) FROM dispatch_areas)';
const AREA_CITIES = '(SELECT array_agg(city_id ORDER BY id) FROM dispatch_areas)';
const BENCH_EXPERTS = `(SELECT array_agg(pk ORDER BY pk) FROM experts WHERE phone_number LIKE '0990%')`;

export const EXPERT_LISTS: ListBench[] = [
  {
    name: 'experts',
    table: 'experts',
    procedure: 'experts.list',
    gatewayPath: '/api/experts/',
    toQuery: expertsListFilter.toQuery,
    seed: (rows) => [
      // An area per row, and the expert in its city; a second area of the same city where there is one.
      `INSERT INTO experts (report_name, level, is_car_expert, is_motor_cycle_expert, is_concierge_sale_expert, is_car_mechanic,
         is_motor_cycle_mechanic, is_leasing_expert, city_id, areas, phone_number, is_active, username)
       SELECT ${personName('en')}, ${hash('l', 6)}, ${hash('t', 10)} < 8, ${hash('m', 10)} = 0, ${hash('c', 5)} = 0, ${hash('t', 10)} >= 8,
         false, ${hash('s', 10)} = 0, a.city,
         ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[a.id, (SELECT d.id FROM dispatch_areas d WHERE d.city_id = a.city ORDER BY d.id LIMIT 1)]) x),
         '0990' || lpad(g::text, 7, '0'), ${hash('a', 10)} <> 0, 'bench-expert' || g
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT ids[k] AS id, cities[k] AS city FROM (SELECT ${AREA_IDS} AS ids, ${AREA_CITIES} AS cities) z,
         LATERAL (SELECT 1 + ${hash('ar', 1_000_003)} % cardinality(z.ids) AS k) kk) a`,
      'VACUUM (ANALYZE) experts',
    ],
    sample: (middle) => `SELECT pk, phone_number AS phone, split_part(report_name, ' ', 2) AS name, areas[1] AS area FROM experts WHERE phone_number LIKE '0990%' ORDER BY pk LIMIT 1 OFFSET ${middle}`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'level_3', filter: { level: [3] } },
      { name: 'levels_4_5', filter: { level: [4, 5] } },
      { name: 'type_leasing', filter: { type: ['is_leasing_expert'] } },
      { name: 'type_mechanics', filter: { type: ['is_car_mechanic', 'is_motor_cycle_mechanic'] } },
      { name: 'area', filter: { area: s.area } },
      { name: 'inactive', filter: { active: false } },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_pk', filter: { search: String(s.pk) } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'sort_level_desc', filter: { sort: 'level', isAscending: false } },
      { name: 'sort_pk_desc', filter: { sort: 'pk', isAscending: false } },
      deepPage(rows),
    ],
  },
  {
    name: 'expert-tickets',
    table: 'expert_tickets',
    requires: ['experts'],
    procedure: 'expertTickets.list',
    gatewayPath: '/api/experts/tickets/',
    toQuery: expertTicketListFilter.toQuery,
    seed: (rows) => [
      `INSERT INTO expert_tickets (title, description, category, expert_id, assistant, resolved, resolved_at, resolved_by, created_at)
       SELECT ${pick(['مشتری در محل حاضر نبود', 'درخواست جابه‌جایی شیفت', 'مغایرت مبلغ تسویه', 'بارگذاری نشدن عکس‌ها', 'پرسش درباره چک‌لیست'], 'tt')}, 'توضیح تیکت ' || g,
         ${pick(['question', 'complaint', 'schedule', 'payment', 'app', 'other'], 'tc')},
         (${BENCH_EXPERTS})[1 + ${hash('te', 1_000_003)} % ${rows}], (${usersWithRole('backoffice#staff', 'username')})[1 + ${hash('ta', 7)} % 3],
         t.resolved, CASE WHEN t.resolved THEN t.at + interval '1 hour' END, CASE WHEN t.resolved THEN 'bench' END, t.at
       FROM (SELECT g, ${hash('r', 10)} <> 0 AS resolved, ${minutesAgo('at', 365)} AS at FROM generate_series(1, ${rows}) g) t`,
      'VACUUM (ANALYZE) expert_tickets',
    ],
    sample: () => `SELECT expert_id AS expert, assistant, split_part(title, ' ', 1) AS word FROM expert_tickets ORDER BY pk LIMIT 1 OFFSET 500`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'all', filter: { resolved: null } },
      { name: 'date', filter: { date: daysAgo(3) } },
      { name: 'expert', filter: { expert: s.expert, resolved: null } },
      { name: 'assistant', filter: { assistant: s.assistant } },
      { name: 'search_word', filter: { query: s.word } },
      { name: 'sort_resolved_at_desc', filter: { ordering: '-resolved_at', resolved: null } },
      deepPage(rows),
    ],
  },
];
