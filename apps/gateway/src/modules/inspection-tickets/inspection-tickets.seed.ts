import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';

// Demo tickets about seeded orders, spread over the last week, about a third already resolved.

const TEMPLATES: { category: string; title: string; description: string }[] = [
  { category: 'expert_delay', title: 'تأخیر کارشناس در رسیدن به محل', description: 'مشتری تماس گرفته و می‌گوید کارشناس هنوز نرسیده است.' },
  { category: 'report_issue', title: 'ایراد در گزارش کارشناسی', description: 'رنگ گلگیر جلو در گزارش اشتباه ثبت شده است.' },
  { category: 'customer_complaint', title: 'شکایت مشتری از برخورد کارشناس', description: 'مشتری از نحوه برخورد کارشناس ناراضی است.' },
  { category: 'payment', title: 'مشکل در پرداخت', description: 'مبلغ از حساب مشتری کسر شده ولی سفارش پرداخت‌نشده است.' },
  { category: 'other', title: 'درخواست تغییر زمان بازدید', description: 'مشتری می‌خواهد بازدید به فردا منتقل شود.' },
];
const REPLIES = ['با مشتری تماس گرفتم و پیگیری می‌کنم.', 'موضوع به سرپرست کارشناسان ارجاع شد.', 'منتظر پاسخ کارشناس هستیم.'];
const ASSISTANTS = ['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi'];

export async function seedTickets(db: Queryable, count: number, now = new Date()): Promise<void> {
  const codes = (await db.query<{ code: string }>('SELECT code FROM inspections ORDER BY pk LIMIT $1', [count])).map((r) => r.code);
  for (let n = 0; n < count; n += 1) {
    const template = TEMPLATES[n % TEMPLATES.length]!;
    const resolved = n % 3 === 0;
    const createdAt = new Date(now.getTime() - ((n * 7919) % (7 * 24 * 60)) * 60_000);
    const [ticket] = await db.query<{ pk: number }>(
      `INSERT INTO tickets (title, description, category, order_code, expert_id, assistant, resolved, resolved_at, resolved_by, resolution_note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING pk`,
      [
        template.title,
        template.description,
        template.category,
        codes.length ? codes[n % codes.length] : null,
        1 + ((n * 13) % 40),
        ASSISTANTS[n % ASSISTANTS.length],
        resolved,
        resolved ? new Date(createdAt.getTime() + 3_600_000).toISOString() : null,
        resolved ? ASSISTANTS[(n + 1) % ASSISTANTS.length] : null,
        resolved ? 'با مشتری تماس گرفته شد و مشکل حل شد.' : '',
        createdAt.toISOString(),
      ],
    );
    // Every other ticket has the assistant's first reply on its thread, half an hour in (before any resolve).
    if (n % 2 === 0) {
      const at = new Date(Math.min(createdAt.getTime() + 1_800_000, now.getTime())).toISOString();
      const assistant = ASSISTANTS[n % ASSISTANTS.length]!;
      await db.query(
        `INSERT INTO ticket_replies (ticket_id, body, author_username, author_name, created_at)
         VALUES ($1, $2, $3, coalesce((SELECT btrim(first_name || ' ' || last_name) FROM users WHERE username = $3), $3), $4)`,
        [ticket!.pk, REPLIES[n % REPLIES.length], assistant, at],
      );
      await db.query(
        `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, at)
         VALUES ('inspection_ticket', $1, 'reply', 'open', 'open', $2, coalesce((SELECT btrim(first_name || ' ' || last_name) FROM users WHERE username = $2), $2), $3)`,
        [ticket!.pk, assistant, at],
      );
    }
  }
}

export async function inspectionTicketsSeed(deps: GatewayDeps): Promise<void> {
  await seedTickets(deps.db, 60);
}
