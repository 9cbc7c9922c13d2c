import { CITIES, TIME_SLOTS, tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { seededRandom } from '../../db/seed-random';

// Demo orders that look like a real day's work: Persian names, cars of the Iranian market,
// addresses per city, every order-list state, visits spread over the days around today.

const FIRST_NAMES = ['علی', 'محمد', 'رضا', 'حسین', 'مهدی', 'زهرا', 'فاطمه', 'مریم', 'سارا', 'نرگس', 'امیر', 'حمید', 'نیلوفر', 'پریسا', 'کاوه', 'بهاره'];
const LAST_NAMES = ['رضایی', 'احمدی', 'محمدی', 'حسینی', 'کریمی', 'موسوی', 'جعفری', 'کاظمی', 'صادقی', 'نوری', 'رحیمی', 'طاهری', 'قاسمی', 'شریفی'];
const CARS = ['پژو ۲۰۶ تیپ ۲', 'پژو ۴۰۵ GLX', 'پژو پارس', 'سمند LX', 'دنا پلاس', 'پراید ۱۳۱', 'تیبا ۲', 'کوییک R', 'ساینا', 'شاهین', 'هیوندای سوناتا', 'کیا سراتو', 'تویوتا کرولا', 'رنو ساندرو', 'ام‌وی‌ام X22', 'چری تیگو ۷', 'هوندا CBR 250'];
const STREETS = ['خیابان ولیعصر', 'خیابان آزادی', 'بلوار کشاورز', 'خیابان شریعتی', 'بلوار فردوس', 'خیابان امام خمینی', 'بلوار جمهوری', 'خیابان بهار', 'میدان انقلاب', 'بلوار معلم'];
const ASSISTANTS = ['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi'];
const NOTES = ['', '', '', 'مشتری تماس بگیرد قبل از حضور', 'خودرو در پارکینگ است', 'کارشناسی بدنه و فنی', 'مشتری عجله دارد'];

// Every order-list state (spec §4) and a few finished (D) and cancelled (F) orders; early
// states are more common, like a real queue.
const STATE_WEIGHTS: [string, number][] = [
  ['R', 12], ['A', 8], ['C', 8], ['P', 5], ['M', 5], ['T', 9], ['O', 10], ['E', 7], ['I', 5], ['S', 6],
  ['Q', 6], ['W', 5], ['D', 8], ['F', 4],
];
const UNSCHEDULED = new Set(['R', 'A', 'C', 'P']);
const WITH_EXPERT = new Set(['O', 'E', 'I', 'S', 'Q', 'W', 'D']);

const random = seededRandom;

function addDays(dayKey: string, days: number): string {
  const date = new Date(`${dayKey}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const COLUMNS = [
  ['code', 'text'], ['state', 'text'], ['customer_name', 'text'], ['phone_number', 'text'], ['city_id', 'int'],
  ['visit_place', 'text'], ['description', 'text'], ['brand_model', 'text'], ['package', 'text'], ['price', 'bigint'],
  ['visit_date', 'date'], ['time_slot', 'text'], ['visit_time', 'text'], ['request_type', 'text'], ['assistant', 'text'],
  ['expert_id', 'bigint'], ['mechanic_id', 'bigint'], ['qc', 'boolean'], ['pricing', 'boolean'], ['is_immediate', 'boolean'],
  ['is_canceled', 'boolean'], ['seller_name', 'text'], ['seller_phone_number', 'text'], ['created_at', 'timestamptz'],
] as const;

/**
 * Inserts `count` orders with codes from 1,000,001 upward (below the code sequence of new
 * requests). Rows go in as column arrays through `unnest`, so 100,000 take a few seconds.
 */
const ON_THE_DAY = new Set(['E', 'I', 'S']);
const HOUR = 3_600_000;

/** An order is registered before its visit (at least two hours ahead) and never in the future. */
function registeredAt(visitDay: string | null, slot: string, now: number, r: number): string {
  const visitStart = visitDay ? Date.parse(`${visitDay}T${slot.slice(0, 2)}:00:00+03:30`) : now;
  const latest = Math.min(now, visitStart - 2 * HOUR);
  return new Date(latest - Math.floor(r * 5 * 24 * HOUR)).toISOString();
}

export async function seedOrders(db: Queryable, count: number, options: { experts?: number; today?: Date } = {}): Promise<void> {
  const next = random(20250321);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const totalWeight = STATE_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  const pickState = () => {
    let r = next() * totalWeight;
    for (const [state, weight] of STATE_WEIGHTS) if ((r -= weight) < 0) return state;
    return 'R';
  };
  const experts = Math.max(1, options.experts ?? 40);
  const today = tehranDateKey(options.today ?? new Date());
  const now = (options.today ?? new Date()).getTime();
  const batchSize = 5000;
  // The catalogue's packages (inspection-catalogue's migration), at their base prices.
  const packages = await db.query<{ name: string; price: number }>('SELECT name, base_price AS price FROM inspection_packages WHERE is_active ORDER BY id');

  for (let start = 0; start < count; start += batchSize) {
    const columns: unknown[][] = COLUMNS.map(() => []);
    for (let n = start; n < Math.min(count, start + batchSize); n += 1) {
      const state = pickState();
      const city = next() < 0.55 ? CITIES[0] : pick(CITIES);
      const pkg = pick(packages);
      const scheduled = !UNSCHEDULED.has(state) || next() < 0.3;
      const finished = state === 'D' || state === 'F' || state === 'Q' || state === 'W';
      // Consistent in time (issue 13): finished orders were visited on a past day, an expert on
      // the way or at work is there today, everything else waits for today or a day to come.
      const dayOffset = finished ? -Math.floor(next() * 5) : ON_THE_DAY.has(state) ? 0 : Math.floor(next() * 7);
      const slotIndex = Math.floor(next() * TIME_SLOTS.length);
      const slot = TIME_SLOTS[slotIndex]!;
      const phone = `09${pick(['12', '19', '35', '36', '01', '10', '90'])}${String(Math.floor(next() * 1e7)).padStart(7, '0')}`;
      const isSale = next() < 0.15;
      const row = [
        String(1_000_001 + n),
        state,
        `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        phone,
        city.id,
        `${city.name}، ${pick(STREETS)}، پلاک ${toPersianDigits(1 + Math.floor(next() * 200))}`,
        pick(NOTES),
        pick(CARS),
        pkg.name,
        pkg.price,
        scheduled ? addDays(today, dayOffset) : null,
        scheduled ? slot : null,
        scheduled && WITH_EXPERT.has(state) ? `${slot.slice(0, 2)}:${pick(['00', '15', '30', '45'])}` : null,
        pick(['web', 'web', 'app', 'app', 'phone']),
        pick(ASSISTANTS),
        WITH_EXPERT.has(state) ? 1 + Math.floor(next() * experts) : null,
        state === 'M' || (WITH_EXPERT.has(state) && next() < 0.25) ? 1001 + Math.floor(next() * 20) : null,
        state === 'Q' || state === 'D' || (state === 'W' && next() < 0.5),
        state === 'W' || (state === 'D' && next() < 0.4),
        pkg.name === 'کارشناسی فوری',
        state === 'F',
        isSale ? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` : null,
        isSale ? `0912${String(Math.floor(next() * 1e7)).padStart(7, '0')}` : null,
        registeredAt(scheduled ? addDays(today, dayOffset) : null, slot, now, next()),
      ];
      row.forEach((value, index) => columns[index]!.push(value));
    }
    const names = COLUMNS.map(([name]) => name).join(', ');
    const arrays = COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
    await db.query(`INSERT INTO inspections (${names}) SELECT * FROM unnest(${arrays})`, columns);
  }
  // Fresh statistics and visibility map after a bulk load: the planner picks the indexes, and
  // the list's count reads the state index alone (index-only) instead of every row.
  await db.query('VACUUM ANALYZE inspections');
}

export async function inspectionOrdersSeed(deps: GatewayDeps): Promise<void> {
  await seedOrders(deps.db, deps.env.SEED_ORDERS, { experts: deps.env.SEED_EXPERTS });
}
