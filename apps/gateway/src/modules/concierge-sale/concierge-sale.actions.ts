import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ROLES, toPersianDigits } from '@panel/contracts/common';
import {
  CANCEL_REASON_TYPES,
  DEAL_WORKFLOW,
  SALE_MESSAGES,
  SALE_REVERT_TARGET,
  SALE_WORKFLOW,
  dealCommission,
  type CreateSale,
  type CreatedSale,
  type SaleAction,
  type SaleActionResult,
  type SaleState,
} from '@panel/contracts/concierge-sale';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { recordOutbox } from '../../outbox';
import { logAction, mayAct, move } from '../../workflow';
import { refusedNotYours, seesAll, type SaleQuery, type Tables, type Viewer } from './concierge-sale.viewer';

// The concierge sale's actions (issue 15, decision 070). Every action locks the sale row, checks
// the version the person saw, moves the declared workflow (which writes the action log) and
// changes the rows in the same transaction.

function newToken(): string {
  return `cs-${randomBytes(5).toString('hex')}`;
}

/** What an action changed that live watchers must hear: offers whose state moved. */
export interface ActionOutcome {
  result: SaleActionResult;
  offers: number[];
}

export function saleService(db: Db) {
  /** Runs `work` on the locked sale the viewer may act on, checking the version they saw. */
  async function onSale(viewer: Viewer, id: number, version: number | null, work: (q: SaleQuery, sale: Awaited<ReturnType<typeof lock>>, tx: Queryable) => Promise<ActionOutcome>) {
    return db.transaction(async (tx) => {
      const q = kyselyOf<Tables>(tx);
      const sale = await lock(q, id);
      if (!seesAll(viewer) && sale.sales_expert_id !== viewer.actor.id) throw refusedNotYours();
      if (version !== null && sale.version !== version) throw conflict(SALE_MESSAGES.stale);
      return work(q, sale, tx);
    });
  }

  async function lock(q: SaleQuery, id: number) {
    const sale = await q
      .selectFrom('concierge_sales')
      .select(['id', 'token', 'status', 'version', 'sales_expert_id', 'supervisor_id', 'city_id', 'phone_number', 'applicant_full_name', 'car_brand_model'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!sale) throw notFound(SALE_MESSAGES.notFound);
    return sale;
  }

  /** Moves the sale by the table and bumps its version; the log row is written by `move`. */
  async function step(tx: Queryable, viewer: Viewer, sale: { id: number; token: string; status: SaleState }, action: SaleAction, reason?: string, details?: Record<string, unknown>) {
    const to = await move(tx, SALE_WORKFLOW, { entity: 'concierge_sale', entityId: sale.id, name: sale.token, action, from: sale.status, actor: viewer.actor, reason, details });
    return to;
  }

  async function save(q: SaleQuery, id: number, set: Record<string, unknown>) {
    const row = await q
      .updateTable('concierge_sales')
      .set({ ...set, version: sql<number>`version + 1`, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returning(['id', 'status', 'version'])
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Closes the sale's open offers (it left the offer), bumping their versions; returns their ids. */
  async function closeOpenOffers(q: SaleQuery, saleId: number, except?: number): Promise<number[]> {
    let query = q.updateTable('concierge_sale_buyer_offers').set({ state: 'closed', version: sql<number>`version + 1` }).where('sale_id', '=', saleId).where('state', '=', 'open');
    if (except !== undefined) query = query.where('id', '<>', except);
    return (await query.returning('id').execute()).map((r) => r.id);
  }

  const result = (row: { id: number; status: SaleState; version: number }, action: SaleAction, dealId: number | null = null): SaleActionResult => ({
    ...row,
    message: SALE_MESSAGES.done[action],
    deal_id: dealId,
  });

  async function insertDeal(q: SaleQuery, viewer: Viewer, sale: { id: number; supervisor_id: number | null; city_id: number }, deal: { buyer_name: string; buyer_phone_number: string; price: number; deal_date: string; description: string | null; sale: number; buy: number; offerId: number | null }) {
    const commission = dealCommission(deal.price, deal.sale, deal.buy);
    const row = await q
      .insertInto('concierge_sale_deals')
      .values({
        sale_id: sale.id,
        // The deal keeps who supervised it and where (decision 091).
        supervisor_id: sale.supervisor_id,
        city_id: sale.city_id,
        buyer_name: deal.buyer_name,
        buyer_phone_number: deal.buyer_phone_number,
        buyer_offer_id: deal.offerId,
        price: deal.price,
        deal_date: deal.deal_date,
        description: deal.description,
        sale_commission_percent: deal.sale,
        buy_commission_percent: deal.buy,
        sale_commission: commission.sale,
        buy_commission: commission.buy,
        product_commission: commission.product,
        created_by: viewer.actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, commission };
  }

  return {
    async create(viewer: Viewer, input: CreateSale): Promise<CreatedSale> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const car = await q
          .selectFrom('car_models as m')
          .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
          .select(['m.id', sql<string>`b.name_fa || ' ' || m.name_fa`.as('name')])
          .where('m.id', '=', input.car_model_id)
          .executeTakeFirst();
        if (!car) throw badRequest({ car_model_id: [SALE_MESSAGES.car] });
        const token = newToken();
        // A sales expert who registers a sale is its sales expert; staff's registrations wait for one.
        const ownExpert = viewer.roles.includes(ROLES.salesExpert) ? viewer.actor.id : null;
        const row = await q
          .insertInto('concierge_sales')
          .values({
            token,
            applicant_full_name: input.applicant_full_name,
            applicant_type: input.applicant_type,
            phone_number: input.phone_number,
            city_id: input.city_id,
            address: input.address,
            car_model_id: car.id,
            car_brand_model: car.name,
            car_brand_model_year: input.car_brand_model_year,
            usage: input.usage,
            price: input.price,
            plan: input.plan,
            is_quick_sale: input.is_quick_sale,
            is_leasing_available: input.is_leasing_available,
            description: input.description || null,
            sales_expert_id: ownExpert,
            follower_id: viewer.actor.id,
          })
          .returning(['id', 'token'])
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: 'concierge_sale', entityId: row.id, action: 'create', to: 'new', actor: viewer.actor });
        await recordOutbox(tx, {
          channel: 'sms',
          target: input.phone_number,
          text: `${input.applicant_full_name} عزیز، درخواست فروش خودروی شما با کد ${row.token} ثبت شد. کارشناسان ما به‌زودی با شما تماس می‌گیرند.`,
          entity: 'concierge_sale',
          entityId: row.id,
          createdBy: viewer.actor.username,
        });
        return row;
      });
    },

    async assignSupervisor(viewer: Viewer, input: { id: number; supervisor_id: number; version: number }): Promise<ActionOutcome> {
      mayAct(SALE_WORKFLOW, 'assign_supervisor', viewer.actor);
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const supervisor = await q
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name'])
          .where('id', '=', input.supervisor_id)
          .where(sql<boolean>`${ROLES.supervisor} = ANY(roles)`)
          .executeTakeFirst();
        if (!supervisor) throw badRequest({ supervisor_id: [SALE_MESSAGES.notSupervisor] });
        const to = await step(tx, viewer, sale, 'assign_supervisor', undefined, { supervisor: `${supervisor.first_name} ${supervisor.last_name}` });
        return { result: result(await save(q, sale.id, { status: to, supervisor_id: supervisor.id }), 'assign_supervisor'), offers: [] };
      });
    },

    async sendToOffer(viewer: Viewer, input: { id: number; version: number }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'send_to_offer');
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: true, offer_supervisor: viewer.actor.fullname }), 'send_to_offer'), offers: [] };
      });
    },

    async removeFromOffer(viewer: Viewer, input: { id: number; version: number }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'remove_from_offer');
        const offers = await closeOpenOffers(q, sale.id);
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'remove_from_offer'), offers };
      });
    },

    async submitDeal(viewer: Viewer, input: SubmitDealOutput): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'submit_deal', undefined, { buyer: input.buyer_name, price: input.price });
        const deal = await insertDeal(q, viewer, sale, {
          buyer_name: input.buyer_name,
          buyer_phone_number: input.buyer_phone_number,
          price: input.price,
          deal_date: input.deal_date,
          description: input.description || null,
          sale: input.sale_commission_percent,
          buy: input.buy_commission_percent,
          offerId: null,
        });
        const offers = await closeOpenOffers(q, sale.id);
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'submit_deal', deal.id), offers };
      });
    },

    /** The supervisor accepts a buyer's offer: the sale leaves the offer and its deal starts at the offer's amount. */
    async acceptOffer(viewer: Viewer, input: AcceptOfferOutput): Promise<ActionOutcome> {
      mayAct(SALE_WORKFLOW, 'accept_offer', viewer.actor);
      const offer = await kyselyOf<Tables>(db).selectFrom('concierge_sale_buyer_offers').select(['sale_id']).where('id', '=', input.offer_id).executeTakeFirst();
      if (!offer) throw notFound('پیشنهاد یافت نشد.');
      return onSale(viewer, offer.sale_id, null, async (q, sale, tx) => {
        const locked = await q.selectFrom('concierge_sale_buyer_offers').selectAll().where('id', '=', input.offer_id).forUpdate().executeTakeFirstOrThrow();
        if (locked.state !== 'open') throw conflict(SALE_MESSAGES.offerNotOpen);
        const to = await step(tx, viewer, sale, 'accept_offer', undefined, { buyer: locked.buyer_name, amount: locked.amount });
        await q.updateTable('concierge_sale_buyer_offers').set({ state: 'accepted', version: sql<number>`version + 1` }).where('id', '=', locked.id).execute();
        const deal = await insertDeal(q, viewer, sale, {
          buyer_name: locked.buyer_name,
          buyer_phone_number: locked.buyer_phone_number,
          price: locked.amount,
          deal_date: input.deal_date,
          description: `پیشنهاد خریدار به شماره ${toPersianDigits(locked.id)}`,
          sale: input.sale_commission_percent,
          buy: input.buy_commission_percent,
          offerId: locked.id,
        });
        const closed = await closeOpenOffers(q, sale.id);
        await recordOutbox(tx, {
          channel: 'sms',
          target: locked.buyer_phone_number,
          text: `پیشنهاد شما برای خودروی ${sale.car_brand_model} پذیرفته شد. کارشناس فروش برای ادامه معامله با شما تماس می‌گیرد.`,
          entity: 'concierge_sale',
          entityId: sale.id,
          createdBy: viewer.actor.username,
        });
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'accept_offer', deal.id), offers: [locked.id, ...closed] };
      });
    },

    async approveDeal(viewer: Viewer, input: { id: number; version: number }): Promise<ActionOutcome> {
      mayAct(SALE_WORKFLOW, 'approve_deal', viewer.actor);
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const deal = await q.selectFrom('concierge_sale_deals').select(['id', 'state', 'product_commission']).where('sale_id', '=', sale.id).where('state', '<>', 'canceled').forUpdate().executeTakeFirst();
        if (!deal) throw conflict('این فروش معامله‌ای برای تأیید ندارد.');
        const refusal = DEAL_WORKFLOW.refusal('approve', deal.state, toPersianDigits(deal.id));
        if (refusal) throw conflict(refusal);
        const to = await step(tx, viewer, sale, 'approve_deal', undefined, { deal: deal.id, commission: deal.product_commission });
        const at = new Date().toISOString();
        await q.updateTable('concierge_sale_deals').set({ state: 'approved', approved_at: at, approved_by: viewer.actor.username }).where('id', '=', deal.id).execute();
        return { result: result(await save(q, sale.id, { status: to }), 'approve_deal', deal.id), offers: [] };
      });
    },

    async cancelDeal(viewer: Viewer, input: { id: number; version: number; reason: string }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const deal = await q.selectFrom('concierge_sale_deals').select(['id', 'state']).where('sale_id', '=', sale.id).where('state', '<>', 'canceled').forUpdate().executeTakeFirst();
        if (!deal) throw conflict('این فروش معامله‌ای برای لغو ندارد.');
        const refusal = DEAL_WORKFLOW.refusal('cancel', deal.state, toPersianDigits(deal.id));
        if (refusal) throw conflict(refusal);
        const to = await step(tx, viewer, sale, 'cancel_deal', input.reason, { deal: deal.id });
        await q.updateTable('concierge_sale_deals').set({ state: 'canceled', canceled_at: new Date().toISOString(), canceled_reason: input.reason }).where('id', '=', deal.id).execute();
        return { result: result(await save(q, sale.id, { status: to }), 'cancel_deal', deal.id), offers: [] };
      });
    },

    /** Back one step (decision 070): the table allows it from `assigned` and `on_offer`; the target is the step before. */
    async revert(viewer: Viewer, input: { id: number; version: number; reason: string }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const refusal = SALE_WORKFLOW.refusal('revert_order', sale.status, sale.token);
        if (refusal) throw conflict(refusal);
        const to = SALE_REVERT_TARGET[sale.status as keyof typeof SALE_REVERT_TARGET];
        await logAction(tx, { entity: 'concierge_sale', entityId: sale.id, action: 'revert_order', from: sale.status, to, actor: viewer.actor, reason: input.reason });
        const offers = sale.status === 'on_offer' ? await closeOpenOffers(q, sale.id) : [];
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'revert_order'), offers };
      });
    },

    async cancelSale(viewer: Viewer, input: CancelSaleOutput): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'cancel_sale', input.reason || CANCEL_REASON_TYPES[input.reason_type], { reason_type: input.reason_type });
        const offers = await closeOpenOffers(q, sale.id);
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false, cancel_reason_types: [input.reason_type] }), 'cancel_sale'), offers };
      });
    },

    async addNote(viewer: Viewer, input: { id: number; content: string }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, null, async (q, sale, tx) => {
        const refusal = SALE_WORKFLOW.refusal('add_note', sale.status);
        if (refusal) throw conflict(refusal);
        await q.insertInto('concierge_sale_notes').values({ sale_id: sale.id, content: input.content, author: viewer.actor.fullname || viewer.actor.username }).execute();
        await logAction(tx, { entity: 'concierge_sale', entityId: sale.id, action: 'add_note', from: sale.status, to: sale.status, actor: viewer.actor, reason: input.content });
        return { result: result(await save(q, sale.id, {}), 'add_note'), offers: [] };
      });
    },

    /** A buyer's offer on the public endpoint: only for a sale on offer, found by its token. */
    async postBuyerOffer(token: string, input: BuyerOfferInputOutput): Promise<number> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const sale = await q.selectFrom('concierge_sales').select(['id', 'status']).where('token', '=', token).forShare().executeTakeFirst();
        if (!sale) throw notFound(SALE_MESSAGES.notFound);
        if (sale.status !== 'on_offer') throw conflict(SALE_MESSAGES.notOnOffer);
        const row = await q
          .insertInto('concierge_sale_buyer_offers')
          .values({ sale_id: sale.id, buyer_name: input.buyer_name, buyer_phone_number: input.buyer_phone_number, amount: input.amount })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },
  };
}

export type SubmitDealOutput = { id: number; version: number; buyer_name: string; buyer_phone_number: string; price: number; deal_date: string; sale_commission_percent: number; buy_commission_percent: number; description: string };
export type AcceptOfferOutput = { offer_id: number; deal_date: string; sale_commission_percent: number; buy_commission_percent: number };
export type CancelSaleOutput = { id: number; version: number; reason_type: keyof typeof CANCEL_REASON_TYPES; reason: string };
export type BuyerOfferInputOutput = { buyer_name: string; buyer_phone_number: string; amount: number };
