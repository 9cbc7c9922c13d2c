import { EXPERT_PAY_MESSAGES, SHARE_RULE_WORKFLOW, ruleRange, type ApplicableRule, type RuleImpact, type ShareRule, type ShareRuleFields } from '@panel/contracts/expert-pay';
import type { Db, Queryable } from '../../db/db';
import type { DispatchPort } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, mayAct, type Actor } from '../../workflow';
import { computedLines, dayShift, ruleColumns, type ProposedRule } from './pay-lines.sql';

export const SHARE_RULE_ENTITY = 'share_rule';

const isOverlap = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '23P01' || (typeof e?.message === 'string' && e.message.includes('share_rules_no_overlap'));
};

function columnsOf(fields: ShareRuleFields) {
  const range = ruleRange(fields);
  const byDate = fields.tab === 'date';
  return [
    fields.tab,
    byDate ? true : fields.allTimeShift,
    byDate ? fields.days : [],
    fields.cities,
    fields.condition,
    fields.inspectionType,
    byDate || fields.allTimeShift ? null : fields.shift,
    range.start,
    range.end,
    fields.inspectionPriceRatio,
    fields.expertShareRatio,
    fields.mechanicShareRatio,
  ];
}

export function shareRules(db: Db, dispatch: DispatchPort) {
  async function insert(tx: Queryable, ruleId: number, version: number, fields: ShareRuleFields, actor: Actor): Promise<ShareRule> {
    const [row] = await tx.query<ShareRule>(
      `INSERT INTO share_rules (rule_id, version, tab, all_time_shift, days, cities, condition, inspection_type, shift, start_date, end_date,
                                inspection_price_ratio, expert_share_ratio, mechanic_share_ratio, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${ruleColumns()}`,
      [ruleId, version, ...columnsOf(fields), actor.username],
    );
    return row!;
  }

  return {
    /** The rules in force first (by start day), then the retired versions: the settings' history. */
    list: (q: Queryable): Promise<ShareRule[]> =>
      q.query<ShareRule>(`SELECT ${ruleColumns()} FROM share_rules ORDER BY in_force DESC, start_date DESC, rule_id DESC, version DESC LIMIT 500`),

    /** A new rule, or a new version of a rule from the version the editor saw (409 when stale); an overlap is a Persian 400. */
    async save(actor: Actor, input: { ruleId?: number; version?: number; fields: ShareRuleFields }): Promise<ShareRule> {
      mayAct(SHARE_RULE_WORKFLOW, 'revise', actor);
      try {
        return await db.transaction(async (tx) => {
          if (input.ruleId === undefined) {
            const [{ id }] = (await tx.query<{ id: number }>(`SELECT nextval('share_rule_ids')::int AS id`)) as [{ id: number }];
            const rule = await insert(tx, id, 1, input.fields, actor);
            await logAction(tx, { entity: SHARE_RULE_ENTITY, entityId: id, action: 'create', to: 'in_force', actor, details: { version: 1 } });
            return rule;
          }
          const [current] = await tx.query<{ pk: number; version: number }>(
            `SELECT pk, version FROM share_rules WHERE rule_id = $1 AND in_force FOR UPDATE`,
            [input.ruleId],
          );
          if (!current) throw notFound('قاعده سهم یافت نشد.');
          if (input.version !== undefined && input.version !== current.version) throw conflict(EXPERT_PAY_MESSAGES.ruleStale);
          await tx.query(`UPDATE share_rules SET in_force = false WHERE pk = $1`, [current.pk]);
          const rule = await insert(tx, input.ruleId, current.version + 1, input.fields, actor);
          await logAction(tx, { entity: SHARE_RULE_ENTITY, entityId: input.ruleId, action: 'revise', from: 'in_force', to: 'in_force', actor, details: { version: rule.version } });
          return rule;
        });
      } catch (error) {
        if (isOverlap(error)) throw badRequest({ [input.fields.tab === 'shift' ? 'shiftDate' : 'startDate']: [EXPERT_PAY_MESSAGES.overlap] });
        throw error;
      }
    },

    /**
     * Before saving: per expert, how many lines (settled or not) of the days the old and the new
     * range cover would change, and by how much.
     */
    async impact(q: Queryable, proposed: ProposedRule): Promise<RuleImpact> {
      let { start: from, end: to } = ruleRange(proposed.fields);
      if (proposed.ruleId !== null) {
        const [old] = await q.query<{ start_date: string; end_date: string }>(
          `SELECT start_date::text AS start_date, end_date::text AS end_date FROM share_rules WHERE rule_id = $1 AND in_force`,
          [proposed.ruleId],
        );
        if (!old) throw notFound('قاعده سهم یافت نشد.');
        if (old.start_date < from) from = old.start_date;
        if (old.end_date > to) to = old.end_date;
      }
      // A day's margin on either side of the days computed (Tehran's day against the instant); the SQL cuts by day.
      const penalties = await dispatch.penalties(q, { since: dayShift(from, -1), before: dayShift(to, 2) });
      const now = computedLines(1, { from, to }, penalties, { name: 'now_' });
      const next = computedLines(1 + now.params.length, { from, to }, penalties, { proposed });
      const rows = await q.query<{ expert_id: number; lines: number; delta: number }>(
        `WITH ${now.sql},
         ${next.sql}
         SELECT coalesce(a.expert_id, b.expert_id) AS expert_id, count(*)::int AS lines, sum(coalesce(b.amount, 0) - coalesce(a.amount, 0)) AS delta
           FROM now_computed a FULL JOIN computed b ON a.kind = b.kind AND a.expert_id = b.expert_id AND a.source_key = b.source_key
          WHERE coalesce(a.amount, 0) <> coalesce(b.amount, 0)
          GROUP BY 1 ORDER BY 1`,
        [...now.params, ...next.params],
      );
      const names = await dispatch.expertNames(q, rows.map((r) => r.expert_id));
      return { from, to, experts: rows.map((r) => ({ ...r, name: names.get(r.expert_id) ?? `کارشناس ${r.expert_id}` })) };
    },

    /** Which rule in force decides an inspection's shares (null: the defaults 1.00). */
    async applicable(q: Queryable, code: string): Promise<ApplicableRule> {
      const [inspection] = await q.query<ApplicableRule['inspection']>(
        `SELECT pk, code, visit_date::text AS visit_date, city_id, package, time_slot, price FROM inspections WHERE code = $1`,
        [code],
      );
      if (!inspection) throw notFound('سفارشی با این کد یافت نشد.');
      const [rule] = await q.query<ShareRule>(
        `SELECT ${ruleColumns('r')}
           FROM inspections i, share_rules r WHERE i.pk = $1 AND r.in_force AND pay_rule_matches(r, i, i.visit_date) LIMIT 1`,
        [inspection.pk],
      );
      return { inspection, rule: rule ?? null };
    },
  };
}
