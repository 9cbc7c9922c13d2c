import type { Db } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { sampleMedia } from '../../media/media';
import { AFFIDAVIT_ENTITY } from './affidavits.service';

// Demo affidavits (decision 104) over the last ninety days, in every state of the table: Persian
// buyers and sellers, cars with Jalali model years, prices in tomans and the fee of the rule; the
// completed ones carry their checklist's documents (sample files of the media store), a few are
// linked to a concierge sale. One INSERT … SELECT, so 100,000 rows (the list's bench) seed fast.
// Runs once per database; every row passes the table's checks.

const FIRST = ['علی', 'محمد', 'زهرا', 'مریم', 'حسین', 'نرگس', 'رضا', 'سارا', 'امیر', 'پریسا', 'مهدی', 'فاطمه'];
const LAST = ['رضایی', 'احمدی', 'کریمی', 'موسوی', 'نوری', 'صادقی', 'طاهری', 'شریفی', 'جعفری', 'حیدری', 'قاسمی'];
const CARS = ['پژو ۲۰۶ تیپ ۲', 'پژو ۲۰۷ اتوماتیک', 'سمند ال‌ایکس', 'ایران‌خودرو دنا پلاس', 'سایپا شاهین', 'تویوتا کرولا', 'هیوندای النترا', 'کیا اسپورتیج', 'رنو تندر ۹۰', 'ام‌وی‌ام X22'];
const STATES = ['draft', 'priced', 'priced', 'purchased', 'links_sent', 'done', 'done', 'done', 'canceled', 'links_sent'];
const CITY_IDS = [1, 1, 1, 2, 3, 4, 5, 6];

export async function seedAffidavits(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const [existing] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM affidavits) AS any');
  if (existing?.any) return;
  const sales = (await db.query<{ id: number }>('SELECT id FROM concierge_sales ORDER BY id LIMIT 40')).map((s) => s.id);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO affidavits (state, version, buyer_name, buyer_phone, seller_name, seller_phone, car_title, car_year, city_id, price, fee,
                               concierge_sale_id, purchase_request_id, purchased_at, created_by, created_at, updated_at)
       SELECT s.state, s.version, s.buyer_name, s.buyer_phone, s.seller_name, s.seller_phone, s.car_title, s.car_year, s.city_id, s.price,
              CASE WHEN s.state IN ('draft', 'canceled') THEN NULL ELSE LEAST(5000000, GREATEST(300000, CEIL(s.price * 0.005 / 1000) * 1000)) END,
              CASE WHEN n % 6 = 0 AND cardinality($5::bigint[]) > 0 THEN ($5::bigint[])[1 + n % cardinality($5::bigint[])] END,
              CASE WHEN s.state IN ('purchased', 'links_sent', 'done') THEN gen_random_uuid() END,
              CASE WHEN s.state IN ('purchased', 'links_sent', 'done') THEN s.created_at + interval '3 hours' END,
              'sara.ahmadi', s.created_at, s.created_at
         FROM generate_series(1, $1::int) n
         CROSS JOIN LATERAL (SELECT
              ($2::text[])[1 + n % 10] AS state,
              CASE WHEN ($2::text[])[1 + n % 10] = 'draft' THEN 0 ELSE 1 + n % 3 END AS version,
              ($3::text[])[1 + n % 12] || ' ' || ($4::text[])[1 + (n / 12) % 11] AS buyer_name,
              '0912' || lpad(((n * 7919) % 10000000)::text, 7, '0') AS buyer_phone,
              ($3::text[])[1 + (n + 5) % 12] || ' ' || ($4::text[])[1 + (n / 7) % 11] AS seller_name,
              '0935' || lpad(((n * 104729) % 10000000)::text, 7, '0') AS seller_phone,
              ($6::text[])[1 + n % 10] AS car_title,
              1385 + n % 19 AS car_year,
              ($7::int[])[1 + n % 8] AS city_id,
              (200 + (n * 37) % 2800)::bigint * 1000000 AS price,
              now() - ((n * 7919) % (90 * 24 * 60)) * interval '1 minute' - interval '5 minutes' AS created_at) s`,
      [count, STATES, FIRST, LAST, sales, CARS, CITY_IDS],
    );
    await tx.query(
      `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at)
       SELECT $1, id, 'add', NULL, 'draft', 'sara.ahmadi', 'سارا احمدی', created_at FROM affidavits`,
      [AFFIDAVIT_ENTITY],
    );
  });
  const samples = await sampleMedia(db);
  const [first, second] = [...samples.values()];
  if (!first || !second) return;
  await db.query(
    `INSERT INTO affidavit_documents (affidavit_id, media_id, kind, created_by, created_at)
     SELECT a.id, d.media_id, d.kind, 'sara.ahmadi', a.created_at + interval '1 day'
       FROM affidavits a CROSS JOIN (VALUES ($1::bigint, 'affidavit'), ($2::bigint, 'payment_receipt')) d (media_id, kind)
      WHERE a.state = 'done' AND a.id <= 2000`,
    [first.id, second.id],
  );
}

export async function affidavitsSeed(deps: GatewayDeps): Promise<void> {
  await seedAffidavits(deps.db, deps.env.SEED_AFFIDAVITS);
}
