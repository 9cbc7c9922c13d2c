import { CITIES, jalaliParts, tehranDateKey } from '@panel/contracts/common';
import { CAR_POST_WORKFLOW, feedbackText, type CarPostAction, type CarPostState, type CarPostType } from '@panel/contracts/car-posts';
import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { sampleMedia } from '../../media/media';
import { CAR_POST_ENTITY, feedbackMessage } from './car-posts.service';
import { seededRandom } from '../../db/seed-random';

// Demo car posts that look like a real moderation day: cars from the catalogue with plausible
// years and prices in tomans, sellers with Persian names in the cities of spec §9, every state of
// the workflow with the moderators' actions behind it in the log, owners' edits as versions, and
// galleries of the sample images the project ships (media store).

const FIRST_NAMES = ['علی', 'محمد', 'رضا', 'حسین', 'مهدی', 'زهرا', 'فاطمه', 'مریم', 'سارا', 'نرگس', 'امیر', 'حمید', 'نیلوفر', 'پریسا', 'کاوه', 'بهاره'];
const LAST_NAMES = ['رضایی', 'احمدی', 'محمدی', 'حسینی', 'کریمی', 'موسوی', 'جعفری', 'کاظمی', 'صادقی', 'نوری', 'رحیمی', 'طاهری', 'قاسمی', 'شریفی'];
const SALES_EXPERTS = [
  { name: 'حسین کریمی', phone: '09121112233' },
  { name: 'مریم نوری', phone: '09122223344' },
  { name: 'امیر طاهری', phone: '09123334455' },
  { name: 'نرگس جعفری', phone: '09124445566' },
];
const MODERATORS = [
  { username: 'sara.ahmadi', fullname: 'سارا احمدی' },
  { username: 'reza.karimi', fullname: 'رضا کریمی' },
  { username: 'maryam.nouri', fullname: 'مریم نوری' },
];
const COLORS = ['سفید', 'مشکی', 'نقره‌ای', 'خاکستری', 'سفید صدفی', 'نوک‌مدادی', 'آبی', 'قرمز'];
const DOCUMENTS = ['سند تک برگ', 'سند تک برگ به نام', 'قولنامه‌ای', 'سند وکالتی'];
const BODY_STATUSES = ['بدون رنگ', 'یک لکه رنگ', 'دو لکه رنگ', 'گلگیر تعویض', 'صافکاری بدون رنگ', 'دور رنگ'];
const PARTS = ['hood', 'roof', 'trunk', 'front_fender_left', 'front_fender_right', 'front_door_left', 'rear_door_right', 'rear_fender_left'];
const FINDINGS = ['painted', 'damaged', 'changed', 'smoothed'];
const DESCRIPTIONS = [
  'سرویس‌های دوره‌ای در نمایندگی انجام شده و دفترچه موجود است.',
  'لاستیک‌ها نو، بیمه بدنه دارد، بدون تصادف.',
  'فنی سالم، موتور تعمیر نشده، فقط یک لکه رنگ جزئی.',
  'خودرو کم‌کار و تمیز است، مالک اول.',
  'قیمت مقطوع است، فقط خریدار واقعی تماس بگیرد.',
];
const GALLERIES = [
  ['sedan-white-front.jpg', 'sedan-white-side.webp', 'suv-black-interior.jpg', 'odometer.webp'],
  ['hatch-red-side.jpg', 'hatch-red-rear.png', 'odometer.webp'],
  ['suv-black-side.webp', 'suv-black-interior.jpg', 'sedan-white-front.jpg'],
  ['sedan-silver-side.png', 'sedan-white-front.jpg', 'odometer.webp'],
];
const PLATE_LETTERS = ['ب', 'ج', 'د', 'س', 'ص', 'ط', 'ق', 'ل', 'م', 'ن', 'و', 'ه', 'ی'];

// Waiting for review is the largest part of a moderation day.
const STATE_WEIGHTS: [CarPostState, number][] = [
  ['pending', 40],
  ['published', 30],
  ['editing', 10],
  ['rejected', 10],
  ['archived', 10],
];
const TYPE_WEIGHTS: [CarPostType, number][] = [
  ['direct', 55],
  ['concierge_sale', 35],
  ['dealer', 10],
];

const random = seededRandom;

function weighted<T>(rand: () => number, weights: [T, number][]): T {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let pick = rand() * total;
  for (const [value, weight] of weights) {
    pick -= weight;
    if (pick < 0) return value;
  }
  return weights[0]![0];
}

interface Model {
  id: number;
  full_name: string;
  year_from: number;
  year_to: number | null;
  is_imported: boolean;
  body_type: string;
}

/** This year in Tehran, Jalali (Iranian cars' model years) and Gregorian (imports'): the seed ages cars from today. */
interface ThisYear {
  jalali: number;
  gregorian: number;
}

/** A plausible price in tomans: imports cost more, older and busier cars less; rounded to a million. */
function priceOf(rand: () => number, model: Model, year: number, usage: number, thisYear: ThisYear): number {
  const age = model.is_imported ? thisYear.gregorian - year : thisYear.jalali - year;
  const base = model.is_imported ? 2_200_000_000 + rand() * 3_500_000_000 : 380_000_000 + rand() * 1_100_000_000;
  const value = base * Math.max(0.35, 1 - age * 0.045) * Math.max(0.6, 1 - usage / 600_000);
  return Math.round(value / 1_000_000) * 1_000_000;
}

export async function seedCarPosts(db: Queryable, count: number, now = new Date()): Promise<void> {
  if (count === 0) return;
  const rand = random(16);
  const thisYear: ThisYear = { jalali: jalaliParts(now).year, gregorian: Number(tehranDateKey(now).slice(0, 4)) };
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const models = await db.query<Model>(
    `SELECT m.id, b.name_fa || ' ' || m.name_fa AS full_name, m.year_from, m.year_to, m.is_imported, m.body_type
       FROM car_models m JOIN car_brands b ON b.id = m.brand_id WHERE m.vehicle_type = 'light_car' ORDER BY m.id`,
  );
  if (models.length === 0) return;
  const media = await sampleMedia(db);
  const [{ max }] = (await db.query<{ max: number | null }>('SELECT max(id) AS max FROM car_posts')) as [{ max: number | null }];
  const offset = Number(max ?? 0);
  const rejection = await db.query<{ id: number; title: string }>("SELECT id, title FROM car_post_reasons WHERE kind = 'rejection' ORDER BY id");
  const edit = await db.query<{ id: number; title: string }>("SELECT id, title FROM car_post_reasons WHERE kind = 'edit' ORDER BY id");

  for (let n = 0; n < count; n += 1) {
    const model = pick(models);
    const current = model.is_imported ? thisYear.gregorian : thisYear.jalali;
    const lastYear = Math.min(model.year_to ?? current, current);
    const firstYear = Math.max(model.year_from, lastYear - 12);
    const year = firstYear + Math.floor(rand() * (lastYear - firstYear + 1));
    const usage = Math.round((current - year) * (8_000 + rand() * 14_000) + rand() * 5_000);
    const price = priceOf(rand, model, year, usage, thisYear);
    const discounted = rand() < 0.2;
    const state = weighted(rand, STATE_WEIGHTS);
    const type = weighted(rand, TYPE_WEIGHTS);
    const city = CITIES[Math.floor(rand() * rand() * CITIES.length)]!;
    const expert = type === 'direct' ? null : pick(SALES_EXPERTS);
    // Created up to 20 days ago; a waiting post was (re)submitted since, the oldest a few days back.
    const created = new Date(now.getTime() - Math.floor(rand() * 20 * 24 * 60 + 30) * 60_000);
    const submitted = new Date(Math.min(now.getTime() - 10 * 60_000, created.getTime() + Math.floor(rand() * 3 * 24 * 60) * 60_000));
    const token = `${(offset + n + 1).toString(36)}${Math.floor(rand() * 36 ** 6).toString(36).padStart(6, '0')}`;
    const findings = rand() < 0.45 ? [] : Array.from({ length: 1 + Math.floor(rand() * 2) }, () => ({ part: pick(PARTS), finding: pick(FINDINGS) }));
    const owner = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    const phone = `09${String(120000000 + Math.floor(rand() * 799999999)).padStart(9, '0')}`;
    const title = `${model.full_name} ${String(year)} ${pick(['بدون رنگ', 'کم‌کار', 'تمیز', 'فوری', 'در حد صفر', 'مالک اول'])}`;
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO car_posts (token, state, car_post_type, title, description, model_id, brand_model, year, usage, color, gearbox, document, body_status,
         third_party_insurance_deadline, city_id, price, is_discounted, discounted_price, owner_name, owner_phone_number, sales_expert_name,
         sales_expert_phone_number, concierge_sale_id, license_plate_code, inspection_token, body_findings, created_at, submitted_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $28)
       RETURNING id`,
      [
        token,
        state,
        type,
        title,
        pick(DESCRIPTIONS),
        model.id,
        model.full_name,
        year,
        usage,
        pick(COLORS),
        model.is_imported || rand() < 0.3 ? 'automatic' : 'manual',
        pick(DOCUMENTS),
        findings.length === 0 ? 'بدون رنگ' : pick(BODY_STATUSES.slice(1)),
        // The day the insurance runs out: mostly within the coming year, a few already past.
        rand() < 0.15 ? null : tehranDateKey(now.getTime() + Math.floor(rand() * 400 - 35) * 86_400_000),
        city.id,
        price,
        discounted,
        discounted ? price - Math.round((price * (0.02 + rand() * 0.05)) / 1_000_000) * 1_000_000 : null,
        owner,
        phone,
        expert?.name ?? null,
        expert?.phone ?? null,
        type === 'concierge_sale' ? 5000 + offset + n : null,
        `${10 + Math.floor(rand() * 89)} ${pick(PLATE_LETTERS)} ${100 + Math.floor(rand() * 899)} ایران ${10 + Math.floor(rand() * 89)}`,
        rand() < 0.6 ? `insp-${token}` : null,
        JSON.stringify(findings),
        created.toISOString(),
        submitted.toISOString(),
      ],
    );
    const id = row!.id;
    const gallery = GALLERIES[n % GALLERIES.length]!;
    for (const [position, name] of gallery.entries()) {
      await db.query('INSERT INTO car_post_images (post_id, media_id, position, is_cover) VALUES ($1, $2, $3, $4)', [id, media.get(name)!.id, position, position === 0]);
    }

    let version = 1;
    // Some owners lowered the price before submitting again: a version with who and why.
    if (rand() < 0.35) {
      version += 1;
      const before = price + Math.round((price * 0.05) / 1_000_000) * 1_000_000;
      await db.query('INSERT INTO car_post_versions (post_id, version, editor, reason, changes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        version,
        owner,
        'کاهش قیمت برای فروش سریع‌تر',
        JSON.stringify({ price: { from: before, to: price }, usage: { from: Math.max(0, usage - 1500), to: usage } }),
        submitted.toISOString(),
      ]);
    }
    // The moderators' actions that brought the post to its state, in the log.
    const moves: { action: CarPostAction; from: CarPostState; to: CarPostState; reason?: string }[] = [];
    if (state === 'published' || state === 'archived') moves.push({ action: 'approve', from: 'pending', to: 'published' });
    if (state === 'archived') moves.push({ action: 'archive', from: 'published', to: 'archived', reason: 'خودرو فروخته شد' });
    let feedback: { action: 'reject' | 'return_to_editing'; titles: string[]; text: string } | undefined;
    if (state === 'rejected') {
      const titles = [pick(rejection).title];
      feedback = { action: 'reject', titles, text: 'لطفا تصاویر واضح از خودرو بارگذاری کنید.' };
      moves.push({ action: 'reject', from: 'pending', to: 'rejected', reason: feedbackText(titles, feedback.text) });
    }
    if (state === 'editing') {
      const titles = [pick(edit).title];
      feedback = { action: 'return_to_editing', titles, text: '' };
      moves.push({ action: 'return_to_editing', from: 'pending', to: 'editing', reason: feedbackText(titles, '') });
    }
    let at = submitted.getTime();
    for (const m of moves) {
      at = Math.min(now.getTime() - 60_000, at + Math.floor(rand() * 6 * 60) * 60_000 + 60_000);
      const moderator = pick(MODERATORS);
      version += 1;
      await db.query(
        `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [CAR_POST_ENTITY, id, m.action, m.from, m.to, moderator.username, moderator.fullname, m.reason ?? '', new Date(at).toISOString()],
      );
      if (feedback && m.action === feedback.action) {
        await db.query(
          'INSERT INTO car_post_feedbacks (post_id, action, reasons, text, message, actor_username, actor_fullname, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [id, feedback.action, JSON.stringify(feedback.titles), feedback.text, feedbackMessage(feedback.action, title, feedback.titles, feedback.text), moderator.username, moderator.fullname, new Date(at).toISOString()],
        );
      }
    }
    if (!CAR_POST_WORKFLOW.stateList.includes(state)) throw new Error(`unknown state ${state}`);
    await db.query('UPDATE car_posts SET version = $2, updated_at = $3 WHERE id = $1', [id, version, new Date(at).toISOString()]);
  }
}

export async function carPostsSeed(deps: GatewayDeps): Promise<void> {
  await seedCarPosts(deps.db, deps.env.SEED_CAR_POSTS);
}
