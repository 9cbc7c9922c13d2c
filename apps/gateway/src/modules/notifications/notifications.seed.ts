import { formatJalaliDate } from '@panel/contracts/common';
import { fillTemplate } from '@panel/contracts/notifications';
import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { seededRandom } from '../../db/seed-random';
import { logAction, type Actor } from '../../workflow';
import { EXPERT_MESSAGE_ENTITY, TEMPLATE_ENTITY } from './notifications.service';

// Demo notifications: the templates staff use every day (payment links, reserve reminders,
// inspection reports...), with a history; a few hand-written SMS over the last days (`count`,
// SEED_MANUAL_SMS), most from a template; and a couple of past messages to experts. The seed runs
// once per database (seed_runs) and skips a template whose name is there already.

const STAFF: Actor[] = [
  { username: 'staff', fullname: 'سارا محمدی' },
  { username: 'staff2', fullname: 'علی رضایی' },
];

const TEMPLATES: { name: string; text: string; inactive?: boolean }[] = [
  { name: 'لینک پرداخت کارشناسی', text: '{name} عزیز، لینک پرداخت سفارش کارشناسی {code}: {link}\nمهلت پرداخت ۳۰ دقیقه است.' },
  { name: 'یادآوری رزرو', text: '{name} عزیز، رزرو کارشناسی شما برای {date} ساعت {time} ثبت شده و منتظر پرداخت است: {link}' },
  { name: 'گزارش کارشناسی آماده است', text: '{name} عزیز، گزارش کارشناسی خودروی {car} آماده است. مشاهده گزارش: {link}' },
  { name: 'کارشناس در راه', text: 'کارشناس شما، {expert}، در راه است و تا حدود {time} می‌رسد. کد سفارش: {code}' },
  { name: 'لغو سفارش', text: '{name} عزیز، سفارش {code} لغو شد. مبلغ پرداختی ظرف ۷۲ ساعت کاری بازگردانده می‌شود.' },
  { name: 'کد تخفیف', text: 'کد تخفیف {code} برای کارشناسی بعدی شما فعال شد. اعتبار تا {date}.' },
  { name: 'نظرسنجی پس از کارشناسی', text: '{name} عزیز، از اینکه ما را انتخاب کردید سپاسگزاریم. لطفا نظرتان را درباره کارشناسی ثبت کنید: {link}' },
  { name: 'پیگیری فروش همراه', text: '{name} عزیز، کارشناس فروش همراه برای هماهنگی بازدید خودروی {car} با شما تماس می‌گیرد.' },
  { name: 'تبریک نوروز', text: 'نوروزتان پیروز! تخفیف ویژه کارشناسی خودرو تا پایان فروردین با کد {code}.', inactive: true },
  { name: 'اطلاع‌رسانی قطعی سامانه', text: 'به دلیل به‌روزرسانی، سامانه امشب از ساعت ۲ تا ۴ در دسترس نیست.', inactive: true },
];

const NAMES = ['علی رضایی', 'مریم حسینی', 'حمید کاظمی', 'نرگس موسوی', 'مهدی جعفری', 'زهرا کریمی', 'امیر صادقی', 'فاطمه نوری', 'رضا اکبری', 'سمیرا قربانی'];
const CARS = ['پژو ۲۰۶ تیپ ۲', 'سمند LX', 'پراید ۱۳۱', 'تیبا ۲', 'دنا پلاس', 'کوییک R', 'هیوندای النترا', 'تویوتا کرولا'];
const FREE_TEXTS = [
  'سلام، با شما برای هماهنگی زمان کارشناسی تماس گرفتیم و پاسخگو نبودید. لطفا با ۰۲۱۹۱۰۰۰۰۰۰ تماس بگیرید.',
  'مدارک خودرو (کارت و سند) را هنگام بازدید همراه داشته باشید.',
  'درخواست شما ثبت شد؛ همکاران ما به‌زودی تماس می‌گیرند.',
];
const EXPERT_MESSAGES = [
  { text: 'همکاران گرامی، از شنبه شیفت‌های ۱۸ تا ۲۰ در تهران فعال می‌شود؛ لطفا در برنامه هفتگی ثبت کنید.', audience: { cities: [1], levels: [], types: ['is_car_expert'], experts: [] }, daysAgo: 6 },
  { text: 'آموزش فرم جدید بررسی بدنه پنج‌شنبه ساعت ۱۰ به‌صورت آنلاین برگزار می‌شود. حضور برای سطح‌های صفر و یک الزامی است.', audience: { cities: [], levels: [0, 1], types: [], experts: [] }, daysAgo: 2 },
];

const mobile = (rand: () => number) => `09${['12', '19', '35', '36', '01', '10', '22'][Math.floor(rand() * 7)]}${String(Math.floor(rand() * 10_000_000)).padStart(7, '0')}`;
const pick = <T>(rand: () => number, list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const toFa = (n: number) => n.toLocaleString('fa-IR', { useGrouping: false });

export async function seedNotifications(db: Queryable, count: number, now = new Date()): Promise<void> {
  const rand = seededRandom(1400);
  const templateIds: { id: number; text: string }[] = [];
  for (const [n, template] of TEMPLATES.entries()) {
    const actor = STAFF[n % STAFF.length]!;
    const created = new Date(now.getTime() - (60 - n * 3) * 86_400_000).toISOString();
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO sms_templates (name, text, state, version, created_at, created_by, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $5, $6)
       ON CONFLICT DO NOTHING RETURNING id`,
      [template.name, template.text, template.inactive ? 'inactive' : 'active', template.inactive ? 2 : 1, created, actor.fullname],
    );
    if (!row) continue;
    await logAction(db, { entity: TEMPLATE_ENTITY, entityId: row.id, action: 'create', to: 'active', actor, reason: template.name });
    await db.query(`UPDATE action_log SET at = $1 WHERE entity = $2 AND entity_id = $3`, [created, TEMPLATE_ENTITY, row.id]);
    if (template.inactive) {
      const later = new Date(Date.parse(created) + 20 * 86_400_000).toISOString();
      await db.query(
        `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at) VALUES ($1, $2, 'deactivate', 'active', 'inactive', $3, $4, $5, $6)`,
        [TEMPLATE_ENTITY, row.id, actor.username, actor.fullname, 'مناسبت تمام شد.', later],
      );
      await db.query('UPDATE sms_templates SET updated_at = $1 WHERE id = $2', [later, row.id]);
    } else templateIds.push({ id: row.id, text: template.text });
  }

  // Hand-written SMS over the last ten days, three in four from a template.
  for (let n = 0; n < count && templateIds.length; n += 1) {
    const actor = pick(rand, STAFF);
    const sent = now.getTime() - Math.floor(rand() * 10 * 86_400_000) - 60_000;
    const at = new Date(sent).toISOString();
    const template = rand() < 0.75 ? pick(rand, templateIds) : null;
    const values = {
      name: pick(rand, NAMES).split(' ')[0]!,
      code: toFa(1_000_000 + Math.floor(rand() * 90_000)),
      link: `https://pay.example.com/p/${Math.floor(rand() * 1e9).toString(36)}`,
      // A reserve's day or a code's last day: days after the SMS, so the history reads as this year's.
      date: formatJalaliDate(sent + (1 + Math.floor(rand() * 7)) * 86_400_000),
      time: pick(rand, ['۱۰:۰۰', '۱۲:۳۰', '۱۶:۰۰']),
      car: pick(rand, CARS),
      expert: pick(rand, NAMES),
    };
    const text = template ? fillTemplate(template.text, values) : pick(rand, FREE_TEXTS);
    const [outbox] = await db.query<{ id: number }>(
      `INSERT INTO outbox (channel, target, text, entity, entity_id, created_by, created_at) VALUES ('sms', $1, $2, $3, $4, $5, $6) RETURNING id`,
      [mobile(rand), text, template ? TEMPLATE_ENTITY : null, template?.id ?? null, actor.username, at],
    );
    await db.query(`INSERT INTO manual_sms (outbox_id, template_id, placeholder_values, created_by, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      outbox!.id,
      template?.id ?? null,
      JSON.stringify(template ? values : {}),
      actor.username,
      at,
    ]);
  }

  for (const message of EXPERT_MESSAGES) {
    const actor = STAFF[0]!;
    const at = new Date(now.getTime() - message.daysAgo * 86_400_000).toISOString();
    const where = message.audience.cities.length ? `city_id = ANY($1) AND is_car_expert` : `level = ANY($1)`;
    const experts = await db.query<{ pk: number }>(`SELECT pk FROM experts WHERE ${where} ORDER BY pk`, [message.audience.cities.length ? message.audience.cities : message.audience.levels]);
    if (!experts.length) continue;
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO expert_messages (text, audience, recipient_count, created_by, created_by_name, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [message.text, JSON.stringify(message.audience), experts.length, actor.username, actor.fullname, at],
    );
    await db.query(
      `INSERT INTO outbox (channel, target, text, entity, entity_id, created_by, created_at) SELECT 'push', pk::text, $1, $2, $3, $4, $5 FROM experts WHERE pk = ANY($6)`,
      [message.text, EXPERT_MESSAGE_ENTITY, row!.id, actor.username, at, experts.map((e) => e.pk)],
    );
    await db.query(`INSERT INTO action_log (entity, entity_id, action, actor_username, actor_fullname, reason, at) VALUES ($1, $2, 'send', $3, $4, $5, $6)`, [
      EXPERT_MESSAGE_ENTITY,
      row!.id,
      actor.username,
      actor.fullname,
      message.text,
      at,
    ]);
  }
}

export async function notificationsSeed(deps: GatewayDeps): Promise<void> {
  await seedNotifications(deps.db, deps.env.SEED_MANUAL_SMS);
}
