import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  CAMPAIGN_BATCH,
  CAMPAIGN_CODE_LENGTH,
  CAMPAIGN_INLINE_MAX,
  CODE_ALPHABET,
  DISCOUNTS_MESSAGES,
  DISCOUNT_REFUSALS,
  DISCOUNT_SERVICES,
  DISCOUNT_WORKFLOW,
  RESERVATION_MINUTES,
  type Campaign,
  type CreateCampaignInput,
  type CreateDiscountInput,
  type DiscountOutcome,
  type DiscountStepInput,
  type RedeemDiscountInput,
  type RedemptionOutcome,
} from '@panel/contracts/discounts';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { tehranDayRange } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { type Actor, lockedRow, logAction, move } from '../../workflow';
import { DISCOUNT_ENTITY, campaignDetail, checkCode, type DiscountsDb, type DiscountsTablesAll } from './discounts.service';

// Discount code changes (decision 117). Each runs in one transaction. A use locks the code, finds
// the first refusing reason of the declared set, then takes its place in one conditional UPDATE
// (`used + reserved < usage_limit` and the customer's uses under `per_user_limit`): whatever runs
// at once, a code is never used past its limits, and the table's CHECK says so again.

/** The rules as the tables keep them: validity from the start of its first Tehran day to the end of its last. */
function rulesRow(input: Omit<CreateDiscountInput, 'code'>) {
  return {
    kind: input.kind,
    value: input.value,
    max_discount: input.kind === 'percent' ? input.max_discount : null,
    min_order: input.min_order,
    valid_from: tehranDayRange(input.valid_from)[0],
    valid_until: tehranDayRange(input.valid_until)[1],
    usage_limit: input.usage_limit,
    per_user_limit: input.per_user_limit,
    services: input.services,
    city_id: input.city_id,
  };
}

export function randomCode(prefix: string): string {
  let text = prefix;
  for (let i = 0; i < CAMPAIGN_CODE_LENGTH; i++) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return text;
}

/**
 * Makes up to `want` more codes of a campaign in the caller's transaction, each with the
 * campaign's rules; a code that happens to exist already is skipped (the next step makes
 * another). Answers how many it made.
 */
async function makeBatch(tx: Queryable, campaign: { id: number; prefix: string }, want: number): Promise<number> {
  const codes = Array.from({ length: want }, () => randomCode(campaign.prefix));
  const made = await tx.query<{ id: number }>(
    `INSERT INTO discount_codes (code, kind, value, max_discount, min_order, valid_from, valid_until, usage_limit, per_user_limit, services, city_id, origin, campaign_id, created_by)
     SELECT c.code, k.kind, k.value, k.max_discount, k.min_order, k.valid_from, k.valid_until, k.usage_limit, k.per_user_limit, k.services, k.city_id, 'campaign', k.id, k.created_by
       FROM json_array_elements_text($1::json) AS c(code) CROSS JOIN discount_campaigns k
      WHERE k.id = $2
     ON CONFLICT (code) DO NOTHING RETURNING id`,
    [JSON.stringify(codes), campaign.id],
  );
  await tx.query(
    `UPDATE discount_campaigns SET done = done + $2,
            state = CASE WHEN done + $2 >= total THEN 'done' ELSE state END,
            finished_at = CASE WHEN done + $2 >= total THEN now() ELSE finished_at END
      WHERE id = $1`,
    [campaign.id, made.length],
  );
  return made.length;
}

/**
 * The background maker of large campaigns: one batch per transaction, so the screen sees the
 * progress and a restart picks up where it stopped (every campaign still running is resumed).
 */
export function campaignRunner(db: Db) {
  const running = new Map<number, Promise<void>>();
  let stopped = false;

  async function run(id: number) {
    while (!stopped) {
      const left = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number; prefix: string; total: number; done: number; state: string }>(
          'SELECT id, prefix, total, done, state FROM discount_campaigns WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!row || row.state !== 'running') return 0;
        const want = Math.min(CAMPAIGN_BATCH, row.total - row.done);
        const made = await makeBatch(tx, row, want);
        return row.total - row.done - made;
      });
      if (left <= 0) return;
      // Let other requests in between batches (PGlite has one connection).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    start(id: number) {
      if (stopped || running.has(id)) return;
      const job = run(id)
        .catch((error: unknown) => console.error(`discount campaign ${id} stopped`, error))
        .finally(() => running.delete(id));
      running.set(id, job);
    },
    async resumeAll() {
      const rows = await db.query<{ id: number }>("SELECT id FROM discount_campaigns WHERE state = 'running' ORDER BY id");
      for (const row of rows) this.start(row.id);
    },
    async stop() {
      stopped = true;
      await Promise.all(running.values());
    },
  };
}
export type CampaignRunner = ReturnType<typeof campaignRunner>;

const lockedCode = (q: DiscountsDb, id: number, version: number) => lockedRow(q, 'discount_codes', id, { notFound: DISCOUNTS_MESSAGES.notFound, stale: DISCOUNTS_MESSAGES.stale }, { version });

/**
 * Reservations of a code older than the payment window give their places back, each once (a
 * second caller waits on the same rows and finds them released), before a new use is weighed.
 */
async function releaseLapsed(tx: Queryable, code: string): Promise<void> {
  await tx.query(
    `WITH lapsed AS (
       UPDATE discount_redemptions r SET state = 'released', settled_at = now()
         FROM discount_codes d
        WHERE d.code = $1 AND r.code_id = d.id AND r.state = 'reserved' AND r.created_at < now() - make_interval(mins => $2)
       RETURNING r.code_id)
     UPDATE discount_codes d SET reserved = d.reserved - l.n, updated_at = now()
       FROM (SELECT code_id, count(*)::int AS n FROM lapsed GROUP BY code_id) l
      WHERE d.id = l.code_id`,
    [code, RESERVATION_MINUTES],
  );
}

export function discountActions(db: Db, runner: CampaignRunner) {
  const inTx = <T>(work: (q: DiscountsDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<DiscountsTablesAll>(tx), tx));

  return {
    create: (actor: Actor, input: CreateDiscountInput): Promise<DiscountOutcome> =>
      inTx(async (q, tx) => {
        const row = await q
          .insertInto('discount_codes')
          .values({ code: input.code, ...rulesRow(input), created_by: actor.username })
          .onConflict((oc) => oc.column('code').doNothing())
          .returning(['id', 'state', 'version'])
          .executeTakeFirst();
        if (!row) throw badRequest({ code: [DISCOUNTS_MESSAGES.codeTaken] });
        await logAction(tx, { entity: DISCOUNT_ENTITY, entityId: row.id, action: 'create', to: row.state, actor });
        return { ...row, message: DISCOUNTS_MESSAGES.created };
      }),

    step: (actor: Actor, input: DiscountStepInput): Promise<DiscountOutcome> =>
      inTx(async (q, tx) => {
        const row = await lockedCode(q, input.id, input.version);
        const state = await move(tx, DISCOUNT_WORKFLOW, { entity: DISCOUNT_ENTITY, entityId: row.id, name: row.code, action: input.action, from: row.state, actor, reason: input.reason });
        const changed = await q
          .updateTable('discount_codes')
          .set({ state, version: row.version + 1, updated_at: sql<string>`now()` })
          .where('id', '=', row.id)
          .returning(['id', 'state', 'version'])
          .executeTakeFirstOrThrow();
        return { ...changed, message: DISCOUNTS_MESSAGES.moved[input.action] };
      }),

    /** One use of a code: reserved (hold) or used at once; refused with the reason of the declared set. */
    redeem: (actor: Actor, input: RedeemDiscountInput): Promise<RedemptionOutcome> =>
      inTx(async (_q, tx) => {
        await releaseLapsed(tx, input.code);
        const order = { amount: input.amount, service: input.service, city_id: input.city_id, phone: input.phone, order_code: null };
        const check = await checkCode(tx, input.code, order, true);
        if (!check.applies || !check.checked) throw conflict(check.message);
        const code = check.checked;
        const [taken] = await tx.query<{ used: number; reserved: number }>(
          `UPDATE discount_codes d
              SET used = d.used + $3, reserved = d.reserved + $4, updated_at = now()
            WHERE d.id = $1 AND d.state = 'active' AND now() >= d.valid_from AND now() < d.valid_until
              AND d.used + d.reserved < d.usage_limit
              AND (SELECT count(*) FROM discount_redemptions r WHERE r.code_id = d.id AND r.phone = $2 AND r.state <> 'released') < d.per_user_limit
          RETURNING d.used, d.reserved`,
          [code.id, input.phone, input.hold ? 0 : 1, input.hold ? 1 : 0],
        );
        if (!taken) throw conflict(DISCOUNT_REFUSALS.limit_reached);
        const [redemption] = await tx.query<{ id: number }>(
          `INSERT INTO discount_redemptions (code_id, phone, amount, discount, service, city_id, order_ref, state, created_by, settled_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [code.id, input.phone, input.amount, check.discount, input.service, input.city_id, input.order_ref, input.hold ? 'reserved' : 'confirmed', actor.username, input.hold ? null : new Date().toISOString()],
        );
        await logAction(tx, {
          entity: DISCOUNT_ENTITY,
          entityId: code.id,
          action: input.hold ? 'reserve' : 'redeem',
          actor,
          reason: `${DISCOUNT_SERVICES[input.service]} — مبلغ ${formatToman(input.amount)}، تخفیف ${formatToman(check.discount)}${input.order_ref ? ` — سفارش ${toPersianDigits(input.order_ref)}` : ''}`,
          details: { redemption: redemption!.id, phone: input.phone },
        });
        return { id: redemption!.id, code_id: code.id, state: input.hold ? 'reserved' : 'confirmed', discount: check.discount, ...taken, message: input.hold ? DISCOUNTS_MESSAGES.reserved : DISCOUNTS_MESSAGES.redeemed };
      }),

    /** Ends a reservation: confirmed (the order paid) or released (it did not); each only once. */
    settle: (actor: Actor, id: number, outcome: 'confirmed' | 'released'): Promise<RedemptionOutcome> =>
      inTx(async (_q, tx) => {
        const [row] = await tx.query<{ code_id: number; discount: number }>(
          `UPDATE discount_redemptions SET state = $2, settled_at = now() WHERE id = $1 AND state = 'reserved' RETURNING code_id, discount`,
          [id, outcome],
        );
        if (!row) {
          const [exists] = await tx.query('SELECT 1 FROM discount_redemptions WHERE id = $1', [id]);
          throw exists ? conflict(DISCOUNTS_MESSAGES.redemptionSettled) : notFound(DISCOUNTS_MESSAGES.redemptionNotFound);
        }
        const [counts] = await tx.query<{ used: number; reserved: number }>(
          `UPDATE discount_codes SET reserved = reserved - 1, used = used + $2, updated_at = now() WHERE id = $1 RETURNING used, reserved`,
          [row.code_id, outcome === 'confirmed' ? 1 : 0],
        );
        await logAction(tx, { entity: DISCOUNT_ENTITY, entityId: row.code_id, action: outcome === 'confirmed' ? 'confirm' : 'release', actor, details: { redemption: id } });
        return { id, code_id: row.code_id, state: outcome, discount: row.discount, ...counts!, message: outcome === 'confirmed' ? DISCOUNTS_MESSAGES.confirmed : DISCOUNTS_MESSAGES.released };
      }),

    /** A campaign of unique codes: made in the request when small, by the background maker when large. */
    createCampaign: async (actor: Actor, input: CreateCampaignInput): Promise<Campaign & { message: string }> => {
      const id = await inTx(async (q, tx) => {
        const row = await q
          .insertInto('discount_campaigns')
          .values({ name: input.name, prefix: input.prefix, total: input.count, ...rulesRow(input), created_by: actor.username })
          .returning(['id', 'prefix', 'total'])
          .executeTakeFirstOrThrow();
        if (input.count <= CAMPAIGN_INLINE_MAX) {
          let done = 0;
          while (done < row.total) done += await makeBatch(tx, row, row.total - done);
        }
        return row.id;
      });
      if (input.count > CAMPAIGN_INLINE_MAX) runner.start(id);
      const campaign = await campaignDetail(kyselyOf<DiscountsTablesAll>(db), id);
      return { ...campaign, message: campaign.state === 'done' ? DISCOUNTS_MESSAGES.campaignDone : DISCOUNTS_MESSAGES.campaignStarted };
    },
  };
}
