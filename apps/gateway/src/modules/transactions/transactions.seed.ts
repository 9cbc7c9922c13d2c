import { formatToman, toPersianDigits } from '@panel/contracts/common';
import type { Db } from '../../db/db';
import { seededRandom } from '../../db/seed-random';
import type { GatewayDeps } from '../../deps';
import { traceNumberOf } from './transactions.bank';

// Demo refunds (decision 118). The ledger itself needs no seed: every module's seeded money is in
// it through the triggers of 2700. This adds bank refunds of some of those payments, requested by
// the supervisor over the last weeks and followed to every state of the table (paid, at the bank,
// waiting, refused by the bank, cancelled), a few left waiting past the overdue threshold, each
// with its history. Sized from SEED_ORDERS (one refund for twenty orders); runs once per database.

const SEED_BY = 'supervisor';
const HOUR = 3_600_000;
const BANK_NOTES = ['شماره شبا با نام صاحب حساب یکی نیست', 'حساب مقصد مسدود است', 'سقف واریز روزانه بانک پر شده است'];
const REASONS = ['لغو سفارش به درخواست مشتری', 'پرداخت تکراری', 'عدم مراجعه کارشناس در زمان مقرر', 'کسر خدمات کارشناسی'];

type Plan = 'done' | 'sent' | 'requested' | 'overdue' | 'failed' | 'canceled';
const PLANS: Plan[] = ['overdue', 'done', 'failed', 'sent', 'done', 'requested', 'canceled', 'done', 'overdue', 'sent'];

export async function seedRefunds(db: Db, size: number): Promise<void> {
  if (size <= 0) return;
  const [existing] = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM bank_refunds WHERE created_by = $1) AS any`, [SEED_BY]);
  if (existing?.any) return;
  const rand = seededRandom(33_118);
  const paid = await db.query<{ id: number; amount: number; created_at: string; entity_label: string; party_phone: string | null }>(
    `SELECT id, amount, created_at, entity_label, party_phone FROM transactions
      WHERE kind IN ('inspection_payment', 'concierge_inspection', 'affidavit_fee') AND direction = 'in' AND state = 'done' AND created_at < now() - interval '4 days'
      ORDER BY created_at DESC, id DESC LIMIT $1`,
    [size * 3],
  );
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (let n = 0; n < Math.min(size, Math.floor(paid.length / 3)); n++) {
      const row = paid[n * 3]!;
      const plan = PLANS[n % PLANS.length]!;
      const amount = rand() < 0.7 ? row.amount : Math.max(1_000, Math.round((row.amount * (0.3 + rand() * 0.4)) / 10_000) * 10_000);
      const reason = REASONS[Math.floor(rand() * REASONS.length)]!;
      // Requested a few hours after the payment; a waiting one within the threshold, an overdue one days ago.
      const hoursAgo = plan === 'requested' || plan === 'sent' ? 2 + rand() * 30 : plan === 'overdue' ? 60 + rand() * 200 : 50 + rand() * 500;
      const at = Math.max(Date.parse(row.created_at) + HOUR, now - hoursAgo * HOUR);
      const sheba = `IR${String(10 + Math.floor(rand() * 89))}0${String(Math.floor(rand() * 1e11)).padStart(11, '0')}${String(Math.floor(rand() * 1e11)).padStart(11, '0')}`.slice(0, 26);
      const [outbox] = await tx.query<{ id: number }>(
        `INSERT INTO outbox (channel, target, text, amount, entity, entity_id, created_by, created_at) VALUES ('bank_refund', $1, $2, $3, 'transaction', $4, $5, $6) RETURNING id`,
        [sheba, `بازگشت وجه ${toPersianDigits(row.entity_label)} به مبلغ ${formatToman(amount)} — ${reason}`, amount, row.id, SEED_BY, new Date(at).toISOString()],
      );
      const [refund] = await tx.query<{ id: number }>('SELECT id FROM bank_refunds WHERE outbox_id = $1', [outbox!.id]);
      const id = refund!.id;
      const step = (hours: number) => new Date(Math.min(now - 60_000, at + hours * HOUR)).toISOString();
      const log = (action: string, from: string, to: string, when: string, reason = '') =>
        tx.query(
          `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at) VALUES ('bank_refund', $1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, action, from, to, action === 'cancel' || action === 'retry' ? SEED_BY : 'staff', action === 'cancel' || action === 'retry' ? 'رضا قاسمی' : 'سارا محمدی', reason, when],
        );
      const trace = traceNumberOf(id, 1);
      if (plan === 'done' || plan === 'sent') {
        await log('submit', 'requested', 'sent', step(1));
        if (plan === 'done') await log('settle', 'sent', 'done', step(20 + rand() * 30));
        await tx.query(
          `UPDATE bank_refunds SET state = $2, trace_number = $3, sent_at = $4, last_checked_at = $5, last_answer = $6, finished_at = $7, version = $8 WHERE id = $1`,
          [id, plan, trace, step(1), step(plan === 'done' ? 40 : 1.5), plan === 'done' ? 'paid' : 'accepted', plan === 'done' ? step(40) : null, plan === 'done' ? 2 : 1],
        );
        await tx.query(`UPDATE outbox SET state = 'sent' WHERE id = $1`, [outbox!.id]);
      } else if (plan === 'failed') {
        const note = BANK_NOTES[n % BANK_NOTES.length]!;
        await log('submit', 'requested', 'sent', step(1));
        await log('fail', 'sent', 'failed', step(26), note);
        await tx.query(`UPDATE bank_refunds SET state = 'failed', trace_number = $2, sent_at = $3, last_checked_at = $4, last_answer = 'rejected', bank_note = $5, version = 2 WHERE id = $1`, [id, trace, step(1), step(26), note]);
        await tx.query(`UPDATE outbox SET state = 'failed' WHERE id = $1`, [outbox!.id]);
      } else if (plan === 'canceled') {
        await log('cancel', 'requested', 'canceled', step(3), 'مشتری مبلغ را نقدی در دفتر دریافت کرد');
        await tx.query(`UPDATE bank_refunds SET state = 'canceled', finished_at = $2, version = 1 WHERE id = $1`, [id, step(3)]);
      } else if (plan === 'overdue') {
        // Still waiting at the bank's queue, asked more than once.
        await log('check', 'requested', 'requested', step(24), 'صف پردازش بانک');
        await tx.query(`UPDATE bank_refunds SET last_checked_at = $2, last_answer = 'processing', bank_note = 'صف پردازش بانک', version = 1 WHERE id = $1`, [id, step(24)]);
      }
    }
  });
}

/** One refund for twenty seeded orders (30 at the default 600; 4 at least). */
export async function transactionsSeed(deps: GatewayDeps): Promise<void> {
  await seedRefunds(deps.db, Math.max(4, Math.floor(deps.env.SEED_ORDERS / 20)));
}
