import { normalizePersian } from '@panel/contracts/cms';
import { formatNumber, toPersianDigits, toPersianText } from '@panel/contracts/common';
import { AI_REJECT_REASONS, type AiRejectReason, type AiTextKind, type AiTextState } from '@panel/contracts/ai-qc';
import type { Db } from '../../db/db';
import { seededRandom } from '../../db/seed-random';
import type { GatewayDeps } from '../../deps';
import { wordChange } from './ai-qc-change';
import { AI_TEXT_ENTITY } from './ai-qc.service';

// Demo texts of the producing models (decision 116): report summaries and technical notes of the
// seeded inspection orders, descriptions and highlights of the seeded car posts, written from
// their own cars, years and mileages. About half wait for review; the rest were approved (two in
// five of those edited, measured as the gateway measures an edit), rejected with a reason of the
// list, or sent back for regeneration, each with its history. Runs once per database.

const SEED_USER = { username: 'ai-pipeline', fullname: 'سامانه تولید متن' };
const REVIEWERS = ['سارا محمدی', 'علی رضایی', 'نرگس امینی'];
const REPORT_MODELS = ['karnameh-report-v3', 'gpt-4o-mini', 'gemma-2-9b-fa'];
const POST_MODELS = ['karnameh-ads-v2', 'gpt-4o-mini'];

const BODY = ['بدنه بدون رنگ‌شدگی و ضربه‌خوردگی است.', 'گلگیر جلو راست رنگ‌شدگی جزئی دارد.', 'درب عقب چپ صافکاری بدون رنگ دارد.', 'کاپوت تعویض شده و سقف و ستون‌ها سالم‌اند.', 'دو لکه رنگ در سپر عقب دیده می‌شود.'];
const ENGINE = ['موتور بدون نشتی روغن و صدای غیرعادی کار می‌کند.', 'موتور از واشر سرسیلندر نشتی جزئی روغن دارد.', 'گیربکس نرم تعویض دنده می‌کند و کلاچ سالم است.', 'صدای تسمه تایم در حالت سرد شنیده می‌شود.'];
const INTERIOR = ['داخل خودرو تمیز است و تجهیزات برقی سالم کار می‌کنند.', 'روکش صندلی راننده ساییدگی دارد.', 'سیستم تهویه مطبوع به سرویس نیاز دارد.'];
const TIRES = ['لاستیک‌ها حدود ۷۰ درصد آج دارند.', 'لاستیک‌های جلو به تعویض نیاز دارند.', 'لنت‌های ترمز جلو تازه تعویض شده‌اند.'];
const OVERALL = ['خوب', 'بسیار خوب', 'متوسط', 'قابل قبول'];
const ADVICE = ['خرید آن با توجه به قیمت بازار پیشنهاد می‌شود.', 'پیش از خرید، بررسی دوباره سیستم تعلیق توصیه می‌شود.', 'هزینه تعمیرات پیش‌بینی‌شده کمتر از ده میلیون تومان است.'];
const SUSPENSION = ['کمک‌فنرهای جلو ضعیف شده‌اند و سیبک فرمان لقی دارد.', 'سیستم تعلیق و جلوبندی سالم است.', 'طبق فرمان کمی صدا دارد.'];
const ELECTRIC = ['باتری تازه است و دینام شارژ کافی می‌دهد.', 'چراغ مه‌شکن جلو کار نمی‌کند.', 'شیشه‌بالابر درب راننده کند عمل می‌کند.'];
const DIAG = ['کد خطای فعالی در دیاگ ثبت نشد.', 'یک کد خطای مربوط به سنسور اکسیژن در دیاگ ثبت شد.'];
const CONDITION = ['خودرو بسیار تمیز و کم‌کار است.', 'بدنه سالم و فنی بی‌نقص است.', 'فقط یک گلگیر رنگ‌شدگی جزئی دارد.', 'سرویس‌های دوره‌ای آن در نمایندگی انجام شده است.'];
const DOCS = ['بیمه شخص ثالث تا پایان سال اعتبار دارد.', 'سند و کارت خودرو آماده انتقال است.', 'خلافی ندارد و مدارک کامل است.'];
const EXTRA = ['دو سوئیچ و دفترچه راهنما همراه خودرو است.', 'لاستیک‌ها نو هستند.', 'چندرسانه‌ای اصلی و دوربین عقب دارد.'];
// What a model gets wrong now and then: the reason a reviewer rejects it for.
const FLAWS: Partial<Record<AiRejectReason, string>> = {
  personal_data: 'برای هماهنگی با شماره ۰۹۱۲۳۴۵۶۷۸۹ تماس بگیرید.',
  tone: 'فرصتی بی‌نظیر و طلایی که هرگز تکرار نمی‌شود!',
  wrong_facts: 'این خودرو هیچ‌گاه تصادف نداشته و تمام قطعات آن اصلی است.',
  unrelated: 'قیمت طلا و ارز امروز افزایش داشت.',
};
const EDITS: ((text: string) => string)[] = [
  (t) => t.replace('بسیار خوب', 'خوب').replace('بسیار تمیز', 'تمیز'),
  (t) => t.split('. ').slice(0, -1).join('. ') + '.',
  (t) => `${t} کیلومترشمار با سوابق سرویس همخوانی دارد.`,
  (t) => t.replace('پیشنهاد می‌شود', 'با احتیاط پیشنهاد می‌شود').replace('سالم است', 'سالم به نظر می‌رسد'),
];

interface Inspection {
  pk: number;
  brand_model: string;
}
interface Post {
  id: number;
  title: string;
  year: number;
  usage: number;
  color: string;
  gearbox: string;
}

export async function seedAiTexts(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const [existing] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM ai_texts) AS any');
  if (existing?.any) return;
  const inspections = await db.query<Inspection>('SELECT pk, brand_model FROM inspections ORDER BY pk LIMIT 3000');
  const posts = await db.query<Post>('SELECT id, title, year, usage, color, gearbox FROM car_posts ORDER BY id LIMIT 1000');
  if (inspections.length === 0 && posts.length === 0) return;
  const r = seededRandom(33_116);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
  const now = Date.now();
  const rows: Record<string, unknown>[] = [];
  for (let n = 0; n < count; n += 1) {
    const kinds: AiTextKind[] = [...(inspections.length ? (['report_summary', 'report_technical'] as const) : []), ...(posts.length ? (['post_description', 'post_highlights'] as const) : [])];
    const kind = kinds[n % kinds.length]!;
    const roll = r();
    const state: AiTextState = roll < 0.5 ? 'pending' : roll < 0.8 ? 'approved' : roll < 0.93 ? 'rejected' : 'regenerating';
    const reason = state === 'rejected' ? pick(Object.keys(AI_REJECT_REASONS) as AiRejectReason[]) : null;
    let text: string;
    let subject: { inspection_pk: number | null; car_post_id: number | null };
    if (kind === 'report_summary' || kind === 'report_technical') {
      const order = inspections[n % inspections.length]!;
      const car = toPersianText(order.brand_model);
      subject = { inspection_pk: order.pk, car_post_id: null };
      text =
        kind === 'report_summary'
          ? `خودروی ${car} در بازدید کارشناسی بررسی شد. ${pick(BODY)} ${pick(ENGINE)} ${pick(INTERIOR)} ${pick(TIRES)} در مجموع وضعیت فنی خودرو ${pick(OVERALL)} ارزیابی می‌شود و ${pick(ADVICE)}`
          : `نتیجه بررسی فنی ${car}: ${pick(ENGINE)} ${pick(SUSPENSION)} ${pick(ELECTRIC)} ${pick(DIAG)}`;
    } else {
      const post = posts[n % posts.length]!;
      const gearbox = post.gearbox === 'automatic' ? 'اتوماتیک' : 'دنده‌ای';
      subject = { inspection_pk: null, car_post_id: post.id };
      text =
        kind === 'post_description'
          ? `${toPersianText(post.title)} مدل ${toPersianDigits(post.year)} با کارکرد ${formatNumber(post.usage)} کیلومتر، رنگ ${post.color} و گیربکس ${gearbox}. ${pick(CONDITION)} ${pick(DOCS)} ${pick(EXTRA)} برای بازدید و خرید با کارشناسان کارنامه هماهنگ کنید.`
          : `• کارکرد ${formatNumber(post.usage)} کیلومتر\n• ${pick(CONDITION)}\n• ${pick(DOCS)}\n• بازدیدشده و دارای گزارش کارشناسی`;
    }
    const flaw = reason ? FLAWS[reason] : undefined;
    if (flaw) text = `${text} ${flaw}`;
    const machine = normalizePersian(text);
    // Waiting texts are recent; decided ones spread over the last month.
    const created = now - Math.floor((state === 'pending' ? r() * 3 : r() * 30) * 86_400_000) - 10 * 60_000;
    const reviewed = Math.min(now - 60_000, created + Math.floor((0.2 + r() * 20) * 3_600_000));
    const edited = state === 'approved' && r() < 0.4 ? normalizePersian(EDITS[n % EDITS.length]!(machine)) : null;
    const change = edited ? wordChange(machine, edited) : null;
    const isEdit = change !== null && change.changedWords > 0;
    const decided = state === 'approved' || state === 'rejected';
    rows.push({
      n,
      kind,
      model: pick(kind.startsWith('report') ? REPORT_MODELS : POST_MODELS),
      ...subject,
      state,
      version: state === 'pending' ? 0 : 1,
      revision: state === 'pending' && r() < 0.1 ? 2 : 1,
      machine_text: machine,
      final_text: state === 'approved' ? (isEdit ? edited : machine) : null,
      edited: isEdit,
      changed_words: state === 'approved' ? (isEdit ? change.changedWords : 0) : null,
      change_percent: state === 'approved' ? (isEdit ? change.percent : 0) : null,
      reject_reason: reason,
      review_note: reason === 'other' ? 'متن با تصاویر آگهی همخوانی ندارد.' : state === 'regenerating' ? 'کارکرد و وضعیت بدنه را دقیق‌تر و کوتاه‌تر بنویس.' : '',
      reviewed_by: decided ? pick(REVIEWERS) : null,
      reviewed_at: decided ? new Date(reviewed).toISOString() : null,
      created_at: new Date(created).toISOString(),
      action: state === 'pending' ? null : state === 'approved' ? (isEdit ? 'edit_approve' : 'approve') : state === 'rejected' ? 'reject' : 'regenerate',
      action_at: new Date(reviewed).toISOString(),
      action_reason:
        state === 'rejected'
          ? [AI_REJECT_REASONS[reason!], reason === 'other' ? 'متن با تصاویر آگهی همخوانی ندارد.' : ''].filter(Boolean).join(': ')
          : isEdit
            ? `تغییر ${toPersianDigits(change.percent)}٪ واژه‌ها (${toPersianDigits(change.changedWords)} واژه حذف یا افزوده شد)`
            : state === 'regenerating'
              ? 'کارکرد و وضعیت بدنه را دقیق‌تر و کوتاه‌تر بنویس.'
              : '',
    });
  }
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO ai_models (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [[...new Set([...REPORT_MODELS, ...POST_MODELS])]]);
    await tx.query(
      `CREATE TEMP TABLE ai_seed ON COMMIT DROP AS
       SELECT * FROM json_to_recordset($1::json) AS x (n int, kind text, model text, inspection_pk bigint, car_post_id bigint, state text, version int, revision int,
              machine_text text, final_text text, edited boolean, changed_words int, change_percent int, reject_reason text, review_note text,
              reviewed_by text, reviewed_at timestamptz, created_at timestamptz, action text, action_at timestamptz, action_reason text)`,
      [JSON.stringify(rows)],
    );
    await tx.query(
      `WITH added AS (
         INSERT INTO ai_texts (kind, model, inspection_pk, car_post_id, state, version, revision, machine_text, final_text, edited, changed_words, change_percent,
                               reject_reason, review_note, reviewed_by, reviewed_at, created_by, created_at, updated_at)
         SELECT kind, model, inspection_pk, car_post_id, state, version, revision, machine_text, final_text, edited, changed_words, change_percent,
                reject_reason, review_note, reviewed_by, reviewed_at, $1, created_at, coalesce(reviewed_at, created_at)
           FROM ai_seed ORDER BY n
         RETURNING id, created_at, machine_text, model)
       INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at)
       SELECT $2, id, 'submit', NULL, 'pending', $1, $3, model, created_at FROM added`,
      [SEED_USER.username, AI_TEXT_ENTITY, SEED_USER.fullname],
    );
    // Each decided text's decision, matched to its row by the order both were written in.
    await tx.query(
      `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at)
       SELECT $1, t.id, s.action, 'pending', s.state, 'reviewer', coalesce(s.reviewed_by, 'سارا محمدی'), s.action_reason, s.action_at
         FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM ai_texts) t
         JOIN ai_seed s ON s.n = t.n
        WHERE s.action IS NOT NULL`,
      [AI_TEXT_ENTITY],
    );
  });
}

export async function aiQcSeed(deps: GatewayDeps): Promise<void> {
  await seedAiTexts(deps.db, deps.env.SEED_AI_TEXTS);
}
