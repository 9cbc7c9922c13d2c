import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';

// The experts' demo data (decision 105). The people themselves are seeded with the dispatch week
// (dispatch.seed.ts, the sheet's rows); this gives each a phone and opens the experts' tickets: questions and complaints over the last month, about
// an order of theirs where they have one, assigned to staff, about two in five answered and closed.
// Idempotent: phones only where missing, tickets once per database.

const TITLES: [category: string, title: string, description: string, aboutOrder: boolean][] = [
  ['question', 'پرسش درباره چک‌لیست بازدید موتور', 'در چک‌لیست جدید، بخش نشتی روغن برای خودروهای برقی چطور پر شود؟', false],
  ['complaint', 'مشتری در محل حاضر نبود', 'نیم ساعت در محل منتظر ماندم و مشتری پاسخ نداد؛ لطفا سفارش بررسی شود.', true],
  ['schedule', 'درخواست جابه‌جایی شیفت', 'برای پنجشنبه شیفت ۱۴ تا ۱۶ را نمی‌توانم بیایم؛ لطفا جایگزین بگذارید.', false],
  ['payment', 'مغایرت مبلغ تسویه هفته گذشته', 'سهم کارشناسی دو بازدید هفته گذشته در تسویه دیده نمی‌شود.', true],
  ['app', 'بارگذاری نشدن عکس‌ها در اپلیکیشن', 'عکس‌های بدنه بعد از ارسال خطا می‌دهد و گزارش کامل نمی‌شود.', true],
  ['complaint', 'آدرس سفارش اشتباه ثبت شده است', 'آدرس ثبت‌شده با محل واقعی خودرو فاصله زیادی دارد.', true],
  ['question', 'نحوه ثبت رنگ‌شدگی جزئی', 'برای لکه‌گیری جزئی گلگیر باید «رنگ‌شدگی» ثبت شود یا «صافکاری»؟', false],
  ['other', 'درخواست کارت شناسایی جدید', 'کارت شناسایی کارشناسی من مفقود شده است.', false],
];
const REPLIES = ['موضوع بررسی شد؛ تا پایان روز نتیجه اعلام می‌شود.', 'با مشتری تماس گرفته شد.', 'به واحد مالی ارجاع شد.', 'راهنمای به‌روز برایتان ارسال شد.'];
/** The staff members the tickets are assigned to (seeded users). */
const STAFF = ['sara.ahmadi', 'maryam.nouri', 'reza.karimi', 'staff2', 'supervisor'];

export async function seedExpertTickets(db: Queryable, count: number): Promise<void> {
  const [already] = await db.query('SELECT 1 FROM expert_tickets LIMIT 1');
  if (already || count === 0) return;
  const staff = (await db.query<{ username: string }>('SELECT username FROM users WHERE username = ANY($1::text[]) ORDER BY username', [STAFF])).map((u) => u.username);
  if (staff.length === 0) return;
  await db.query(
    `WITH t AS (
       SELECT n, (n * 7) % $2::int AS k, (SELECT pk FROM experts ORDER BY pk OFFSET (n * 13) % (SELECT count(*) FROM experts) LIMIT 1) AS expert_id,
              now() - make_interval(mins => 10 + ((n * 7919) % 43200) * ((n * 31) % 100) / 100) AS created_at
         FROM generate_series(1, $1::int) n
     ), picked AS (
       SELECT t.*, (SELECT c.inspection_id FROM expert_timeslots c WHERE c.expert_id = t.expert_id AND c.inspection_id IS NOT NULL ORDER BY c.pk LIMIT 1) AS order_id,
              ($4::text[])[1 + t.n % cardinality($4::text[])] AS assistant, (t.n * 37) % 100 < 40 AS resolved
         FROM t
     )
     INSERT INTO expert_tickets (title, description, category, expert_id, assistant, inspection_id, resolved, resolved_at, resolved_by, resolution_note, created_at)
     SELECT ($3::text[])[1 + k * 3 + 1], ($3::text[])[1 + k * 3 + 2], ($3::text[])[1 + k * 3],
            expert_id, assistant, CASE WHEN ($5::bool[])[1 + k] THEN order_id END,
            resolved, CASE WHEN resolved THEN created_at + (now() - created_at) / 2 END, CASE WHEN resolved THEN assistant END,
            CASE WHEN resolved THEN 'پاسخ داده شد و کارشناس قانع شد.' ELSE '' END, created_at
       FROM picked WHERE expert_id IS NOT NULL`,
    [count, TITLES.length, TITLES.flatMap(([c, t, d]) => [c, t, d]), staff, TITLES.map((t) => t[3])],
  );
  await db.query(
    `INSERT INTO expert_ticket_replies (ticket_id, body, author_username, author_name, created_at)
     SELECT t.pk, ($1::text[])[1 + t.pk % cardinality($1::text[])], t.assistant, coalesce(btrim(u.first_name || ' ' || u.last_name), t.assistant),
            t.created_at + (coalesce(t.resolved_at, now()) - t.created_at) / 3
       FROM expert_tickets t LEFT JOIN users u ON u.username = t.assistant WHERE t.pk % 3 <> 0`,
    [REPLIES],
  );
  await db.query(
    `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at)
     SELECT 'expert_ticket', t.pk, 'resolve', 'open', 'resolved', t.resolved_by, t.resolved_by, t.resolution_note, t.resolved_at FROM expert_tickets t WHERE t.resolved`,
  );
}

export async function expertsSeed({ db, env }: GatewayDeps): Promise<void> {
  // A phone for every expert, unique by construction (7919 is prime to 10^7).
  await db.query(
    `UPDATE experts SET phone_number = (ARRAY['0912', '0935', '0919', '0901'])[1 + pk % 4] || lpad(((pk * 7919) % 10000000)::text, 7, '0')
      WHERE phone_number IS NULL`,
  );
  await seedExpertTickets(db, Math.min(160, env.SEED_EXPERTS * 3));
}
