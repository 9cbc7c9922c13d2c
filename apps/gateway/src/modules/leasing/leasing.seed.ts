import { randomUUID } from 'node:crypto';
import { CITIES, tehranDateKey } from '@panel/contracts/common';
import { addDays, computeSchedule, type LeasingOrderState } from '@panel/contracts/leasing';
import type { Db } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { waterfall } from './leasing-claims.service';

// Demo leasing orders spread over the provider's steps, registered over the last months; a third
// delivered, their claims with instalments and some payments by the waterfall, a few overdue.
// Runs once per database (the seed order of modules.ts); every row passes the database's checks.

const FIRST = ['علی', 'محمد', 'زهرا', 'مریم', 'حسین', 'نرگس', 'رضا', 'سارا', 'امیر', 'پریسا', 'مهدی', 'فاطمه'];
const LAST = ['رضایی', 'احمدی', 'کریمی', 'موسوی', 'نوری', 'صادقی', 'طاهری', 'شریفی', 'جعفری', 'حیدری'];
const CARS = [
  ['پژو ۲۰۷ اتوماتیک', 1_150_000_000],
  ['ایران‌خودرو دنا پلاس', 1_320_000_000],
  ['سایپا شاهین', 890_000_000],
  ['ایران‌خودرو تارا', 1_250_000_000],
  ['سایپا ساینا اس', 640_000_000],
  ['کرمان‌موتور جک S5', 2_100_000_000],
] as const;
const STATES: LeasingOrderState[] = ['registered', 'documents', 'provider_review', 'approved', 'contract_signed', 'delivered', 'delivered', 'rejected', 'delivered', 'canceled'];

/** A valid national code from nine digits (the check digit of decision 103's checksum). */
export function nationalIdOf(n: number): string {
  const body = String(100_000_000 + ((n * 7_654_321) % 899_999_999)).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(body[i]) * (10 - i);
  const r = sum % 11;
  return `${body}${r < 2 ? r : 11 - r}`;
}

export async function seedLeasing(db: Db, count: number, now = new Date()): Promise<void> {
  const plans = await db.query<{ id: number; provider_id: number; annual_rate: number; min_down_percent: number; months: number[]; city_ids: number[] }>(
    `SELECT pl.id, g.provider_id, pl.annual_rate, pl.min_down_percent, pl.months, p.city_ids
       FROM leasing_plans pl JOIN leasing_plan_groups g ON g.id = pl.group_id JOIN leasing_providers p ON p.id = g.provider_id
      WHERE pl.is_active AND pl.vehicle_type = 'light_car' ORDER BY pl.id`,
  );
  if (plans.length === 0) return;
  const today = tehranDateKey(now);
  for (let n = 0; n < count; n += 1) {
    const plan = plans[n % plans.length]!;
    const [car, price] = CARS[n % CARS.length]!;
    const months = plan.months[n % plan.months.length]!;
    const down = Math.ceil((price * (plan.min_down_percent + (n % 3) * 5)) / 100 / 1_000_000) * 1_000_000;
    const state = STATES[n % STATES.length]!;
    // Delivered orders started 1-8 months ago, so their claims have instalments due and overdue.
    const daysAgo = state === 'delivered' ? 30 + ((n * 37) % 220) : (n * 3) % 40;
    const start = addDays(today, -daysAgo);
    const schedule = computeSchedule({ price, downPayment: down, annualRatePercent: Number(plan.annual_rate), months, startDay: start });
    const city = plan.city_ids.length ? plan.city_ids[n % plan.city_ids.length]! : CITIES[n % CITIES.length]!.id;
    const created = new Date(now.getTime() - (daysAgo * 24 + 3) * 3_600_000).toISOString();
    await db.transaction(async (tx) => {
      const [order] = await tx.query<{ id: number }>(
        `INSERT INTO leasing_orders (state, customer_name, national_id, phone_number, city_id, provider_id, plan_id, car_title, price, down_payment,
           months, annual_rate, monthly, total, start_day, reject_reason, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'sara.ahmadi', $17, $17) RETURNING id`,
        [
          state, `${FIRST[n % FIRST.length]} ${LAST[(n * 3) % LAST.length]}`, nationalIdOf(n + 1), `0935${String(1_000_000 + ((n * 104_729) % 8_999_999)).padStart(7, '0')}`,
          city, plan.provider_id, plan.id, car, price, down, months, plan.annual_rate, schedule.monthly, schedule.total, start,
          state === 'rejected' ? 'credit' : null, created,
        ],
      );
      await tx.query(`INSERT INTO action_log (entity, entity_id, action, to_state, actor_username, actor_fullname, reason, at) VALUES ('leasing_order', $1, 'register', 'registered', 'sara.ahmadi', 'سارا احمدی', '', $2)`, [order!.id, created]);
      if (state !== 'delivered') return;
      // Paid on time for a while: the first k due instalments, the last of them in part for some.
      const due = schedule.instalments.filter((i) => i.due_date <= today);
      const paidCount = Math.max(0, due.length - (n % 3));
      const paidAmount = due.slice(0, paidCount).reduce((s, i) => s + i.amount, 0) - (n % 2 === 0 && paidCount > 0 ? Math.floor(due[paidCount - 1]!.amount / 2) : 0);
      const [claim] = await tx.query<{ id: number }>(`INSERT INTO leasing_claims (order_id, total, state, step) VALUES ($1, $2, $3, $4) RETURNING id`, [
        order!.id, schedule.total, paidAmount === schedule.total ? 'settled' : paidCount < due.length ? 'followup' : 'current', paidCount < due.length ? 'call' : null,
      ]);
      const instalments = await tx.query<{ id: number; amount: number; paid: number }>(
        `INSERT INTO leasing_instalments (claim_id, seq, due_date, amount) SELECT $1, seq, due_date, amount FROM json_to_recordset($2::json) AS x (seq int, due_date date, amount bigint) RETURNING id, amount, paid`,
        [claim!.id, JSON.stringify(schedule.instalments)],
      );
      if (paidAmount <= 0) return;
      const [payment] = await tx.query<{ id: number }>(
        `INSERT INTO leasing_payments (claim_id, request_id, amount, paid_on, receipt, created_by) VALUES ($1, $2, $3, $4, $5, 'sara.ahmadi') RETURNING id`,
        [claim!.id, randomUUID(), paidAmount, today, `RC-${100_000 + n}`],
      );
      for (const a of waterfall(instalments, paidAmount).allocations) {
        await tx.query('INSERT INTO leasing_payment_allocations (payment_id, instalment_id, amount) VALUES ($1, $2, $3)', [payment!.id, a.instalment_id, a.amount]);
      }
    });
  }
}

export async function leasingSeed(deps: GatewayDeps): Promise<void> {
  await seedLeasing(deps.db, deps.env.SEED_LEASING_ORDERS);
}
