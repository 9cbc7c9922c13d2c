import {
  EXPERT_PAY_MESSAGES,
  PAY_PERIOD_WORKFLOW,
  currentPeriod,
  periodRange,
  type ExpertPayment,
  type ExpertPaymentPage,
  type ExpertPayments,
  type PayLine,
  type PaymentsListFilter,
  type PeriodState,
} from '@panel/contracts/expert-pay';
import type { Db, Queryable } from '../../db/db';
import type { DispatchPort } from '../../deps';
import { badRequest, conflict } from '../../errors';
import { move, type Actor } from '../../workflow';
import { LINE_SELECT, withOpenLines } from './pay-lines.sql';

export const PAY_PERIOD_ENTITY = 'pay_period';
/** The action log's id of a period: its key as a number (1405-09 → 140509). */
const periodEntityId = (period: string) => Number(period.replace('-', ''));

interface Settled {
  pk: number;
  total: number;
  line_count: number;
  settled_by: string;
  settled_at: string;
}

const SETTLED_LINE = `l.pk, l.kind, l.expert_id, l.source_key, l.inspection_id, l.inspection_code, l.day::text AS day, l.rule_pk, l.rule_id,
  l.rule_version, l.inputs, l.amount, l.reason, l.corrects_line, s.period`;
/** A row per expert from rows of (expert_id, kind, lines, amount). */
const AGGREGATE = `expert_id, sum(lines)::int AS lines,
  coalesce(sum(amount) FILTER (WHERE kind IN ('expert_share', 'mechanic_share')), 0) AS earnings,
  coalesce(sum(amount) FILTER (WHERE kind = 'penalty'), 0) AS penalties,
  coalesce(sum(amount) FILTER (WHERE kind = 'clawback'), 0) AS clawbacks,
  sum(amount) AS total`;

export function payments(db: Db, dispatch: DispatchPort) {
  const settledOf = async (q: Queryable, period: string): Promise<Settled | undefined> =>
    (await q.query<Settled>(`SELECT pk, total, line_count, settled_by, settled_at FROM pay_periods WHERE period = $1`, [period]))[0];

  async function openLines(q: Queryable, period: string, expert?: number): Promise<PayLine[]> {
    const range = periodRange(period);
    return withOpenLines<PayLine>(
      q,
      range,
      dispatch.penalties,
      (n) => `SELECT ${LINE_SELECT}, NULL::bigint AS pk, NULL::text AS period FROM open_lines WHERE ($${n}::int IS NULL OR expert_id = $${n}) ORDER BY expert_id, day, source_key, kind`,
      [expert ?? null],
    );
  }

  async function settledLines(q: Queryable, periodPk: number, expert?: number): Promise<PayLine[]> {
    return q.query<PayLine>(
      `SELECT ${SETTLED_LINE} FROM pay_lines l JOIN pay_periods s ON s.pk = l.period_id
        WHERE l.period_id = $1 AND ($2::int IS NULL OR l.expert_id = $2) ORDER BY l.expert_id, l.day, l.source_key, l.kind`,
      [periodPk, expert ?? null],
    );
  }

  return {
    async state(q: Queryable, period: string): Promise<PeriodState> {
      const range = periodRange(period);
      const settled = await settledOf(q, period);
      if (settled) return { period, ...range, settled, total: settled.total, line_count: settled.line_count };
      const [sum] = await withOpenLines<{ total: number; line_count: number }>(q, range, dispatch.penalties, () => `SELECT coalesce(sum(amount), 0) AS total, coalesce(sum(lines), 0)::int AS line_count FROM open_sums`);
      return { period, ...range, settled: null, total: sum?.total ?? 0, line_count: sum?.line_count ?? 0 };
    },

    /** The experts of a period, one row each, twenty to a page (by expert id). */
    async list(q: Queryable, filter: PaymentsListFilter): Promise<ExpertPaymentPage> {
      const period = filter.period ?? currentPeriod();
      const range = periodRange(period);
      const settled = await settledOf(q, period);
      const offset = (filter.page - 1) * filter.pageSize;
      const page = (perExpert: string, n: number) =>
        `per_expert AS (${perExpert})
         SELECT p.*, count(*) OVER ()::int AS full_count FROM per_expert p WHERE ($${n}::int IS NULL OR p.expert_id = $${n})
          ORDER BY p.expert_id LIMIT $${n + 1} OFFSET $${n + 2}`;
      const tail = [filter.expert ?? null, filter.pageSize, offset];
      // A settled period's sums per expert were written when it was settled (migration 2001).
      const rows = settled
        ? await q.query<ExpertPayment & { full_count: number }>(
            `WITH ${page('SELECT expert_id, lines, earnings, penalties, clawbacks, total FROM pay_period_experts WHERE period_id = $1', 2)}`,
            [settled.pk, ...tail],
          )
        : await withOpenLines<ExpertPayment & { full_count: number }>(q, range, dispatch.penalties, (n) => `, ${page(`SELECT ${AGGREGATE} FROM open_sums GROUP BY expert_id`, n)}`, tail);
      const names = await dispatch.expertNames(q, rows.map((r) => r.expert_id));
      let count = rows[0]?.full_count ?? 0;
      if (rows.length === 0 && offset > 0) count = (await this.list(q, { ...filter, page: 1 })).count;
      return {
        results: rows.map(({ full_count: _, ...r }) => ({ ...r, name: names.get(r.expert_id) ?? `کارشناس ${r.expert_id}` })),
        count,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    /** A period's lines (one expert's or all): the settled ones as paid, an open period's as they stand. */
    async lines(q: Queryable, period: string, expert?: number): Promise<PayLine[]> {
      const settled = await settledOf(q, period);
      return settled ? settledLines(q, settled.pk, expert) : openLines(q, period, expert);
    },

    /**
     * Settles a period in one transaction (decision 108): serialised by the settle lock, refused
     * when already settled (409) or when its total is no longer what the staff saw (409); the
     * database checks at commit that the total is the sum of the lines and that no line was settled before.
     */
    async settle(actor: Actor, input: { period: string; expectedTotal: number }): Promise<PeriodState> {
      const range = periodRange(input.period);
      if (range.start > new Date(Date.now() + 210 * 60_000).toISOString().slice(0, 10)) throw badRequest({ period: ['دوره‌ای که هنوز شروع نشده تسویه نمی‌شود.'] });
      try {
        return await db.transaction(async (tx) => {
          await tx.query(`SELECT id FROM pay_settle_lock WHERE id = 1 FOR UPDATE`);
          if (await settledOf(tx, input.period)) throw conflict(EXPERT_PAY_MESSAGES.alreadySettled);
          const lines = await openLines(tx, input.period);
          if (lines.length === 0) throw badRequest({ period: [EXPERT_PAY_MESSAGES.nothing] });
          const total = lines.reduce((sum, l) => sum + l.amount, 0);
          if (total !== input.expectedTotal) throw conflict(EXPERT_PAY_MESSAGES.stale);
          await move(tx, PAY_PERIOD_WORKFLOW, { entity: PAY_PERIOD_ENTITY, entityId: periodEntityId(input.period), action: 'settle', from: 'open', actor });
          const [period] = (await tx.query<{ pk: number }>(
            `INSERT INTO pay_periods (period, start_date, end_date, total, line_count, settled_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING pk`,
            [input.period, range.start, range.end, total, lines.length, actor.username],
          )) as [{ pk: number }];
          await tx.query(
            `INSERT INTO pay_lines (period_id, kind, expert_id, source_key, inspection_id, inspection_code, day, rule_pk, rule_id, rule_version, inputs, amount, reason, corrects_line)
             SELECT $1, x.kind, x.expert_id, x.source_key, x.inspection_id, x.inspection_code, x.day, x.rule_pk, x.rule_id, x.rule_version, x.inputs, x.amount, x.reason, x.corrects_line
               FROM jsonb_to_recordset($2::jsonb) AS x(kind text, expert_id int, source_key text, inspection_id bigint, inspection_code text, day date,
                    rule_pk bigint, rule_id bigint, rule_version int, inputs jsonb, amount numeric, reason text, corrects_line bigint)`,
            [period.pk, JSON.stringify(lines)],
          );
          const settled = (await settledOf(tx, input.period))!;
          return { period: input.period, ...range, settled, total: settled.total, line_count: settled.line_count };
        });
      } catch (error) {
        // The other settler's commit won the race past the lock (or the unique index caught it).
        const code = (error as { code?: unknown } | null)?.code;
        if (code === '23505' || code === '23P01') throw conflict(EXPERT_PAY_MESSAGES.alreadySettled);
        throw error;
      }
    },

    /** "Payments of one expert" (the expert's page): the open period's lines and the last twelve settled statements. */
    async ofExpert(q: Queryable, expertId: number): Promise<ExpertPayments> {
      const period = currentPeriod();
      const open = await this.lines(q, period, expertId);
      const rows = await q.query<PayLine & { total_in_period: number; settled_at: string }>(
        `SELECT ${SETTLED_LINE}, s.settled_at FROM pay_lines l JOIN pay_periods s ON s.pk = l.period_id
          WHERE l.expert_id = $1 AND l.period_id IN (SELECT DISTINCT period_id FROM pay_lines WHERE expert_id = $1 ORDER BY period_id DESC LIMIT 12)
          ORDER BY s.start_date DESC, l.day, l.source_key`,
        [expertId],
      );
      const settled = new Map<string, ExpertPayments['settled'][number]>();
      for (const { settled_at, total_in_period: _, ...line } of rows) {
        const key = line.period ?? '';
        const statement = settled.get(key) ?? { period: key, total: 0, settled_at, lines: [] };
        statement.total += line.amount;
        statement.lines.push(line);
        settled.set(key, statement);
      }
      return { expert_id: expertId, open: { period, total: open.reduce((s, l) => s + l.amount, 0), lines: open }, settled: [...settled.values()] };
    },
  };
}
