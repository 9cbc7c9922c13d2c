import { AFFIDAVIT_STATES } from '@panel/contracts/affidavits';
import { CAR_POST_STATES, GEARBOXES } from '@panel/contracts/car-posts';
import {
  CAR_FACT_LIST,
  CAR_SECTION_LIST,
  type CarEvent,
  type CarFact,
  type CarFactEntry,
  type CarHistory,
  type CarQuery,
  type CarRecordRef,
  type CarSection,
} from '@panel/contracts/car-detail';
import { INSPECTION_STATE_LABELS, TICKET_STATES, formatNumber, formatToman } from '@panel/contracts/common';
import { DEAL_STATES, SALE_STATES } from '@panel/contracts/concierge-sale';
import { ORDER_LIST_STATE_LABELS } from '@panel/contracts/inspection-orders';
import { PRICING_STATUSES } from '@panel/contracts/pricing-orders';
import type { Queryable } from '../../db/db';

// One car's history (decision 120). Modules never import each other, and no module owns "a car":
// each names it its own way (a post's plate and token, a sale's post token, an order's sale, a
// ticket's order code). This service follows those links in SQL, read only, over the tables the
// other modules' migrations made, with the indexes of migration 2800; what each row means comes
// from its module's contracts (state labels). Every query is an index probe by the ids and codes
// found so far, so a lookup costs the same at 100,000 orders as at 100.

const label = (labels: Readonly<Record<string, string>>, code: string | null): string | null => (code === null ? null : (labels[code] ?? code));
const orderState = (code: string) => (ORDER_LIST_STATE_LABELS as Record<string, string>)[code] ?? (INSPECTION_STATE_LABELS as Record<string, string>)[code] ?? code;
const iso = (at: string | Date) => new Date(at).toISOString();
const ref = (kind: CarRecordRef['kind'], id: number, code: string | null = null, tab: string | null = null): CarRecordRef => ({ kind, id: Number(id), code, tab });

interface PostRow {
  id: number;
  token: string;
  state: string;
  title: string;
  model_id: number;
  brand_model: string;
  year: number;
  usage: number;
  color: string;
  gearbox: string;
  document: string;
  city: string;
  price: number;
  plate: string | null;
  plate_key: string | null;
  vin: string | null;
  inspection_token: string | null;
  concierge_sale_id: number | null;
  owner_name: string;
  owner_phone_number: string;
  created_at: string;
}

interface SaleRow {
  id: number;
  token: string;
  status: string;
  car_model_id: number;
  car_brand_model: string;
  car_brand_model_year: number;
  usage: number;
  car_color: string | null;
  city: string;
  applicant_full_name: string;
  phone_number: string;
  price: number | null;
  car_post_token: string | null;
  /** The VINs the sale's inspection orders recorded. */
  vins: string[];
  created_at: string;
}

const POST_COLUMNS = `p.id, p.token, p.state, p.title, p.model_id, p.brand_model, p.year, p.usage, p.color, p.gearbox, p.document, c.name AS city,
  p.price, p.license_plate_code AS plate, car_plate_key(p.license_plate_code) AS plate_key, p.vin, p.inspection_token, p.concierge_sale_id,
  p.owner_name, p.owner_phone_number, p.created_at`;
const SALE_COLUMNS = `s.id, s.token, s.status, s.car_model_id, s.car_brand_model, s.car_brand_model_year, s.usage, s.car_color, c.name AS city,
  s.applicant_full_name, s.phone_number, s.price, s.car_post_token, s.created_at,
  ARRAY(SELECT DISTINCT o.vin FROM inspections o WHERE o.concierge_sale = s.id AND o.vin IS NOT NULL) AS vins`;

/**
 * Posts and sales of one car: from the query, following plate ↔ post ↔ sale ↔ VIN until nothing
 * new turns up. A VIN (decision 136) is recorded by posts and by inspection orders: the posts of
 * a VIN are read with the posts, the sales of its orders with the sales, and the VINs of the
 * posts and of the sales' orders found are asked in the next round; still two statements a round.
 */
async function postsAndSales(db: Queryable, query: CarQuery): Promise<{ posts: PostRow[]; sales: SaleRow[]; vins: string[] }> {
  const posts = new Map<number, PostRow>();
  const sales = new Map<number, SaleRow>();
  const plates = new Set<string>(query.kind === 'plate' ? [query.key] : []);
  const postTokens = new Set<string>(query.kind === 'post' ? [query.key] : []);
  const saleTokens = new Set<string>(query.kind === 'sale' ? [query.key] : []);
  const vins = new Set<string>(query.kind === 'vin' ? [query.key] : []);
  // Each round asks for what the last one found; a car's records link in a few steps at most.
  for (let round = 0; round < 4; round += 1) {
    const before = posts.size + sales.size;
    const vinsBefore = vins.size;
    const saleIds = [...sales.keys()];
    if (plates.size + postTokens.size + saleIds.length + vins.size > 0) {
      for (const row of await db.query<PostRow>(
        `SELECT ${POST_COLUMNS} FROM car_posts p JOIN cities c ON c.id = p.city_id
          WHERE car_plate_key(p.license_plate_code) = ANY($1::text[]) OR p.token = ANY($2::text[]) OR p.concierge_sale_id = ANY($3::bigint[])
             OR p.vin = ANY($4::text[])`,
        [[...plates], [...postTokens], saleIds, [...vins]],
      )) {
        posts.set(Number(row.id), row);
        if (row.plate_key) plates.add(row.plate_key);
        if (row.vin) vins.add(row.vin);
        postTokens.add(row.token);
      }
    }
    const postSaleIds = [...posts.values()].flatMap((p) => (p.concierge_sale_id === null ? [] : [p.concierge_sale_id]));
    if (saleTokens.size + postTokens.size + postSaleIds.length + vins.size > 0) {
      // The VIN's sales as an array read once (an InitPlan), so each OR is an index probe: as
      // `IN (SELECT …)` it was a hashed SubPlan filtering a scan of every sale (100,000: ~100 ms a lookup).
      for (const row of await db.query<SaleRow>(
        `SELECT ${SALE_COLUMNS} FROM concierge_sales s JOIN cities c ON c.id = s.city_id
          WHERE s.token = ANY($1::text[]) OR s.car_post_token = ANY($2::text[]) OR s.id = ANY($3::bigint[])
             OR s.id = ANY(ARRAY(SELECT o.concierge_sale FROM inspections o WHERE o.vin = ANY($4::text[])))`,
        [[...saleTokens], [...postTokens], postSaleIds, [...vins]],
      )) {
        sales.set(Number(row.id), row);
        saleTokens.add(row.token);
        if (row.car_post_token) postTokens.add(row.car_post_token);
        for (const vin of row.vins) vins.add(vin);
      }
    }
    if (posts.size + sales.size === before && vins.size === vinsBefore) break;
  }
  return { posts: [...posts.values()], sales: [...sales.values()], vins: [...vins] };
}

/** Collects each fact's values with the records that state them. */
class Facts {
  private readonly byFact = new Map<CarFact, Map<string, CarRecordRef[]>>();

  /** What one record states of the car; empty values say nothing. */
  add(source: CarRecordRef, stated: Partial<Record<CarFact, string | number | null>>): void {
    for (const [fact, value] of Object.entries(stated) as [CarFact, string | number | null][]) {
      if (value === null || String(value).trim() === '') continue;
      const values = this.byFact.get(fact) ?? new Map<string, CarRecordRef[]>();
      this.byFact.set(fact, values);
      const text = String(value).trim();
      values.set(text, [...(values.get(text) ?? []), source]);
    }
  }

  entries(): CarFactEntry[] {
    return CAR_FACT_LIST.flatMap((fact) => {
      const values = this.byFact.get(fact);
      return values ? [{ fact, values: [...values].map(([value, sources]) => ({ value, sources })) }] : [];
    });
  }
}

/** A sub-select's rows as one JSON array (empty when none). */
const rows = (select: string) => `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${select}) r)`;

/**
 * What the posts and sales found lead to, by $1 the sale ids, $2 the post ids, $3 the posts'
 * inspection tokens, $4-$6 the owners' (phone, model, year), $7 the car's VINs: each column a JSON
 * array of rows.
 */
const SECOND_READS = `
  WITH orders AS (
    SELECT pk, code, state, brand_model, package, price, customer_name, created_at, is_canceled, vin FROM inspections
     WHERE concierge_sale = ANY($1::bigint[]) OR code = ANY($3::text[]) OR vin = ANY($7::text[])
  ), affidavit_rows AS (
    SELECT id, state, buyer_name, seller_name, car_title, car_year, price, created_at, created_by FROM affidavits WHERE concierge_sale_id = ANY($1::bigint[])
  )
  SELECT
    ${rows('SELECT * FROM orders')} AS orders,
    ${rows('SELECT id, sale_id, token, state, created_at, report_url FROM concierge_sale_inspections WHERE sale_id = ANY($1::bigint[]) OR token = ANY($3::text[])')} AS sale_inspections,
    ${rows('SELECT id, sale_id, state, buyer_name, price, created_at, created_by, canceled_reason FROM concierge_sale_deals WHERE sale_id = ANY($1::bigint[])')} AS deals,
    ${rows('SELECT pk, title, resolved, created_at, assistant FROM sell_tickets WHERE concierge_sale_id = ANY($1::bigint[]) OR car_post_id = ANY($2::bigint[])')} AS sell_tickets,
    ${rows('SELECT * FROM affidavit_rows')} AS affidavits,
    ${rows('SELECT post_id, version, editor, reason, created_at FROM car_post_versions WHERE post_id = ANY($2::bigint[])')} AS versions,
    ${rows(`SELECT r.id, r.inspection_id, r.outcome, r.at, b.low, b.high FROM inspection_reviews r
              LEFT JOIN inspection_price_bands b ON b.inspection_id = r.inspection_id AND r.kind = 'pricing'
             WHERE r.inspection_id IN (SELECT pk FROM orders)`)} AS reviews,
    ${rows('SELECT pk, title, resolved, created_at, order_code FROM tickets WHERE order_code IN (SELECT code FROM orders)')} AS tickets,
    ${rows('SELECT t.pk, t.title, t.resolved, t.created_at, o.code AS order_code FROM expert_tickets t JOIN orders o ON o.pk = t.inspection_id')} AS expert_tickets,
    ${rows(`SELECT o.id, o.code, o.status, o.brand_model, o.year, o.usage, o.estimate_min, o.estimate_max, o.expert_name, o.created_at FROM pricing_orders o
             WHERE (o.phone_number, o.model_id, o.year) IN (SELECT * FROM unnest($4::text[], $5::int[], $6::int[]))`)} AS pricing,
    ${rows(`SELECT id, entity, entity_id, from_state, to_state, actor_fullname, actor_username, reason, at FROM action_log
             WHERE ((entity = 'car_post' AND entity_id = ANY($2::bigint[])) OR (entity = 'concierge_sale' AND entity_id = ANY($1::bigint[]))
                 OR (entity = 'inspection' AND entity_id IN (SELECT pk FROM orders)) OR (entity = 'affidavit' AND entity_id IN (SELECT id FROM affidavit_rows)))
               AND from_state IS NOT NULL AND to_state IS NOT NULL AND from_state <> to_state`)} AS moves`;

interface SecondReads {
  orders: { pk: number; code: string; state: string; brand_model: string; package: string; price: number; customer_name: string; created_at: string; is_canceled: boolean; vin: string | null }[];
  sale_inspections: { id: number; sale_id: number; token: string; state: string; created_at: string; report_url: string | null }[];
  deals: { id: number; sale_id: number; state: string; buyer_name: string; price: number; created_at: string; created_by: string; canceled_reason: string | null }[];
  sell_tickets: { pk: number; title: string; resolved: boolean; created_at: string; assistant: string }[];
  affidavits: { id: number; state: string; buyer_name: string; seller_name: string; car_title: string; car_year: number; price: number; created_at: string; created_by: string }[];
  versions: { post_id: number; version: number; editor: string | null; reason: string; created_at: string }[];
  reviews: { id: number; inspection_id: number; outcome: string; at: string; low: number | null; high: number | null }[];
  tickets: { pk: number; title: string; resolved: boolean; created_at: string; order_code: string }[];
  expert_tickets: { pk: number; title: string; resolved: boolean; created_at: string; order_code: string }[];
  pricing: { id: number; code: string; status: string; brand_model: string; year: number; usage: number; estimate_min: number | null; estimate_max: number | null; expert_name: string | null; created_at: string }[];
  moves: { id: number; entity: string; entity_id: number; from_state: string; to_state: string; actor_fullname: string; actor_username: string; reason: string; at: string }[];
}

/** The answer when no record names the car: every section empty, said so by the screen. */
function nothingKnown(query: CarQuery): CarHistory {
  return { query: { ...query }, found: false, facts: [], sections: CAR_SECTION_LIST.map((section) => ({ section, count: 0 })), events: [] };
}

/** Everything the company knows of one car, newest first; `found` is false when nothing names it. */
export async function carHistory(db: Queryable, query: CarQuery): Promise<CarHistory> {
  const { posts, sales, vins } = await postsAndSales(db, query);
  // An order of the VIN with no post or sale is still this car's record (a phone request).
  const vinOrders = posts.length + sales.length === 0 && vins.length ? await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inspections WHERE vin = ANY($1::text[])', [vins]) : [];
  if (posts.length + sales.length === 0 && !vinOrders[0]?.n) return nothingKnown(query);
  const saleIds = sales.map((s) => Number(s.id));
  const postIds = posts.map((p) => Number(p.id));
  const inspectionTokens = posts.flatMap((p) => (p.inspection_token ? [p.inspection_token] : []));

  // The owner's phone with the model and year of the same record: a price estimate of this car.
  const owners = [
    ...posts.map((p) => [p.owner_phone_number, Number(p.model_id), Number(p.year)] as const),
    ...sales.map((s) => [s.phone_number, Number(s.car_model_id), Number(s.car_brand_model_year)] as const),
  ];
  // Everything else in one statement (one round trip; PGlite runs statements one at a time).
  const [rest] = await db.query<SecondReads>(SECOND_READS, [
    saleIds,
    postIds,
    inspectionTokens,
    owners.map((o) => o[0]),
    owners.map((o) => o[1]),
    owners.map((o) => o[2]),
    vins,
  ]);
  const { orders, sale_inspections: saleInspections, deals, sell_tickets: sellTickets, affidavits, versions, reviews, tickets, expert_tickets: expertTickets, pricing, moves } = rest!;

  const facts = new Facts();
  const events: CarEvent[] = [];
  const event = (e: Omit<CarEvent, 'at' | 'detail' | 'state' | 'who'> & { at: string; detail?: string | null; state?: string | null; who?: string | null }) =>
    events.push({ ...e, at: iso(e.at), detail: e.detail ?? null, state: e.state ?? null, who: e.who ?? null });

  const postRef = new Map(posts.map((p) => [Number(p.id), ref('car_post', p.id, p.token)]));
  for (const p of posts) {
    const source = postRef.get(Number(p.id))!;
    facts.add(source, { car: p.brand_model, year: p.year, color: p.color, usage: formatNumber(Number(p.usage)), gearbox: label(GEARBOXES, p.gearbox), plate: p.plate, vin: p.vin, city: p.city, document: p.document });
    event({ key: `post-${p.id}`, at: p.created_at, section: 'post', title: `ثبت آگهی ${p.token}: ${p.title}`, state: label(CAR_POST_STATES, p.state), detail: `قیمت ${formatToman(Number(p.price))}، کارکرد ${formatNumber(Number(p.usage))} کیلومتر، مالک ${p.owner_name}`, ref: source });
  }
  for (const v of versions) {
    const source = postRef.get(Number(v.post_id))!;
    event({ key: `post-version-${v.post_id}-${v.version}`, at: v.created_at, section: 'post', title: `ویرایش آگهی ${source.code} (نسخهٔ ${v.version})`, detail: v.reason || null, who: v.editor, ref: source });
  }
  const saleRef = new Map(sales.map((s) => [Number(s.id), ref('sale', s.id, s.token)]));
  for (const s of sales) {
    const source = saleRef.get(Number(s.id))!;
    facts.add(source, { car: s.car_brand_model, year: s.car_brand_model_year, color: s.car_color, usage: formatNumber(Number(s.usage)), city: s.city });
    event({
      key: `sale-${s.id}`,
      at: s.created_at,
      section: 'sale',
      title: `درخواست فروش همراه ${s.token}`,
      state: label(SALE_STATES, s.status),
      detail: `متقاضی ${s.applicant_full_name}${s.price ? `، قیمت درخواستی ${formatToman(Number(s.price))}` : ''}`,
      ref: source,
    });
  }
  for (const d of deals) {
    event({
      key: `deal-${d.id}`,
      at: d.created_at,
      section: 'sale',
      title: `قرارداد فروش به ${d.buyer_name}`,
      state: label(DEAL_STATES, d.state),
      detail: `مبلغ ${formatToman(Number(d.price))}${d.canceled_reason ? `؛ علت لغو: ${d.canceled_reason}` : ''}`,
      who: d.created_by,
      ref: saleRef.get(Number(d.sale_id))!,
    });
  }
  const orderRef = new Map(orders.map((o) => [Number(o.pk), ref('order', o.pk, o.code)]));
  for (const o of orders) {
    const source = orderRef.get(Number(o.pk))!;
    facts.add(source, { car: o.brand_model, vin: o.vin });
    event({ key: `order-${o.pk}`, at: o.created_at, section: 'inspection', title: `سفارش کارشناسی ${o.code}: ${o.package}`, state: o.is_canceled ? 'لغو شده' : orderState(o.state), detail: `مشتری ${o.customer_name}، ${formatToman(Number(o.price))}`, ref: source });
  }
  for (const i of saleInspections) {
    event({
      key: `sale-inspection-${i.id}`,
      at: i.created_at,
      section: 'inspection',
      title: `کارشناسی فروش همراه ${i.token}`,
      state: label(INSPECTION_STATE_LABELS, i.state),
      detail: i.report_url ? `گزارش: ${i.report_url}` : 'گزارشی پیوست نشده است',
      ref: saleRef.get(Number(i.sale_id)) ?? ref('sale', i.sale_id),
    });
  }
  const REVIEW = { approved: 'گزارش کارشناسی در کنترل کیفیت تأیید شد', returned: 'گزارش کارشناسی برای اصلاح بازگشت', priced: 'گزارش کارشناسی قیمت‌گذاری شد' } as Record<string, string>;
  for (const r of reviews) {
    event({
      key: `review-${r.id}`,
      at: r.at,
      section: 'inspection',
      title: `${REVIEW[r.outcome] ?? r.outcome} (سفارش ${orderRef.get(Number(r.inspection_id))?.code ?? r.inspection_id})`,
      detail: r.low !== null && r.high !== null ? `بازهٔ قیمت ${formatToman(Number(r.low))} تا ${formatToman(Number(r.high))}` : null,
      ref: orderRef.get(Number(r.inspection_id))!,
    });
  }
  for (const p of pricing) {
    const source = ref('pricing', p.id, p.code, p.status);
    facts.add(source, { car: p.brand_model, year: p.year, usage: formatNumber(Number(p.usage)) });
    event({
      key: `pricing-${p.id}`,
      at: p.created_at,
      section: 'pricing',
      title: `درخواست برآورد قیمت ${p.code}`,
      state: label(PRICING_STATUSES, p.status),
      detail: p.estimate_min !== null && p.estimate_max !== null ? `برآورد ${formatToman(Number(p.estimate_min))} تا ${formatToman(Number(p.estimate_max))}${p.expert_name ? ` به قیمت‌گذاری ${p.expert_name}` : ''}` : 'هنوز قیمتی برآورد نشده است',
      ref: source,
    });
  }
  for (const t of sellTickets) {
    event({ key: `sell-ticket-${t.pk}`, at: t.created_at, section: 'ticket', title: `تیکت فروش ${t.pk}: ${t.title}`, state: TICKET_STATES[t.resolved ? 'resolved' : 'open'], who: t.assistant, ref: ref('sell_ticket', t.pk, String(t.pk)) });
  }
  for (const t of tickets) {
    event({ key: `ticket-${t.pk}`, at: t.created_at, section: 'ticket', title: `تیکت کارشناسی ${t.pk}: ${t.title}`, state: TICKET_STATES[t.resolved ? 'resolved' : 'open'], detail: `سفارش ${t.order_code}`, ref: ref('ticket', t.pk, String(t.pk)) });
  }
  for (const t of expertTickets) {
    event({ key: `expert-ticket-${t.pk}`, at: t.created_at, section: 'ticket', title: `تیکت کارشناس ${t.pk}: ${t.title}`, state: TICKET_STATES[t.resolved ? 'resolved' : 'open'], detail: `سفارش ${t.order_code}`, ref: ref('expert_ticket', t.pk, String(t.pk)) });
  }
  const affidavitRef = new Map(affidavits.map((a) => [Number(a.id), ref('affidavit', a.id, String(a.id))]));
  for (const a of affidavits) {
    const source = affidavitRef.get(Number(a.id))!;
    facts.add(source, { car: a.car_title, year: a.car_year });
    event({ key: `affidavit-${a.id}`, at: a.created_at, section: 'affidavit', title: `قولنامه ${a.id}: ${a.seller_name} به ${a.buyer_name}`, state: label(AFFIDAVIT_STATES, a.state), detail: `مبلغ ${formatToman(Number(a.price))}`, who: a.created_by, ref: source });
  }
  // The logged state changes of posts, sales, orders and affidavits, in their own words.
  const MOVED: Record<string, { section: CarSection; noun: string; refs: Map<number, CarRecordRef>; states: (code: string) => string }> = {
    car_post: { section: 'post', noun: 'آگهی', refs: postRef, states: (c) => label(CAR_POST_STATES, c)! },
    concierge_sale: { section: 'sale', noun: 'فروش همراه', refs: saleRef, states: (c) => label(SALE_STATES, c)! },
    inspection: { section: 'inspection', noun: 'سفارش کارشناسی', refs: orderRef, states: orderState },
    affidavit: { section: 'affidavit', noun: 'قولنامه', refs: affidavitRef, states: (c) => label(AFFIDAVIT_STATES, c)! },
  };
  for (const m of moves) {
    const kind = MOVED[m.entity]!;
    const source = kind.refs.get(Number(m.entity_id))!;
    event({
      key: `log-${m.id}`,
      at: m.at,
      section: kind.section,
      title: `${kind.noun} ${source.code ?? source.id}: ${kind.states(m.from_state)} ← ${kind.states(m.to_state)}`,
      detail: m.reason || null,
      who: m.actor_fullname || m.actor_username,
      ref: source,
    });
  }
  events.sort((a, b) => (a.at === b.at ? b.key.localeCompare(a.key) : b.at.localeCompare(a.at)));

  const counts: Record<CarSection, number> = {
    inspection: orders.length + saleInspections.length,
    post: posts.length,
    sale: sales.length,
    pricing: pricing.length,
    ticket: sellTickets.length + tickets.length + expertTickets.length,
    affidavit: affidavits.length,
    // Leasing orders name no plate, post or sale (decision 120): never linked to a car.
    leasing: 0,
  };
  return {
    query: { ...query },
    found: true,
    facts: facts.entries(),
    sections: CAR_SECTION_LIST.map((section) => ({ section, count: counts[section] })),
    events,
  };
}
