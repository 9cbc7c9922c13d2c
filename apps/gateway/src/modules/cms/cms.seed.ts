import type { Db } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { sampleMedia } from '../../media/media';
import { CMS_CONTENT_ENTITY } from './cms.service';

// The content section's demo (decision 112): a small category tree and content items about cars
// over the last sixty days in every publish state, bodies right to left with a list and a
// heading, covers from the media store's sample images, brand-model tags from the catalogue.
// One INSERT … SELECT; runs once per database; every row passes the table's checks.

const TREE: [string, string[]][] = [
  ['اخبار خودرو', ['بازار خودرو', 'خودروهای وارداتی']],
  ['راهنمای خرید', ['خودروی صفر', 'خودروی کارکرده']],
  ['بررسی خودرو', []],
  ['نکات نگهداری', []],
];
const SUBJECTS = ['پژو ۲۰۶', 'سمند', 'دنا پلاس', 'کیا سراتو', 'تویوتا کرولا', 'هیوندای توسان', 'سایپا شاهین', 'رنو تندر ۹۰'];
const TITLES = ['بررسی کامل %s', 'راهنمای خرید %s کارکرده', 'قیمت روز %s در بازار', 'ده نکته درباره نگهداری %s', 'مقایسه %s با رقبا', 'خرابی‌های رایج %s'];
const STATES = ['published', 'published', 'published', 'draft', 'draft', 'archived'];

export async function seedCms(db: Db, count: number): Promise<void> {
  const [existing] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM cms_categories) AS any');
  if (existing?.any) return;
  await db.transaction(async (tx) => {
    for (const [position, [root, children]] of TREE.entries()) {
      const [row] = await tx.query<{ id: number }>(`INSERT INTO cms_categories (name, parent_id, position, created_by) VALUES ($1, NULL, $2, 'seed') RETURNING id`, [root, position]);
      for (const [n, child] of children.entries()) {
        await tx.query(`INSERT INTO cms_categories (name, parent_id, position, created_by) VALUES ($1, $2, $3, 'seed')`, [child, row!.id, n]);
      }
    }
  });
  if (count <= 0) return;
  const covers = [...(await sampleMedia(db)).values()].filter((m) => m.type.startsWith('image/')).map((m) => m.id);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO cms_contents (title, body, category_id, cover_media_id, state, version, published_at, created_by, created_at, updated_by, updated_at)
       SELECT replace(($2::text[])[1 + n % cardinality($2::text[])], '%s', s.subject),
              '<h2 dir="rtl">' || s.subject || ' در یک نگاه</h2><p dir="rtl">این نوشته درباره ' || s.subject ||
              ' است: آنچه خریدار پیش از معامله باید بداند، از کارشناسی بدنه تا سوابق سرویس.</p>' ||
              '<ul dir="rtl"><li dir="rtl">بازدید کارشناس کارنامه پیش از خرید</li><li dir="rtl">بررسی سند و خلافی</li><li dir="rtl">مقایسه قیمت با بازار</li></ul>',
              (SELECT id FROM cms_categories ORDER BY id OFFSET n % (SELECT count(*) FROM cms_categories) LIMIT 1),
              CASE WHEN cardinality($5::bigint[]) > 0 AND n % 4 <> 0 THEN ($5::bigint[])[1 + n % cardinality($5::bigint[])] END,
              s.state, 1, CASE WHEN s.state = 'published' THEN s.at + interval '2 hours' END,
              'sara.ahmadi', s.at, 'sara.ahmadi', s.at + interval '2 hours'
         FROM generate_series(1, $1::int) n
         CROSS JOIN LATERAL (SELECT ($3::text[])[1 + (n / 3) % cardinality($3::text[])] AS subject,
                                    ($4::text[])[1 + n % cardinality($4::text[])] AS state,
                                    now() - ((n * 7919) % (60 * 24 * 60)) * interval '1 minute' - interval '3 hours' AS at) s`,
      [count, TITLES, SUBJECTS, STATES, covers],
    );
    await tx.query(`INSERT INTO cms_content_media (content_id, media_id) SELECT id, cover_media_id FROM cms_contents WHERE cover_media_id IS NOT NULL`);
    await tx.query(
      `INSERT INTO cms_content_tags (content_id, model_id)
       SELECT c.id, m.id FROM cms_contents c JOIN LATERAL (SELECT id FROM car_models ORDER BY id OFFSET c.id % 40 LIMIT 1 + c.id % 2) m ON true`,
    );
    await tx.query(
      `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at)
       SELECT $1, id, 'add', NULL, 'draft', 'sara.ahmadi', 'سارا احمدی', created_at FROM cms_contents`,
      [CMS_CONTENT_ENTITY],
    );
  });
}

export async function cmsSeed(deps: GatewayDeps): Promise<void> {
  await seedCms(deps.db, deps.env.SEED_CMS_CONTENTS);
}
