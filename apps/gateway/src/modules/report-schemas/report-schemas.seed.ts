import type { SchemaField, SchemaTree } from '@panel/contracts/report-schemas';
import type { Db } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { SCHEMA_ENTITY } from './report-schemas.service';

// Demo schemas (issue 32, decision 110): a light-car schema in three versions (active), a heavy
// vehicle one and a motorcycle one, each with the photo slots of spec §3; and, because no module
// keeps filled reports yet, a plausible table of reports on those versions (mostly done, some in
// progress) so "impact before publish" has something true to count. Runs once per database.

const ok = [{ value: 'ok', label: 'سالم' }, { value: 'repaired', label: 'ترمیم شده' }, { value: 'damaged', label: 'آسیب دیده' }];
const choice = (key: string, label: string, options = ok): SchemaField => ({ key, label, kind: 'choice', required: true, options, photo_slot: null });
const photo = (key: string, label: string, slot: SchemaField['photo_slot']): SchemaField => ({ key, label, kind: 'photo', required: true, options: [], photo_slot: slot });
const number = (key: string, label: string): SchemaField => ({ key, label, kind: 'number', required: true, options: [], photo_slot: null });
const text = (key: string, label: string, required = false): SchemaField => ({ key, label, kind: 'text', required, options: [], photo_slot: null });

const lightV1: SchemaTree = [
  { key: 'body', title: 'بدنه', fields: [choice('hood', 'کاپوت'), choice('roof', 'سقف'), choice('trunk', 'صندوق عقب'), photo('front_photo', 'عکس جلو', 'front'), photo('back_photo', 'عکس عقب', 'back')] },
  { key: 'engine', title: 'موتور و گیربکس', fields: [choice('engine_sound', 'صدای موتور', [{ value: 'normal', label: 'عادی' }, { value: 'noisy', label: 'صدای غیرعادی' }]), number('mileage', 'کارکرد (کیلومتر)'), photo('odometer_photo', 'عکس کیلومترشمار', 'odometer')] },
  { key: 'summary', title: 'جمع‌بندی', fields: [text('notes', 'توضیحات کارشناس')] },
];
const lightV2: SchemaTree = lightV1.map((s) => (s.key === 'body' ? { ...s, fields: [...s.fields, photo('left_photo', 'عکس سمت راننده', 'left'), photo('right_photo', 'عکس سمت شاگرد', 'right')] } : s));
const lightV3: SchemaTree = lightV2.map((s) =>
  s.key === 'engine'
    ? { ...s, fields: [...s.fields, { key: 'gearbox', label: 'گیربکس', kind: 'multi_choice', required: false, options: [{ value: 'slip', label: 'بکسوات' }, { value: 'noise', label: 'صدا' }, { value: 'leak', label: 'نشتی روغن' }], photo_slot: null }] }
    : s.key === 'summary' ? { ...s, fields: [text('notes', 'توضیحات نهایی کارشناس')] } : s,
);
const heavy: SchemaTree = [
  { key: 'chassis', title: 'شاسی و بدنه', fields: [choice('chassis', 'شاسی'), choice('cabin', 'کابین'), photo('front_photo', 'عکس جلو', 'front'), photo('back_photo', 'عکس عقب', 'back')] },
  { key: 'engine', title: 'موتور', fields: [number('mileage', 'کارکرد (کیلومتر)'), photo('odometer_photo', 'عکس کیلومترشمار', 'odometer'), text('notes', 'توضیحات')] },
];
const motorcycle: SchemaTree = [
  { key: 'frame', title: 'بدنه و شاسی', fields: [choice('frame', 'شاسی'), choice('tank', 'باک'), photo('left_photo', 'عکس سمت چپ', 'left'), photo('right_photo', 'عکس سمت راست', 'right')] },
  { key: 'engine', title: 'موتور', fields: [number('mileage', 'کارکرد (کیلومتر)'), photo('odometer_photo', 'عکس کیلومترشمار', 'odometer')] },
];

const SCHEMAS: { slug: string; name: string; types: string[]; versions: SchemaTree[]; active: string[]; reports: number[] }[] = [
  { slug: 'light-car-standard', name: 'کارشناسی استاندارد خودروی سبک', types: ['light_car'], versions: [lightV1, lightV2, lightV3], active: ['light_car'], reports: [140, 90, 25] },
  { slug: 'heavy-vehicle', name: 'کارشناسی خودروی سنگین', types: ['heavy_car'], versions: [heavy], active: ['heavy_car'], reports: [30] },
  { slug: 'motorcycle-basic', name: 'کارشناسی موتورسیکلت', types: ['motorcycle'], versions: [motorcycle], active: [], reports: [0] },
];

const count = (tree: SchemaTree) => tree.reduce((n, s) => n + s.fields.length, 0);

export async function seedReportSchemas(db: Db): Promise<void> {
  const [existing] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM report_schemas) AS any');
  if (existing?.any) return;
  await db.transaction(async (tx) => {
    for (const [i, s] of SCHEMAS.entries()) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO report_schemas (name, slug, vehicle_types, active_for, version, created_by, updated_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'sara.ahmadi', 'sara.ahmadi', now() - interval '120 days', now() - make_interval(days => $6::int)) RETURNING id`,
        [s.name, s.slug, s.types, s.active, s.versions.length, 10 + i * 7],
      );
      const id = row!.id;
      for (const [v, tree] of s.versions.entries()) {
        await tx.query(
          `INSERT INTO report_schema_versions (schema_id, version, tree, field_count, note, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, 'sara.ahmadi', now() - make_interval(days => $6::int))`,
          [id, v + 1, JSON.stringify(tree), count(tree), v === 0 ? 'نسخه نخست' : 'افزودن فیلدها', 120 - v * 40],
        );
        const n = s.reports[v] ?? 0;
        // Reports of the latest version are partly in progress; older versions' reports are done.
        await tx.query(
          `INSERT INTO report_schema_reports (schema_id, version, inspection_code, state, created_at)
           SELECT $1::bigint, $2::int, 'INS-' || lpad(($1::bigint * 10000 + $2::int * 1000 + g)::text, 7, '0'),
                  CASE WHEN $4::boolean AND g % 3 = 0 THEN 'in_progress' ELSE 'done' END,
                  now() - make_interval(days => $5::int) + g * interval '3 hours'
             FROM generate_series(1, $3::int) g`,
          [id, v + 1, n, v === s.versions.length - 1, 120 - v * 40],
        );
      }
      for (const type of s.active) await tx.query(`INSERT INTO report_schema_activations (vehicle_type, schema_id, activated_by) VALUES ($1, $2, 'sara.ahmadi')`, [type, id]);
      await tx.query(
        `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at)
         VALUES ($1, $2, 'create', NULL, 'inactive', 'sara.ahmadi', 'سارا احمدی', now() - interval '120 days')`,
        [SCHEMA_ENTITY, id],
      );
    }
  });
}

export async function reportSchemasSeed(deps: GatewayDeps): Promise<void> {
  await seedReportSchemas(deps.db);
}
