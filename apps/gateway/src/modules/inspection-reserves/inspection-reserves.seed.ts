import type { GatewayDeps } from '../../deps';

// Demo reserves consistent with the dispatch sheet: every cell the dispatch seed left "instant
// reserved" (availability 4) whose shift has not ended is a customer's waiting reserve (a deadline within
// a few hours and never past its shift's end, as a renewal keeps it; some with their payment link sent); such cells of earlier days are reserves that
// expired, and their cells are free again; some busy cells with an order were paid reserves,
// some free cells were released. The expiry sweep then ends the waiting ones, as in real life.

const FIRST = ['مریم', 'علی', 'زهرا', 'حسین', 'فاطمه', 'رضا', 'نرگس', 'مهدی', 'سارا', 'امیر', 'لیلا', 'محمد'];
const LAST = ['احمدی', 'رضایی', 'کریمی', 'موسوی', 'حسینی', 'نوری', 'صادقی', 'جعفری', 'رحیمی', 'هاشمی', 'قاسمی', 'یزدانی'];
const PACKAGES = [
  ['کارشناسی پایه', 650000],
  ['کارشناسی استاندارد', 950000],
  ['کارشناسی جامع', 1450000],
] as const;

export async function inspectionReservesSeed({ db }: GatewayDeps): Promise<void> {
  const params = [FIRST, LAST, PACKAGES.map((p) => p[0]), PACKAGES.map((p) => p[1])];
  // Spread by a hash of the cell, not its pk: one expert's cells are a fixed stride of pks apart,
  // and a modulo of the pk gave every reserve of that expert the same customer name.
  const pick = (salt: string, n: number) => `(1 + abs(hashtext('${salt}' || c.pk)) % ${n})`;
  const customer = `($1::text[])[${pick('first', 12)}] || ' ' || ($2::text[])[${pick('last', 12)}]`;
  const phone = `'0912' || lpad(((c.pk * 7919) % 10000000)::text, 7, '0')`;
  const pack = `($3::text[])[${pick('package', 3)}]`;
  const price = `($4::int[])[${pick('package', 3)}]`;
  const ends = `((s.date + s.end_time::time) AT TIME ZONE 'Asia/Tehran')`;
  const ended = `${ends} <= now()`;
  // Waiting: the sheet's instant-reserved cells whose shift has not ended.
  await db.query(
    `INSERT INTO inspection_reserves (cell_pk, customer_name, phone_number, city_id, package, price, reserved_at, payment_deadline, link_sent_at, link_text, created_by)
     SELECT c.pk, ${customer}, ${phone}, e.city_id, ${pack}, ${price}, t.at, least(now() + ${pick('deadline', 180)} * interval '1 minute' + interval '10 minutes', ${ends}),
            CASE WHEN c.pk % 3 = 0 THEN t.at + interval '1 minute' END,
            CASE WHEN c.pk % 3 = 0 THEN ${customer} || ' عزیز، برای قطعی شدن رزرو کارشناسی لطفا مبلغ را پرداخت کنید: https://pay.example.com/reserve' END,
            'customer-app'
       FROM expert_timeslots c JOIN experts e ON e.pk = c.expert_id JOIN dispatch_shifts s ON s.pk = c.shift_id,
            LATERAL (SELECT now() - ${pick('reserved', 240)} * interval '1 minute' AS at) t
      WHERE c.state = 4 AND c.inspection_id IS NULL AND NOT ${ended}`,
    params,
  );
  // Expired: instant-reserved cells of shifts that ended, which are free again.
  await db.query(
    `WITH gone AS (
       INSERT INTO inspection_reserves (cell_pk, customer_name, phone_number, city_id, package, price, state, reserved_at, payment_deadline, closed_at, created_by)
       SELECT c.pk, ${customer}, ${phone}, e.city_id, ${pack}, ${price}, 'expired', s.date - interval '1 day' + interval '9 hours',
              s.date - interval '1 day' + interval '9 hours 30 minutes', s.date - interval '1 day' + interval '9 hours 30 minutes', 'customer-app'
         FROM expert_timeslots c JOIN experts e ON e.pk = c.expert_id JOIN dispatch_shifts s ON s.pk = c.shift_id
        WHERE c.state = 4 AND c.inspection_id IS NULL AND ${ended}
       RETURNING cell_pk)
     UPDATE expert_timeslots SET state = 0, version = version + 1 WHERE pk IN (SELECT cell_pk FROM gone)`,
    params,
  );
  // Paid: some cells busy with an order were a customer's reserve first.
  await db.query(
    `INSERT INTO inspection_reserves (cell_pk, customer_name, phone_number, city_id, package, price, state, reserved_at, payment_deadline, paid_at, closed_at, link_sent_at, link_text, created_by)
     SELECT c.pk, i.customer_name, i.phone_number, i.city_id, i.package, greatest(i.price, 1), 'paid', t.at, t.at + interval '30 minutes', t.at + interval '12 minutes',
            t.at + interval '12 minutes', t.at + interval '2 minutes', i.customer_name || ' عزیز، برای قطعی شدن رزرو کارشناسی لطفا مبلغ را پرداخت کنید: https://pay.example.com/reserve', 'customer-app'
       FROM expert_timeslots c JOIN inspections i ON i.pk = c.inspection_id,
            LATERAL (SELECT now() - interval '1 day' - (c.pk % 50) * interval '1 minute' AS at) t
      WHERE c.pk % 9 = 0 AND i.phone_number ~ '^09[0-9]{9}$'`,
  );
  // Released: some free cells were let go by staff.
  await db.query(
    `INSERT INTO inspection_reserves (cell_pk, customer_name, phone_number, city_id, package, price, state, reserved_at, payment_deadline, closed_at, release_reason, created_by)
     SELECT c.pk, ${customer}, ${phone}, e.city_id, ${pack}, ${price}, 'released', t.at, t.at + interval '30 minutes', t.at + interval '8 minutes', 'مشتری زمان دیگری خواست', 'customer-app'
       FROM expert_timeslots c JOIN experts e ON e.pk = c.expert_id,
            LATERAL (SELECT now() - interval '2 hours' - (c.pk % 40) * interval '1 minute' AS at) t
      WHERE c.state = 0 AND c.inspection_id IS NULL AND c.pk % 97 = 0`,
    params,
  );
  // Their history: each was made by the customer app; the closed ones say how they ended.
  await db.query(
    `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at)
     SELECT 'inspection_reserve', id, 'create', NULL, 'waiting', 'customer-app', 'اپلیکیشن مشتری', reserved_at FROM inspection_reserves
     UNION ALL
     SELECT 'inspection_reserve', id, CASE state WHEN 'expired' THEN 'expire' WHEN 'released' THEN 'release' ELSE 'paid' END, 'waiting', state,
            CASE state WHEN 'released' THEN 'staff2' ELSE 'system' END, CASE state WHEN 'released' THEN 'علی رضایی' ELSE 'سامانه' END, closed_at
       FROM inspection_reserves WHERE state <> 'waiting'`,
  );
}
