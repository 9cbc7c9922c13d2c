import { ROLES, jalaliParts, tehranDateKey } from '@panel/contracts/common';
import { CANCEL_REASON_TYPES, dealCommission, type SaleState } from '@panel/contracts/concierge-sale';
import type { Db } from '../../db/db';
import type { GatewayDeps } from '../../deps';

// The demo data of the concierge sale (issue 15): SEED_CONCIERGE_SALES sales of the last two
// months in the cities of spec §9, cars from the brand-model catalogue, prices in tomans, people
// from the demo users, and every later stage consistent with the state (pricing bounds once a
// supervisor has it, offers while on offer, a pending deal while in a deal, an approved one when
// sold with its affidavit documents). Deterministic, so every demo shows the same data.

const FIRST = ['محمد', 'علی', 'حسین', 'رضا', 'مهدی', 'امیر', 'سعید', 'مریم', 'زهرا', 'فاطمه', 'نرگس', 'سمیرا', 'کامران', 'پریسا', 'حمید', 'لیلا', 'مجید', 'الهام'];
const LAST = ['احمدی', 'رضایی', 'کریمی', 'حسینی', 'موسوی', 'جعفری', 'صادقی', 'نوری', 'کاظمی', 'رحیمی', 'نادری', 'شریفی', 'مرادی', 'باقری', 'یزدانی', 'طاهری'];
const STREETS = ['خیابان ولیعصر', 'خیابان آزادی', 'بلوار کشاورز', 'خیابان شریعتی', 'بلوار فردوس', 'خیابان امام', 'بلوار جمهوری', 'خیابان انقلاب'];
const COLORS = ['سفید', 'مشکی', 'نقره‌ای', 'خاکستری', 'آبی', 'قرمز', 'نوک‌مدادی'];
const OPTIONS = ['سانروف', 'دوربین عقب', 'سنسور پارک', 'کروز کنترل', 'صندلی برقی', 'مانیتور', 'رینگ اسپرت'];
const PARTS = ['گلگیر جلو راست', 'گلگیر جلو چپ', 'درب عقب راست', 'کاپوت', 'سپر عقب', 'درب صندوق', 'رکاب چپ'];
const NOTES = ['مالک تا ساعت ۱۸ در دسترس است.', 'مشتری عجله‌ای برای فروش ندارد.', 'خودرو در پارکینگ منزل است؛ هماهنگی قبل از بازدید.', 'مشتری قیمت را قابل مذاکره می‌داند.', 'مدارک خودرو کامل است.'];
const CITY_IDS = [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 12, 1763, 1751, 150, 103];
const STATUS_CYCLE: SaleState[] = ['new', 'assigned', 'on_offer', 'assigned', 'in_deal', 'sold', 'on_offer', 'new', 'sold', 'canceled'];

/** A small deterministic generator, so a demo database is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    some: <T>(list: readonly T[], max: number): T[] => list.filter(() => next() < max / list.length),
  };
}

const personName = (r: ReturnType<typeof random>) => `${r.pick(FIRST)} ${r.pick(LAST)}`;
const phone = (r: ReturnType<typeof random>) => `09${r.pick(['12', '13', '19', '35', '36', '01', '21'])}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
const round = (n: number, to: number) => Math.round(n / to) * to;

async function usersWith(db: Db, role: string): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM users WHERE $1 = ANY(roles) AND is_active ORDER BY id', [role])).map((u) => u.id);
}

export async function conciergeSaleSeed({ db, env }: GatewayDeps): Promise<void> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*) AS count FROM concierge_sales');
  if ((existing?.count ?? 0) > 0) return;
  const supervisors = await usersWith(db, ROLES.supervisor);
  const experts = await usersWith(db, ROLES.salesExpert);
  const priceExperts = await usersWith(db, ROLES.priceExpert);
  const followers = await usersWith(db, ROLES.staff);
  const cars = await db.query<{ id: number; name: string; year_from: number; year_to: number | null; is_imported: boolean }>(
    `SELECT m.id, b.name_fa || ' ' || m.name_fa AS name, m.year_from, m.year_to, m.is_imported
       FROM car_models m JOIN car_brands b ON b.id = m.brand_id WHERE m.vehicle_type = 'light_car' ORDER BY m.id`,
  );
  if (cars.length === 0 || supervisors.length === 0) return;
  for (const [index, userId] of experts.entries()) {
    await db.query('INSERT INTO concierge_sales_experts (user_id, switch_user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, String(2040 + index)]);
  }

  const r = random(1515);
  const now = Date.now();
  const day = 86_400_000;
  // Model years are aged from today, not from the year the seed was written.
  const thisYear = { jalali: jalaliParts(now).year, gregorian: Number(tehranDateKey(now).slice(0, 4)) };
  await db.transaction(async (tx) => {
    for (let i = 0; i < env.SEED_CONCIERGE_SALES; i += 1) {
      const status = STATUS_CYCLE[i % STATUS_CYCLE.length]!;
      const car = r.pick(cars);
      // Jalali model years for Iranian cars, Gregorian for imported ones, as their owners say them.
      const current = car.is_imported ? thisYear.gregorian : thisYear.jalali;
      const lastYear = current - 1;
      const year = r.int(Math.max(car.year_from, lastYear - 10), Math.min(car.year_to ?? lastYear, lastYear));
      const age = current - year;
      const base = car.is_imported ? r.int(2_500, 7_000) : r.int(450, 1_600);
      const price = round(base * 1_000_000 * (1 - age * 0.035), 10_000_000);
      const createdAt = new Date(now - (status === 'new' ? r.int(0, 12) : r.int(1, 60)) * day - r.int(0, 600) * 60_000);
      const past = status !== 'new';
      const canceled = status === 'canceled';
      const painted = r.some(PARTS, 1.2);
      const warrantied = status === 'sold' && r.next() < 0.5;
      const [sale] = await tx.query<{ id: number }>(
        `INSERT INTO concierge_sales (token, status, created_at, updated_at, applicant_full_name, applicant_type, phone_number, city_id, address,
           car_model_id, car_brand_model, car_brand_model_year, usage, car_color, car_options, car_health_description, health_description,
           health_detail, health_state, painted_parts, damaged_parts, changed_parts, smoothed_parts, price, min_price, max_price,
           pricing_description, inspection_price, plan, is_quick_sale, is_leasing_available, is_warrantied, warranty_number, pos_receipt_number,
           is_count_in_offer, offer_supervisor, supervisor_id, sales_expert_id, follower_id, price_expert_id, reagent_switch_id,
           car_post_token, car_post_link, divar_post_token, divar_post_link, operator_note, description, cancel_reason_types, version)
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
           $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40, $41, $42, $43, $44, $45, $46, $47, $48)
         RETURNING id`,
        [
          `cs-${(1_000_000_000 + i * 7919).toString(36)}`,
          status,
          createdAt.toISOString(),
          personName(r),
          r.next() < 0.85 ? 'owner' : 'agent',
          i === 0 ? '09121234567' : phone(r),
          r.pick(CITY_IDS),
          `${r.pick(STREETS)}، کوچه ${r.int(1, 40)}، پلاک ${r.int(1, 120)}`,
          car.id,
          car.name,
          year,
          r.int(0, 25) * 8_000 + r.int(0, 7_999),
          r.pick(COLORS),
          r.some(OPTIONS, 2),
          past ? (painted.length ? `${painted.length} قطعه رنگ‌شدگی دارد` : 'بدون رنگ و بدون تصادف') : null,
          past ? 'موتور و گیربکس سالم، لاستیک‌ها ۷۰ درصد' : null,
          JSON.stringify(past ? { موتور: 'سالم', گیربکس: 'سالم', 'شاسی‌ها': 'سالم', ...Object.fromEntries(painted.map((p) => [p, 'رنگ‌شدگی'])) } : {}),
          past ? (painted.length === 0 ? 'healthy' : painted.length < 3 ? 'minor' : 'major') : null,
          past ? painted : [],
          past && r.next() < 0.15 ? [r.pick(PARTS)] : [],
          past && r.next() < 0.1 ? ['کاپوت'] : [],
          past && r.next() < 0.2 ? [r.pick(PARTS)] : [],
          price,
          past ? round(price * 0.94, 10_000_000) : null,
          past ? round(price * 1.03, 10_000_000) : null,
          past ? `بر اساس ${r.int(3, 9)} معامله اخیر همین مدل` : null,
          past ? round(price * 0.0012, 10_000) + 500_000 : null,
          r.pick(['standard', 'standard', 'gold', 'express'] as const),
          r.next() < 0.25,
          r.next() < 0.35,
          warrantied,
          warrantied ? `W-${(thisYear.jalali - 1) * 10_000 + i}` : null,
          status === 'sold' ? String(r.int(100000, 999999)) : null,
          status === 'on_offer',
          status === 'on_offer' ? 'سارا محمدی' : null,
          past && !(canceled && r.next() < 0.3) ? r.pick(supervisors) : null,
          r.next() < 0.9 ? r.pick(experts) : null,
          r.pick(followers),
          past && priceExperts.length ? r.pick(priceExperts) : null,
          r.next() < 0.2 ? String(r.int(3000, 3999)) : null,
          past ? `cp${i}${r.int(100, 999)}` : null,
          past ? `https://example.ir/car/cp${i}` : null,
          // The Divar token and link are the divar-tokens module's (decision 084): its seed links them.
          null,
          null,
          r.next() < 0.3 ? r.pick(NOTES) : null,
          r.next() < 0.4 ? 'مشتری تمایل به فروش نقدی دارد.' : null,
          canceled ? [r.pick(Object.keys(CANCEL_REASON_TYPES))] : [],
          past ? 2 : 0,
        ],
      );
      const id = sale!.id;
      const at = (offsetDays: number) => new Date(Math.min(now - 60_000, createdAt.getTime() + offsetDays * day)).toISOString();
      await tx.query(`INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at) VALUES ('concierge_sale', $1, 'create', NULL, 'new', 'staff', 'سارا محمدی', $2)`, [id, createdAt.toISOString()]);
      if (past && !canceled) {
        await tx.query(`INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at) VALUES ('concierge_sale', $1, 'assign_supervisor', 'new', 'assigned', 'supervisor', 'رضا قاسمی', $2)`, [id, at(1)]);
        await tx.query(`INSERT INTO concierge_sale_inspections (sale_id, token, state, created_at, report_url) VALUES ($1, $2, 'D', $3, $4)`, [id, `insp-${id}`, at(1), `https://example.ir/report/insp-${id}`]);
        await tx.query(`INSERT INTO concierge_sale_payments (sale_id, amount, type, status, paid_at) VALUES ($1, $2, 'inspection', 'paid', $3)`, [id, round(price * 0.0012, 10_000) + 500_000, at(1)]);
        await tx.query(`INSERT INTO concierge_sale_pricing_items (sale_id, title, price) VALUES ($1, 'قیمت پایه بازار', $2), ($1, 'کسر رنگ‌شدگی', $3)`, [id, round(price * 1.04, 1_000_000), round(price * 0.04, 1_000_000)]);
      }
      if (canceled) {
        await tx.query(`INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at) VALUES ('concierge_sale', $1, 'cancel_sale', 'new', 'canceled', 'staff', 'سارا محمدی', 'مشتری منصرف شد', $2)`, [id, at(2)]);
      }
      if (status === 'on_offer') {
        await tx.query(`INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at) VALUES ('concierge_sale', $1, 'send_to_offer', 'assigned', 'on_offer', 'staff', 'سارا محمدی', $2)`, [id, at(2)]);
        for (let k = r.int(0, 3); k > 0; k -= 1) {
          await tx.query(`INSERT INTO concierge_sale_buyer_offers (sale_id, buyer_name, buyer_phone_number, amount, created_at) VALUES ($1, $2, $3, $4, $5)`, [
            id,
            personName(r),
            phone(r),
            round(price * (0.88 + r.next() * 0.14), 5_000_000),
            new Date(now - r.int(5, 300) * 60_000).toISOString(),
          ]);
        }
      }
      if (status === 'in_deal' || status === 'sold') {
        const dealPrice = round(price * (0.95 + r.next() * 0.06), 5_000_000);
        const commission = dealCommission(dealPrice, 1, 0.5);
        const dealDay = new Date(Math.min(now, createdAt.getTime() + r.int(5, 20) * day)).toISOString().slice(0, 10);
        await tx.query(`INSERT INTO concierge_sale_price_agreements (sale_id, price, created_at, description) VALUES ($1, $2, $3, 'توافق تلفنی با مالک')`, [id, dealPrice, at(3)]);
        await tx.query(
          `INSERT INTO concierge_sale_deals (sale_id, supervisor_id, city_id, state, buyer_name, buyer_phone_number, price, deal_date, description, sale_commission_percent,
             buy_commission_percent, sale_commission, buy_commission, product_commission, created_by, created_at, approved_by, approved_at)
           VALUES ($1, (SELECT supervisor_id FROM concierge_sales WHERE id = $1), (SELECT city_id FROM concierge_sales WHERE id = $1), $2, $3, $4, $5, $6, $7, 1, 0.5,
             $8, $9, $10, 'staff', $11, $12, $13)`,
          [id, status === 'sold' ? 'approved' : 'pending', personName(r), phone(r), dealPrice, dealDay, 'پرداخت در دو قسط', commission.sale, commission.buy, commission.product, at(4), status === 'sold' ? 'supervisor' : null, status === 'sold' ? at(5) : null],
        );
        await tx.query(`INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at) VALUES ('concierge_sale', $1, 'submit_deal', 'assigned', 'in_deal', 'staff', 'سارا محمدی', $2)`, [id, at(4)]);
        if (status === 'sold') {
          await tx.query(`INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at) VALUES ('concierge_sale', $1, 'approve_deal', 'in_deal', 'sold', 'supervisor', 'رضا قاسمی', $2)`, [id, at(5)]);
          await tx.query(`INSERT INTO concierge_sale_payments (sale_id, amount, type, status, paid_at, description) VALUES ($1, $2, 'commission', 'paid', $3, 'کمیسیون فروش')`, [id, commission.product, at(5)]);
          await tx.query(
            `INSERT INTO concierge_sale_documents (sale_id, kind, name, url) VALUES ($1, 'affidavit', 'قولنامه.pdf', $2), ($1, 'payment_receipt', 'رسید پرداخت.jpg', $3)`,
            [id, `https://cdn.example.ir/docs/${id}/affidavit.pdf`, `https://cdn.example.ir/docs/${id}/receipt.jpg`],
          );
        }
      }
      if (r.next() < 0.35) {
        await tx.query(`INSERT INTO concierge_sale_notes (sale_id, content, author, created_at) VALUES ($1, $2, 'سارا محمدی', $3)`, [id, r.pick(NOTES), at(1)]);
      }
    }
  });
}

/**
 * The demo's buyers: every `intervalMs` one offer on a random sale on offer, between its bounds
 * give or take, published to live watchers like any buyer's offer. Off in tests.
 */
export function startOfferTrickle(db: Db, intervalMs: number, publish: (ids: number[]) => Promise<void>, onError: (error: unknown) => void): () => void {
  const r = random(Date.now() % 100_000);
  const timer = setInterval(() => {
    void (async () => {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO concierge_sale_buyer_offers (sale_id, buyer_name, buyer_phone_number, amount)
         SELECT s.id, $1, $2, (round(coalesce(s.min_price, s.price) * $3::numeric / 5000000) * 5000000)::bigint
           FROM concierge_sales s WHERE s.status = 'on_offer' ORDER BY random() LIMIT 1
         RETURNING id`,
        [personName(r), phone(r), 0.9 + r.next() * 0.15],
      );
      await publish(rows.map((row) => row.id));
    })().catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
