import { sql } from 'kysely';
import { ROLES, type ActionLogEntry } from '@panel/contracts/common';
import { CANCEL_REASON_TYPES, type BuyerOffer, type ConciergeSaleDetail, type SalePeople } from '@panel/contracts/concierge-sale';
import type { Db } from '../../db/db';
import { actionLog } from '../../workflow';
import { cityName, visibleSale, type SaleQuery, type Viewer } from './concierge-sale.viewer';

// A sale as its detail screen reads it, its history, the people of the pickers, and the buyers'
// offers as the monitoring screen and the live channel read them.

export async function saleDetail(q: SaleQuery, viewer: Viewer, id: number): Promise<ConciergeSaleDetail> {
  const sale = await visibleSale(q, viewer, id);
  const userIds = [sale.supervisor_id, sale.sales_expert_id, sale.follower_id, sale.price_expert_id].filter((v): v is number => v !== null);
  const [users, switchIds, notes, inspections, pricingItems, agreements, payments, documents, deal] = await Promise.all([
    userIds.length ? q.selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'phone_number']).where('id', 'in', userIds).execute() : [],
    sale.sales_expert_id
      ? q.selectFrom('concierge_sales_experts').select(['switch_user_id']).where('user_id', '=', sale.sales_expert_id).executeTakeFirst()
      : undefined,
    q.selectFrom('concierge_sale_notes').select(['id', 'content', 'author', 'created_at']).where('sale_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    q.selectFrom('concierge_sale_inspections').select(['token', 'state', 'created_at', 'report_url']).where('sale_id', '=', id).orderBy('created_at').execute(),
    q.selectFrom('concierge_sale_pricing_items').select(['title', 'price']).where('sale_id', '=', id).orderBy('id').execute(),
    q.selectFrom('concierge_sale_price_agreements').select(['price', 'created_at', 'description']).where('sale_id', '=', id).orderBy('created_at').execute(),
    q.selectFrom('concierge_sale_payments').select(['id', 'amount', 'type', 'status', 'paid_at', 'description']).where('sale_id', '=', id).orderBy('id').execute(),
    q.selectFrom('concierge_sale_documents').select(['kind', 'name', 'url']).where('sale_id', '=', id).orderBy('id').execute(),
    q.selectFrom('concierge_sale_deals').selectAll().where('sale_id', '=', id).where('state', '<>', 'canceled').executeTakeFirst(),
  ]);
  const user = (userId: number | null) => users.find((u) => u.id === userId);
  const person = (userId: number | null) => {
    const u = user(userId);
    return u ? { id: u.id, name: `${u.first_name} ${u.last_name}`.trim(), username: u.username } : null;
  };
  const supervisor = user(sale.supervisor_id);
  const expert = user(sale.sales_expert_id);
  const docs = (kind: string) => documents.filter((d) => d.kind === kind).map(({ name, url }) => ({ name, url }));
  return {
    id: sale.id,
    token: sale.token,
    created_at: sale.created_at,
    applicant_full_name: sale.applicant_full_name,
    applicant_type: sale.applicant_type,
    phone_number: sale.phone_number,
    offer_supervisor: sale.offer_supervisor,
    car_health_description: sale.car_health_description,
    health_info: { description: sale.health_description, health_detail: sale.health_detail },
    usage: sale.usage,
    car_brand_model_year: sale.car_brand_model_year,
    car_brand_model: sale.car_brand_model,
    city: cityName(sale.city_id),
    address: sale.address,
    operator_note: sale.operator_note,
    description: sale.description,
    inspection_price: sale.inspection_price,
    status: sale.status,
    notes,
    deal_date: deal?.deal_date ?? null,
    product_commission: deal?.product_commission ?? null,
    sale_concierge_commission: deal?.sale_commission ?? null,
    sale_concierge_commission_percent: deal?.sale_commission_percent ?? null,
    buy_concierge_commission: deal?.buy_commission ?? null,
    buy_concierge_commission_percent: deal?.buy_commission_percent ?? null,
    is_warrantied: sale.is_warrantied,
    warranty_number: sale.warranty_number,
    pos_receipt_number: sale.pos_receipt_number,
    car_post_token: sale.car_post_token,
    price: sale.price,
    deal_description: deal?.description ?? null,
    health_state: sale.health_state,
    reagent_switch_id: sale.reagent_switch_id,
    is_canceled: sale.status === 'canceled',
    plan: sale.plan,
    follower: person(sale.follower_id),
    price_expert: person(sale.price_expert_id),
    is_quick_sale: sale.is_quick_sale,
    is_leasing_available: sale.is_leasing_available,
    supervisor: supervisor ? { id: supervisor.id, first_name: supervisor.first_name, last_name: supervisor.last_name, username: supervisor.username } : null,
    sales_expert: expert
      ? { id: expert.id, name: `${expert.first_name} ${expert.last_name}`.trim(), phone_number: expert.phone_number ?? '', switch_user_id: switchIds?.switch_user_id ?? null }
      : null,
    divar_post_token: sale.divar_post_token,
    divar_post_link: sale.divar_post_link,
    car_post_link: sale.car_post_link,
    min_price: sale.min_price,
    max_price: sale.max_price,
    pricing_description: sale.pricing_description,
    car_options: sale.car_options,
    car_color: sale.car_color,
    inspections,
    pricing_items: pricingItems,
    price_agreements: agreements,
    is_painted: sale.painted_parts.length > 0,
    painted_parts: sale.painted_parts,
    is_damaged: sale.damaged_parts.length > 0,
    damaged_parts: sale.damaged_parts,
    is_changed: sale.changed_parts.length > 0,
    changed_parts: sale.changed_parts,
    is_smoothed: sale.smoothed_parts.length > 0,
    smoothed_parts: sale.smoothed_parts,
    cancel_reason_types: sale.cancel_reason_types.map((value) => ({ value, label: CANCEL_REASON_TYPES[value as keyof typeof CANCEL_REASON_TYPES] ?? value })),
    payments_list: payments,
    deal_buyer_name: deal?.buyer_name ?? null,
    deal_buyer_phone_number: deal?.buyer_phone_number ?? null,
    has_deal: deal !== undefined,
    deal_id: deal?.id ?? null,
    deal_state: deal?.state ?? null,
    is_new_financial_model: sale.is_new_financial_model,
    is_count_in_offer: sale.is_count_in_offer,
    affidavit_documents: { affidavit: docs('affidavit'), payment_receipt: docs('payment_receipt'), other: docs('other') },
    available_city: sale.available_city,
    city_id: sale.city_id,
    car_model_id: sale.car_model_id,
    deal_price: deal?.price ?? null,
    version: sale.version,
  };
}

export async function saleActionLog(q: SaleQuery, db: Db, viewer: Viewer, id: number): Promise<ActionLogEntry[]> {
  await visibleSale(q, viewer, id);
  return actionLog(db, 'concierge_sale', id);
}

/** Supervisors and sales experts: users holding those roles, for pickers and filters. */
export async function salePeople(q: SaleQuery): Promise<SalePeople> {
  const withRole = (role: string) =>
    q
      .selectFrom('users')
      .select(['id', sql<string>`btrim(first_name || ' ' || last_name)`.as('name')])
      .where('is_active', '=', true)
      .where(sql<boolean>`${role} = ANY(roles)`)
      .orderBy('first_name')
      .orderBy('id')
      .execute();
  const [supervisors, experts] = await Promise.all([withRole(ROLES.supervisor), withRole(ROLES.salesExpert)]);
  return { supervisors, sales_experts: experts };
}

/** The buyer's offers as the monitoring screen reads them, by id. */
export async function offersByIds(q: SaleQuery, ids: readonly number[]): Promise<BuyerOffer[]> {
  if (ids.length === 0) return [];
  return offerRows(q).where('o.id', 'in', [...ids]).orderBy('o.created_at', 'desc').execute().then(toOffers);
}

/** A buyer's offer with what the screens show of its sale; one list for the live channel and the offer list. */
export const OFFER_COLUMNS = [
  'o.id',
  'o.sale_id',
  's.token as sale_token',
  's.car_brand_model',
  's.car_brand_model_year',
  's.city_id',
  's.min_price',
  's.max_price',
  's.price as asking_price',
  'o.buyer_name',
  'o.buyer_phone_number',
  'o.amount',
  'o.created_at',
  'o.state',
  'o.version',
] as const;

function offerRows(q: SaleQuery) {
  return q
    .selectFrom('concierge_sale_buyer_offers as o')
    .innerJoin('concierge_sales as s', 's.id', 'o.sale_id')
    .select(OFFER_COLUMNS);
}

export const toOffers = (rows: (Omit<BuyerOffer, 'city'> & { city_id: number })[]): BuyerOffer[] => rows.map(({ city_id, ...row }) => ({ ...row, city: cityName(city_id) }));

/** Every open offer of every sale on offer: the live channel's one topic. */
export async function openOffers(q: SaleQuery): Promise<BuyerOffer[]> {
  return offerRows(q).where('o.state', '=', 'open').where('s.status', '=', 'on_offer').orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute().then(toOffers);
}
