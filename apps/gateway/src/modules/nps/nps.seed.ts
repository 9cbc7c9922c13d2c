import { NPS_ROOT_CAUSES, NPS_TARGET_HOURS } from '@panel/contracts/nps';
import type { Db } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { NPS_ENTITY } from './nps.service';

// Demo survey answers (decision 115) over the last 180 days, more of them lately: Persian customers (the seeded
// inspection orders' own where there are orders, one answer per order), scores of a plausible
// spread (about 55% promoters, 25% passives, 20% detractors), comments of each group, and a
// follow-up as far as its age allows: old detractors mostly closed with a root cause (some called
// back after their 48-hour target), recent ones new, waiting for a call or called back, a few past
// their target; a few answers set aside (A). Each answer's history is its path through the table.
// One INSERT … SELECT each, so thousands seed fast. Runs once per database; every row passes the
// table's checks.

const FIRST = ['علی', 'محمد', 'زهرا', 'مریم', 'حسین', 'نرگس', 'رضا', 'سارا', 'امیر', 'پریسا', 'مهدی', 'فاطمه', 'کامران', 'لیلا'];
const LAST = ['رضایی', 'احمدی', 'کریمی', 'موسوی', 'نوری', 'صادقی', 'طاهری', 'شریفی', 'جعفری', 'حیدری', 'قاسمی', 'امینی', 'نادری'];
const PROMOTER_COMMENTS = [
  'کارشناس خیلی دقیق و خوش‌برخورد بود، ممنون از شما.',
  'گزارش کامل و به‌موقع به دستم رسید.',
  'سریع و بدون دردسر بود، حتماً به دوستانم معرفی می‌کنم.',
  'از توضیحات کارشناس درباره رنگ و بدنه خیلی راضی بودم.',
  'هماهنگی وقت بازدید عالی بود.',
  '',
];
const PASSIVE_COMMENTS = [
  'در مجموع خوب بود ولی کارشناس کمی دیر رسید.',
  'گزارش خوب بود اما قیمت کمی بالاست.',
  'کار انجام شد، انتظار توضیح بیشتری درباره موتور داشتم.',
  'پشتیبانی دیر جواب داد ولی مشکل حل شد.',
  '',
];
const DETRACTOR_COMMENTS = [
  'کارشناس یک ساعت دیر آمد و هیچ تماسی هم نگرفت.',
  'گزارش با وضعیت واقعی خودرو همخوانی نداشت؛ صافکاری گلگیر را ندیده بود.',
  'هزینه بازدید نسبت به زمانی که گذاشته شد زیاد بود.',
  'پول کارشناسی لغوشده هنوز برنگشته است.',
  'چند بار وقت بازدید جابه‌جا شد.',
  'برخورد کارشناس با فروشنده مناسب نبود.',
  'اپلیکیشن موقع پرداخت خطا داد و دو بار پول کم شد.',
  'پشتیبانی تلفنی جواب نمی‌داد.',
];
const CALL_NOTES = ['مشتری توضیحات را پذیرفت.', 'با مشتری صحبت شد و عذرخواهی کردیم.', 'مشتری منتظر بازگشت وجه است.', 'قرار شد گزارش دوباره بررسی شود.'];
const REFER_NOTES = ['ارجاع به واحد مالی برای بازگشت وجه', 'ارجاع به سرپرست کارشناسان', 'ارجاع به واحد فنی اپلیکیشن'];
const DETRACTOR_CAUSES = ['expert_delay', 'report_quality', 'price', 'payment', 'booking', 'expert_conduct', 'app', 'support', 'expectation'];
const SEED_BY = 'nps-seed';

export async function seedNps(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const [existing] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM nps_answers) AS any');
  if (existing?.any) return;
  // The seeded orders a survey went to, each answered once (its customer is the answer's).
  const orders = await db.query<{ pk: number; customer_name: string; phone_number: string }>(
    `SELECT pk, customer_name, phone_number FROM inspections
      WHERE NOT is_canceled AND state <> 'F' AND phone_number ~ '^09[0-9]{9}$' AND length(btrim(customer_name)) BETWEEN 2 AND 100
      ORDER BY pk LIMIT $1`,
    [count],
  );
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO nps_answers (state, version, score, comment, customer_name, customer_phone, inspection_id, channel, answered_at, due_at, responded_at, root_cause, created_by, created_at, updated_at)
       SELECT s.state,
              CASE s.state WHEN 'B' THEN 0 WHEN 'A' THEN 1 WHEN 'C' THEN 1 WHEN 'D' THEN 2 WHEN 'E' THEN 2 WHEN 'F' THEN 3 WHEN 'G' THEN 3 WHEN 'H' THEN CASE WHEN s.score <= 6 THEN 4 ELSE 1 END END,
              s.score,
              CASE WHEN s.score >= 9 THEN ($5::text[])[1 + n % cardinality($5::text[])]
                   WHEN s.score >= 7 THEN ($6::text[])[1 + n % cardinality($6::text[])]
                   ELSE ($7::text[])[1 + (n / 3) % cardinality($7::text[])] END,
              COALESCE(($9::text[])[n], ($2::text[])[1 + n % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (n / 14) % cardinality($3::text[])]),
              COALESCE(($10::text[])[n], '0912' || lpad(((n * 7919) % 10000000)::text, 7, '0')),
              ($8::bigint[])[n],
              CASE WHEN n % 10 < 6 THEN 'sms' WHEN n % 10 < 9 THEN 'app' ELSE 'call' END,
              s.answered_at,
              CASE WHEN s.score <= 6 THEN s.answered_at + make_interval(hours => $11) END,
              CASE WHEN s.state IN ('E', 'F', 'G', 'H') THEN LEAST(s.answered_at + (1 + n % 70) * interval '1 hour', now() - interval '7 seconds') END,
              CASE WHEN s.state = 'H' THEN CASE WHEN s.score <= 6 THEN ($4::text[])[1 + n % cardinality($4::text[])] WHEN n % 5 = 0 THEN 'price' ELSE 'no_issue' END END,
              '${SEED_BY}', s.answered_at, s.answered_at
         FROM generate_series(1, $1::int) n
         CROSS JOIN LATERAL (SELECT
              CASE WHEN (n * 37) % 100 < 3 THEN (n % 3)
                   WHEN (n * 37) % 100 < 8 THEN 3 + n % 2
                   WHEN (n * 37) % 100 < 20 THEN 5 + n % 2
                   WHEN (n * 37) % 100 < 45 THEN 7 + n % 2
                   ELSE 9 + n % 2 END AS score,
              now() - (180 * 24 * 60) * power(((n::bigint * 104729) % 1000003) / 1000003.0, 1.2) * interval '1 minute' - interval '5 minutes' AS answered_at,
              ((n::bigint * 2654435761) % 4294967296) * 100 / 4294967296 AS r) base
         CROSS JOIN LATERAL (SELECT base.score, base.answered_at,
              CASE WHEN base.r < 2 THEN 'A'
                   WHEN base.score <= 6 AND base.answered_at > now() - interval '48 hours' THEN
                        CASE WHEN base.r < 40 THEN 'B' WHEN base.r < 70 THEN 'C' WHEN base.r < 85 THEN 'D' ELSE 'E' END
                   WHEN base.score <= 6 THEN
                        CASE WHEN base.r < 70 THEN 'H' WHEN base.r < 80 THEN 'G' WHEN base.r < 88 THEN 'F' WHEN base.r < 94 THEN 'E' WHEN base.r < 97 THEN 'D' ELSE 'B' END
                   WHEN base.answered_at < now() - interval '3 days' AND base.r < 45 THEN 'H'
                   WHEN base.score <= 8 AND base.r > 90 THEN 'C'
                   ELSE 'B' END AS state) s`,
      [count, FIRST, LAST, DETRACTOR_CAUSES, PROMOTER_COMMENTS, PASSIVE_COMMENTS, DETRACTOR_COMMENTS, orders.map((o) => o.pk), orders.map((o) => o.customer_name.trim()), orders.map((o) => o.phone_number), NPS_TARGET_HOURS],
    );
    // Each answer's history: its arrival, then the moves that brought it to its state.
    await tx.query(
      `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at)
       SELECT $1, a.id, p.action, p.from_state, p.to_state,
              CASE WHEN p.action = 'answer' THEN 'survey' WHEN a.id % 2 = 0 THEN 'sara.ahmadi' ELSE 'ali.rezaei' END,
              CASE WHEN p.action = 'answer' THEN 'سامانه نظرسنجی' WHEN a.id % 2 = 0 THEN 'سارا احمدی' ELSE 'علی رضایی' END,
              CASE p.action
                WHEN 'answer' THEN 'امتیاز ' || translate(a.score::text, '0123456789', '۰۱۲۳۴۵۶۷۸۹')
                WHEN 'call_back' THEN ($2::text[])[1 + a.id % cardinality($2::text[])]
                WHEN 'refer' THEN ($3::text[])[1 + a.id % cardinality($3::text[])]
                WHEN 'exclude' THEN 'پاسخ تکراری'
                WHEN 'close' THEN 'علت ریشه‌ای: ' || ($4::jsonb ->> a.root_cause)
                ELSE '' END,
              LEAST(CASE p.action
                      WHEN 'answer' THEN a.answered_at
                      WHEN 'open_followup' THEN a.answered_at + interval '15 minutes'
                      WHEN 'exclude' THEN a.answered_at + interval '30 minutes'
                      WHEN 'no_answer' THEN a.answered_at + interval '2 hours'
                      WHEN 'call_back' THEN a.responded_at
                      WHEN 'refer' THEN a.responded_at + interval '3 hours'
                      WHEN 'resolve' THEN a.responded_at + interval '26 hours'
                      ELSE CASE WHEN a.score <= 6 THEN a.responded_at + interval '50 hours' ELSE a.responded_at END END,
                    now() - (10 - p.ord) * interval '1 second')
         FROM nps_answers a
         JOIN (VALUES (1, 'answer', NULL, 'B', '{A,B,C,D,E,F,G,H}'::text[]),
                      (2, 'exclude', 'B', 'A', '{A}'),
                      (2, 'open_followup', 'B', 'C', '{C,D,E,F,G,H}'),
                      (3, 'no_answer', 'C', 'D', '{D}'),
                      (4, 'call_back', 'C', 'E', '{E,F,G,H}'),
                      (5, 'refer', 'E', 'F', '{F}'),
                      (6, 'resolve', 'E', 'G', '{G,H}'),
                      (7, 'close', 'G', 'H', '{H}')) p (ord, action, from_state, to_state, states)
           ON a.state = ANY (p.states)
              -- A promoter's or a passive's closed answer was closed as it came (B → H), with no call.
              AND (a.state <> 'H' OR a.score <= 6 OR p.action = 'answer')
        WHERE a.created_by = '${SEED_BY}'
        ORDER BY a.id, p.ord`,
      [NPS_ENTITY, CALL_NOTES, REFER_NOTES, JSON.stringify(NPS_ROOT_CAUSES)],
    );
    await tx.query(
      `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at)
       SELECT $1, a.id, 'close', 'B', 'H', 'sara.ahmadi', 'سارا احمدی', 'علت ریشه‌ای: ' || ($2::jsonb ->> a.root_cause), a.responded_at
         FROM nps_answers a WHERE a.created_by = '${SEED_BY}' AND a.state = 'H' AND a.score > 6 ORDER BY a.id`,
      [NPS_ENTITY, JSON.stringify(NPS_ROOT_CAUSES)],
    );
  });
}

export async function npsSeed(deps: GatewayDeps): Promise<void> {
  await seedNps(deps.db, deps.env.SEED_NPS);
}
