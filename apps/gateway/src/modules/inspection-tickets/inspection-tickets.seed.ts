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
const ASSISTANTS = ['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi'];

export async function seedTickets(db: Queryable, count: number, now = new Date()): Promise<void> {
  const codes = (await db.query<{ code: string }>('SELECT code FROM inspections ORDER BY pk LIMIT $1', [count])).map((r) => r.code);
  for (let n = 0; n < count; n += 1) {
    const template = TEMPLATES[n % TEMPLATES.length]!;
    const resolved = n % 3 === 0;
    const createdAt = new Date(now.getTime() - ((n * 7919) % (7 * 24 * 60)) * 60_000);
    await db.query(
      `INSERT INTO tickets (title, description, category, order_code, expert_id, assistant, resolved, resolved_at, resolved_by, resolution_note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
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
  }
}

export async function inspectionTicketsSeed(deps: GatewayDeps): Promise<void> {
  await seedTickets(deps.db, 60);
}
