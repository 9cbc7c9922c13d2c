import { CITIES, ROLES, TICKET_WORKFLOW } from '@panel/contracts/common';
import type { SellTicketCategory } from '@panel/contracts/sell-tickets';
import type { Queryable } from '../../db/db';
import { seededRandom } from '../../db/seed-random';
import type { GatewayDeps } from '../../deps';
import { SELL_TICKETS } from './sell-tickets.service';

// Demo tickets of the sale team: most about a seeded concierge sale (its seller, city and sales
// expert) or a car post (its owner), a few general questions; opened over the last month, newer
// ones more often; about two in five resolved; most with a reply or three from the team. Rows go
// in batches, so the 100,000 of the list benchmark seed in seconds. Runs once per database.

type Subject = 'sale' | 'post' | 'none';
const TEMPLATES: { category: SellTicketCategory; subject: Subject; title: string; description: string }[] = [
  { category: 'pricing', subject: 'sale', title: 'اعتراض فروشنده به قیمت پیشنهادی', description: 'فروشنده می‌گوید قیمت کارشناس از آگهی‌های مشابه در دیوار کمتر است و بازبینی می‌خواهد.' },
  { category: 'buyer_visit', subject: 'sale', title: 'هماهنگی بازدید خریدار از خودرو', description: 'خریدار می‌خواهد پنجشنبه عصر خودرو را از نزدیک ببیند؛ با فروشنده هماهنگ شود.' },
  { category: 'documents', subject: 'sale', title: 'نقص مدارک برای تنظیم قولنامه', description: 'کارت خودرو به نام مالک قبلی است و برای قولنامه وکالت‌نامه لازم است.' },
  { category: 'payment', subject: 'sale', title: 'پیگیری واریز بیعانه', description: 'خریدار می‌گوید بیعانه را واریز کرده ولی در سامانه ثبت نشده است.' },
  { category: 'post_edit', subject: 'post', title: 'درخواست کاهش قیمت آگهی', description: 'مالک می‌خواهد قیمت آگهی را کمتر کند تا زودتر فروش برود.' },
  { category: 'post_edit', subject: 'post', title: 'جایگزینی عکس‌های آگهی', description: 'عکس‌های آگهی در شب گرفته شده و رنگ خودرو درست دیده نمی‌شود.' },
  { category: 'payment', subject: 'sale', title: 'اختلاف در مبلغ کمیسیون', description: 'فروشنده درصد کمیسیون فروش همراه را بیشتر از توافق اولیه می‌داند.' },
  { category: 'buyer_visit', subject: 'post', title: 'خریدار سر قرار بازدید نیامد', description: 'مالک دو بار برای بازدید منتظر مانده و خریدار نیامده است.' },
  { category: 'other', subject: 'none', title: 'پرسش درباره شرایط فروش همراه', description: 'مشتری پیش از ثبت درخواست، درباره کارمزد و مدت فروش همراه سؤال دارد.' },
  { category: 'documents', subject: 'sale', title: 'استعلام خلافی پیش از معامله', description: 'خریدار پیش از امضای قولنامه استعلام خلافی و عوارض می‌خواهد.' },
];
const REPLIES = [
  'با فروشنده تماس گرفته شد؛ منتظر ارسال مدارک هستیم.',
  'بازدید برای فردا ساعت ۱۷ هماهنگ شد.',
  'موضوع به کارشناس فروش ارجاع شد تا با مشتری صحبت کند.',
  'مبلغ با واحد مالی بررسی شد و مغایرتی ندارد.',
  'آگهی ویرایش شد و دوباره برای بررسی ارسال شد.',
  'مشتری پاسخ نداد؛ دوباره تماس می‌گیریم.',
];
const NOTES = ['با مشتری تماس گرفته شد و موضوع حل شد.', 'مدارک کامل شد و قولنامه تنظیم شد.', 'قیمت با رضایت فروشنده اصلاح شد.', ''];
const FIRST = ['علی', 'محمد', 'زهرا', 'فاطمه', 'حسین', 'مریم', 'امیر', 'نرگس', 'مهدی', 'سمانه', 'رضا', 'لیلا'];
const LAST = ['رضایی', 'محمدی', 'حسینی', 'کریمی', 'موسوی', 'جعفری', 'احمدی', 'صادقی', 'رحیمی', 'نوری', 'قاسمی', 'اکبری'];
/** The sale team the tickets are assigned to (seeded users). */
const TEAM = ['supervisor', 'staff2', 'sara.ahmadi', 'maryam.nouri', 'reza.karimi'];
const BATCH = 400;
const DAY = 86_400_000;

interface Person { id: number; username: string; name: string }

/** `INSERT ... VALUES (...), (...)` of rows with one placeholder per value. */
async function insertRows(db: Queryable, head: string, rows: unknown[][], tail = ''): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const width = rows[0]!.length;
  const values = rows.map((_, r) => `(${Array.from({ length: width }, (__, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
  return db.query(`${head} VALUES ${values} ${tail}`, rows.flat());
}

export async function seedSellTickets(db: Queryable, count: number, now = new Date()): Promise<void> {
  const [already] = await db.query('SELECT 1 FROM sell_tickets LIMIT 1');
  if (already || count === 0) return;
  const rand = seededRandom(1300);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const people = await db.query<Person & { roles: string[] }>(`SELECT id, username, btrim(first_name || ' ' || last_name) AS name, roles FROM users`);
  const team = people.filter((p) => TEAM.includes(p.username));
  if (team.length === 0) return;
  const experts = people.filter((p) => p.roles.includes(ROLES.salesExpert));
  const sales = await db.query<{ id: number; name: string; phone: string; city_id: number; expert: number | null }>(
    'SELECT id, applicant_full_name AS name, phone_number AS phone, city_id, sales_expert_id AS expert FROM concierge_sales ORDER BY id LIMIT 1000',
  );
  const posts = await db.query<{ id: number; name: string; phone: string; city_id: number }>('SELECT id, owner_name AS name, owner_phone_number AS phone, city_id FROM car_posts ORDER BY id LIMIT 1000');
  const entity = SELL_TICKETS.entity;

  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    const tickets: unknown[][] = [];
    const plans: { replies: { at: number; by: Person; body: string }[]; resolved: { at: number; by: Person; note: string } | null }[] = [];
    for (let n = 0; n < size; n += 1) {
      let template = pick(TEMPLATES);
      if ((template.subject === 'sale' && sales.length === 0) || (template.subject === 'post' && posts.length === 0)) template = TEMPLATES.find((t) => t.subject === 'none')!;
      const sale = template.subject === 'sale' ? pick(sales) : null;
      const post = template.subject === 'post' ? pick(posts) : null;
      const customer = sale ?? post ?? { name: `${pick(FIRST)} ${pick(LAST)}`, phone: `0912${String(Math.floor(rand() * 10_000_000)).padStart(7, '0')}`, city_id: pick(CITIES).id };
      const assistant = pick(team);
      const expertId = sale?.expert ?? (experts.length && rand() < 0.6 ? pick(experts).id : null);
      // Newer tickets more often: the square pulls the age towards today.
      const created = now.getTime() - Math.floor(rand() * rand() * 30 * DAY) - 10 * 60_000;
      const span = now.getTime() - created;
      const replyCount = Math.floor(rand() * 4);
      const resolvedAt = rand() < 0.4 ? created + Math.floor(span * (0.5 + rand() * 0.45)) : null;
      const until = resolvedAt ?? now.getTime();
      const replies = Array.from({ length: replyCount }, (_, r) => ({
        at: created + Math.floor(((until - created) * (r + 1)) / (replyCount + 1)),
        by: r % 2 === 1 && expertId !== null ? (experts.find((e) => e.id === expertId) ?? assistant) : assistant,
        body: pick(REPLIES),
      }));
      plans.push({ replies, resolved: resolvedAt === null ? null : { at: resolvedAt, by: assistant, note: pick(NOTES) } });
      tickets.push([
        template.title, template.description, template.category, customer.name, customer.phone, customer.city_id, assistant.username, expertId,
        sale?.id ?? null, post?.id ?? null, resolvedAt !== null, resolvedAt === null ? null : new Date(resolvedAt).toISOString(),
        resolvedAt === null ? null : assistant.username, resolvedAt === null ? '' : plans.at(-1)!.resolved!.note, new Date(created).toISOString(),
      ]);
    }
    const inserted = await insertRows(
      db,
      `INSERT INTO sell_tickets (title, description, category, customer_name, customer_phone, city_id, assistant, sales_expert_id,
         concierge_sale_id, car_post_id, resolved, resolved_at, resolved_by, resolution_note, created_at)`,
      tickets,
      'RETURNING pk',
    );
    const replyRows: unknown[][] = [];
    const logRows: unknown[][] = [];
    inserted.forEach((row, n) => {
      const pk = Number(row.pk);
      for (const reply of plans[n]!.replies) {
        const at = new Date(reply.at).toISOString();
        replyRows.push([pk, reply.body, reply.by.username, reply.by.name, at]);
        logRows.push([entity, pk, 'reply', 'open', 'open', reply.by.username, reply.by.name, '', at]);
      }
      const resolved = plans[n]!.resolved;
      if (resolved) logRows.push([entity, pk, 'resolve', 'open', TICKET_WORKFLOW.target('resolve', 'open'), resolved.by.username, resolved.by.name, resolved.note, new Date(resolved.at).toISOString()]);
    });
    for (let r = 0; r < replyRows.length; r += BATCH) {
      await insertRows(db, 'INSERT INTO sell_ticket_replies (ticket_id, body, author_username, author_name, created_at)', replyRows.slice(r, r + BATCH));
    }
    for (let r = 0; r < logRows.length; r += BATCH) {
      await insertRows(db, 'INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at)', logRows.slice(r, r + BATCH));
    }
  }
}

export async function sellTicketsSeed(deps: GatewayDeps): Promise<void> {
  await seedSellTickets(deps.db, deps.env.SEED_SELL_TICKETS);
}
