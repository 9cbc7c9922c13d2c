import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatToman, toPersianDigits, type PricingCondition } from '@panel/contracts/common';
import {
  ORDER_ACTION_MESSAGES,
  ORDER_WORKFLOW,
  orderHoldRefusal,
  type CancelOrderInput,
  type ChangePackageInput,
  type ChangePricingInput,
  type HoldOrderInput,
  type OrderAction,
  type OrderActionResult,
  type OrderMessage,
  type OrderState,
  type ReportDifferencesInput,
  type SetOrderVinInput,
} from '@panel/contracts/inspection-orders';
import type { Db, Queryable, Tx } from '../../db/db';
import type { CataloguePort } from '../../deps';
import type { CoreTables } from '../../db/core-tables';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { recordOutbox } from '../../outbox';
import { move, type Actor } from '../../workflow';
import type { InspectionOrdersTables } from './inspection-orders.tables';

// The order's own actions (decision 032). Each one locks the order row, moves it by the declared
// workflow (a Persian 409 outside it), writes its change, the action log row and what leaves the
// system (outbox) in one transaction, and answers the order's new state.

type Tables = CoreTables & InspectionOrdersTables;

const LOCKED_COLUMNS = ['pk', 'code', 'state', 'price', 'price_diff', 'package', 'pricing_conditions', 'held_until', 'phone_number', 'customer_name', 'city_id', 'visit_date', 'vin'] as const;

interface Locked {
  pk: number;
  code: string;
  state: string;
  price: number;
  price_diff: number;
  package: string;
  pricing_conditions: string[];
  held_until: string | null;
  phone_number: string;
  customer_name: string;
  city_id: number;
  visit_date: string | null;
  vin: string | null;
}

type Change = Partial<Omit<Locked, 'pk' | 'code' | 'phone_number' | 'customer_name' | 'city_id' | 'visit_date'>> & { hold_reason?: string; discount_code?: string | null; is_canceled?: boolean };

interface ActOptions {
  reason?: string;
  details?: Record<string, unknown>;
}

/** Settings of the actions that the app gives (the payment site's address, the clock). */
export interface OrderActionsContext {
  db: Db;
  paymentLinkBase: string;
  /** Every price is the catalogue's quote (decision 099). */
  catalogue: CataloguePort;
  now?: () => Date;
}

const isHeld = (order: Locked, now: Date) => order.held_until !== null && Date.parse(order.held_until) > now.getTime();

async function act(
  ctx: OrderActionsContext,
  actor: Actor,
  pk: number,
  action: OrderAction,
  decide: (order: Locked, tx: Tx, now: Date) => Promise<Change> | Change,
  options: ActOptions | ((order: Locked) => ActOptions) = {},
): Promise<OrderActionResult> {
  return ctx.db.transaction(async (tx) => {
    const q: Kysely<Tables> = kyselyOf<Tables>(tx);
    const order = (await q.selectFrom('inspections').select(LOCKED_COLUMNS).where('pk', '=', pk).forUpdate().executeTakeFirst()) as Locked | undefined;
    if (!order) throw notFound('سفارش یافت نشد');
    const now = ctx.now?.() ?? new Date();
    // What the hold forbids is the contracts' rule, the one the order page offers its buttons by.
    const heldRefusal = orderHoldRefusal(action, isHeld(order, now));
    if (heldRefusal) throw conflict(heldRefusal);
    const change = await decide(order, tx, now);
    const { reason, details } = typeof options === 'function' ? options(order) : options;
    const to = await move(tx, ORDER_WORKFLOW, {
      entity: 'inspection',
      entityId: pk,
      name: toPersianDigits(order.code),
      action,
      from: order.state as OrderState,
      actor,
      reason,
      details,
    });
    const row = await q
      .updateTable('inspections')
      .set({ ...change, state: to, version: (eb) => eb('version', '+', 1), updated_at: now.toISOString() })
      .where('pk', '=', pk)
      .returning(['pk', 'state', 'price', 'price_diff', 'discount_code'])
      .executeTakeFirstOrThrow();
    return { ...row, message: ORDER_ACTION_MESSAGES.done[action] };
  });
}

/**
 * What the customer received about an order, oldest first: the staff messages of its chat thread
 * (a reported difference) and the SMS recorded for them in the outbox (a settlement link, a
 * refund's discount code), each by the name of who wrote or sent it.
 */
export function orderConversation(db: Queryable, pk: number): Promise<OrderMessage[]> {
  return db.query<OrderMessage>(
    `SELECT 'chat:' || m.id AS id, 'chat' AS channel, coalesce(nullif(btrim(m.author_fullname), ''), m.author_username) AS author, m.text, m.at
       FROM inspection_chat_messages m WHERE m.inspection_pk = $1
     UNION ALL
     SELECT 'sms:' || o.id, 'sms', coalesce((SELECT nullif(btrim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.username = o.created_by), o.created_by), o.text, o.created_at
       FROM outbox o WHERE o.entity = 'inspection' AND o.entity_id = $1 AND o.channel = 'sms'
     ORDER BY at, id`,
    [pk],
  );
}

export function orderActions(ctx: OrderActionsContext) {
  /** The catalogue's quote for the order's city and visit day, locked with its breakdown in the action's transaction. */
  const reprice = async (order: Locked, tx: Tx, actor: Actor, packageName: string, conditions: string[]): Promise<Change> => {
    const request = { package: packageName, cityId: order.city_id, day: order.visit_date, conditions: conditions as PricingCondition[] };
    const quoted = await ctx.catalogue.quote(tx, request);
    await ctx.catalogue.lock(tx, quoted, { entity: 'inspection', entityId: order.pk }, actor);
    const price = quoted.price;
    return { package: packageName, pricing_conditions: conditions, price, price_diff: order.price_diff + price - order.price };
  };

  return {
    hold: (actor: Actor, input: HoldOrderInput) =>
      act(
        ctx,
        actor,
        input.pk,
        'hold',
        (order, _tx, now) => {
          if (Date.parse(input.until) <= now.getTime()) throw badRequest({ until: [ORDER_ACTION_MESSAGES.until] });
          return { held_until: input.until, hold_reason: input.reason };
        },
        { reason: input.reason, details: { until: input.until } },
      ),

    releaseHold: (actor: Actor, pk: number) =>
      act(ctx, actor, pk, 'release_hold', () => ({ held_until: null, hold_reason: '' })),

    changePackage: (actor: Actor, input: ChangePackageInput) =>
      act(
        ctx,
        actor,
        input.pk,
        'change_package',
        (order, tx) => {
          if (order.package === input.package) throw conflict(ORDER_ACTION_MESSAGES.samePackage);
          return reprice(order, tx, actor, input.package, order.pricing_conditions);
        },
        (order) => ({ details: { from: order.package, to: input.package }, reason: `${order.package} ← ${input.package}` }),
      ),

    changePricing: (actor: Actor, input: ChangePricingInput) =>
      act(
        ctx,
        actor,
        input.pk,
        'change_pricing',
        (order, tx) => {
          const next = [...new Set(input.conditions)].sort();
          if (next.join() === [...order.pricing_conditions].sort().join()) throw conflict(ORDER_ACTION_MESSAGES.samePricing);
          return reprice(order, tx, actor, order.package, next);
        },
        { details: { conditions: input.conditions } },
      ),

    settlementLink: (actor: Actor, pk: number) =>
      act(ctx, actor, pk, 'settlement_link', async (order, tx) => {
        if (order.price_diff <= 0) throw conflict(ORDER_ACTION_MESSAGES.noDifference);
        await recordOutbox(tx, {
          channel: 'sms',
          target: order.phone_number,
          text: `${order.customer_name} عزیز، مابه‌التفاوت سفارش ${toPersianDigits(order.code)} ${formatToman(order.price_diff)} است. پرداخت: ${ctx.paymentLinkBase}/settle/${order.code}`,
          amount: order.price_diff,
          entity: 'inspection',
          entityId: order.pk,
          createdBy: actor.username,
        });
        return {};
      }),

    reportDifferences: (actor: Actor, input: ReportDifferencesInput) =>
      act(
        ctx,
        actor,
        input.pk,
        'report_differences',
        async (order, tx) => {
          await kyselyOf<Tables>(tx)
            .insertInto('inspection_chat_messages')
            .values({ inspection_pk: order.pk, author_username: actor.username, author_fullname: actor.fullname, text: input.text })
            .execute();
          return {};
        },
        { reason: input.text },
      ),

    /** The car's VIN added, corrected or (null) taken away; the log keeps the one it replaced. */
    setVin: (actor: Actor, input: SetOrderVinInput) =>
      act(
        ctx,
        actor,
        input.pk,
        'set_vin',
        (order) => {
          if (order.vin === input.vin) throw conflict(ORDER_ACTION_MESSAGES.sameVin);
          return { vin: input.vin };
        },
        (order) => ({ details: { from: order.vin, to: input.vin }, reason: `${order.vin ?? '—'} ← ${input.vin ?? '—'}` }),
      ),

    cancel: (actor: Actor, input: CancelOrderInput) =>
      act(
        ctx,
        actor,
        input.pk,
        'cancel',
        async (order, tx) => {
          const change: Change = { is_canceled: true, held_until: null, hold_reason: '' };
          if (input.refund === 'discount_code' && order.price > 0) {
            change.discount_code = `RF${randomBytes(5).toString('hex').toUpperCase()}`;
            await recordOutbox(tx, {
              channel: 'sms',
              target: order.phone_number,
              text: `سفارش ${toPersianDigits(order.code)} لغو شد. کد تخفیف شما به ارزش ${formatToman(order.price)}: ${change.discount_code}`,
              amount: order.price,
              entity: 'inspection',
              entityId: order.pk,
              createdBy: actor.username,
            });
          } else if (input.refund === 'payment' && order.price > 0) {
            await recordOutbox(tx, {
              channel: 'bank_refund',
              target: order.phone_number,
              text: `بازگشت وجه سفارش ${order.code}`,
              amount: order.price,
              entity: 'inspection',
              entityId: order.pk,
              createdBy: actor.username,
            });
          }
          return change;
        },
        { reason: input.reason, details: { refund: input.refund } },
      ),
  };
}
