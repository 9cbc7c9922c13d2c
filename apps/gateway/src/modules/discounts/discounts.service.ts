import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  DISCOUNTS_MESSAGES,
  DISCOUNT_REFUSALS,
  DISCOUNT_STATES,
  discountOf,
  type Campaign,
  type CheckAnswer,
  type CheckDiscountInput,
  type DiscountCode,
  type DiscountDetail,
  type DiscountPage,
  type DiscountRefusal,
  type DiscountService,
  type DiscountsListFilter,
} from '@panel/contracts/discounts';
import type { CoreTables } from '../../db/core-tables';
import type { Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likePrefix, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { badRequest, notFound } from '../../errors';
import type { DiscountsTables } from './discounts.tables';

// Discount codes read (decision 117): the list filtered and sorted in SQL with the database's
// used counts, one code with its latest uses, the campaigns, and the check of a code against an
// order with the first reason of the declared set that refuses it.

export type DiscountsTablesAll = CoreTables & DiscountsTables;
export type DiscountsDb = Kysely<DiscountsTablesAll>;
export const DISCOUNT_ENTITY = 'discount_code';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['d.created_at', 'd.id'], valid_until: ['d.valid_until', 'd.id'], used: ['d.used', 'd.id'], code: ['d.code'] } as const;

const EXPIRED = sql<boolean>`(d.valid_until <= now())`;
const SCHEDULED = sql<boolean>`(d.valid_from > now())`;
const COLUMNS = [
  'd.id', 'd.code', 'd.kind', 'd.value', 'd.max_discount', 'd.min_order', 'd.valid_from', 'd.valid_until', 'd.usage_limit', 'd.per_user_limit',
  'd.used', 'd.reserved', 'd.services', 'd.city_id', 'd.state', 'd.origin', 'd.campaign_id', 'd.inspection_id', 'd.version', 'd.created_at', 'd.created_by',
] as const;

type CodeRow = Omit<DiscountCode, 'state_label'>;
const withLabel = <T extends Omit<CodeRow, 'services'> & { services: string[] }>(row: T) =>
  ({ ...row, services: row.services as DiscountService[], state_label: DISCOUNT_STATES[row.state] }) as T & DiscountCode;

function filtered(q: DiscountsDb, filter: DiscountsListFilter) {
  let query = q.selectFrom('discount_codes as d');
  if (filter.search) query = query.where('d.code', 'like', likePrefix(filter.search.toUpperCase()));
  if (filter.status === 'active') query = query.where('d.state', '=', 'active').where(sql<SqlBool>`NOT ${EXPIRED}`);
  if (filter.status === 'inactive') query = query.where('d.state', 'in', ['paused', 'deactivated']);
  if (filter.status === 'expired') query = query.where(EXPIRED);
  if (filter.kind) query = query.where('d.kind', '=', filter.kind);
  if (filter.validFrom) query = query.where('d.valid_until', '>', tehranDayRange(filter.validFrom)[0]);
  if (filter.validTo) query = query.where('d.valid_from', '<', tehranDayRange(filter.validTo)[1]);
  if (filter.campaign !== undefined) query = query.where('d.campaign_id', '=', filter.campaign);
  return query;
}

/** One page of codes in the upstream's envelope, filtered and sorted in SQL. */
export async function listDiscounts(q: DiscountsDb, filter: DiscountsListFilter): Promise<DiscountPage> {
  const page = await pagedList(
    filtered(q, filter),
    {
      key: 'd.id',
      order: sortOrder(SORTS, filter.sort, filter.isAscending),
      columns: (query) => query.leftJoin('discount_campaigns as k', 'k.id', 'd.campaign_id').select([...COLUMNS, 'k.name as campaign_name', EXPIRED.as('expired'), SCHEDULED.as('scheduled')]),
    },
    filter,
  );
  return { ...page, results: page.results.map(withLabel) };
}

export async function discountDetail(q: DiscountsDb, id: number): Promise<DiscountDetail> {
  const row = await q
    .selectFrom('discount_codes as d')
    .leftJoin('discount_campaigns as k', 'k.id', 'd.campaign_id')
    .leftJoin('inspections as i', 'i.pk', 'd.inspection_id')
    .select([...COLUMNS, 'k.name as campaign_name', EXPIRED.as('expired'), SCHEDULED.as('scheduled'), 'i.code as order_code'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(DISCOUNTS_MESSAGES.notFound);
  const redemptions = await q
    .selectFrom('discount_redemptions')
    .select(['id', 'phone', 'amount', 'discount', 'service', 'order_ref', 'state', 'created_at', 'created_by'])
    .where('code_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return { ...withLabel(row), order_code: row.order_code ?? null, redemptions: redemptions as DiscountDetail['redemptions'] };
}

const CAMPAIGN_COLUMNS = ['id', 'name', 'prefix', 'total', 'done', 'state', 'created_at', 'finished_at', 'created_by'] as const;

/** The latest campaigns (the list's campaign filter and the progress of those still being made). */
export async function listCampaigns(q: DiscountsDb): Promise<{ results: Campaign[] }> {
  return { results: await q.selectFrom('discount_campaigns').select(CAMPAIGN_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute() };
}

export async function campaignDetail(q: DiscountsDb, id: number): Promise<Campaign> {
  const row = await q.selectFrom('discount_campaigns').select(CAMPAIGN_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DISCOUNTS_MESSAGES.campaignNotFound);
  return row;
}

/** Every code of a campaign in the order they were made (the CSV to hand out). */
export async function campaignCodes(q: DiscountsDb, id: number): Promise<{ results: string[] }> {
  await campaignDetail(q, id);
  const rows = await q.selectFrom('discount_codes').select('code').where('campaign_id', '=', id).orderBy('id').execute();
  return { results: rows.map((r) => r.code) };
}

/** The facts of an order a code is checked against. */
export interface OrderFacts {
  amount: number;
  service: DiscountService;
  city_id: number | null;
  phone: string | null;
  order_code: string | null;
}

/** A code as the check reads it: its row, the database's clock and this customer's uses so far. */
type Checked = DiscountCode & { not_yet_valid: boolean; customer_uses: number };

async function readForCheck(tx: Queryable, code: string, phone: string | null, lock: boolean): Promise<Checked | undefined> {
  const q = kyselyOf<DiscountsTablesAll>(tx);
  let query = q
    .selectFrom('discount_codes as d')
    .select([...COLUMNS, EXPIRED.as('expired'), SCHEDULED.as('scheduled'), SCHEDULED.as('not_yet_valid'), sql<null>`NULL`.as('campaign_name')])
    .where('d.code', '=', code);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const uses = phone
    ? await q.selectFrom('discount_redemptions').select(sql<number>`count(*)::int`.as('n')).where('code_id', '=', row.id).where('phone', '=', phone).where('state', '<>', 'released').executeTakeFirstOrThrow()
    : { n: 0 };
  return { ...withLabel(row), customer_uses: uses.n };
}

/** The first reason of the declared set that keeps `code` from applying to `order`, or null. */
function refusalOf(code: Checked | undefined, order: OrderFacts): DiscountRefusal | null {
  if (!code) return 'unknown';
  if (code.state === 'deactivated') return 'deactivated';
  if (code.state === 'paused') return 'paused';
  if (code.not_yet_valid) return 'not_yet_valid';
  if (code.expired) return 'expired';
  if (!code.services.includes(order.service)) return 'wrong_service';
  if (code.city_id !== null && order.city_id !== code.city_id) return 'wrong_city';
  if (order.amount < code.min_order) return 'min_amount';
  if (code.used + code.reserved >= code.usage_limit) return 'limit_reached';
  if (order.phone && code.customer_uses >= code.per_user_limit) return 'per_user_limit';
  return null;
}

/** Checks `code` against `order` in the caller's transaction (locking the code when it is about to be used). */
export async function checkCode(tx: Queryable, codeText: string, order: OrderFacts, lock = false): Promise<CheckAnswer & { checked?: Checked }> {
  const checked = await readForCheck(tx, codeText, order.phone, lock);
  const reason = refusalOf(checked, order);
  const discount = checked && !reason ? discountOf(checked, order.amount) : 0;
  const { not_yet_valid: _n, customer_uses: _c, ...code } = checked ?? ({} as Checked);
  return {
    applies: reason === null,
    reason,
    message: reason ? DISCOUNT_REFUSALS[reason] : DISCOUNTS_MESSAGES.applies,
    amount: order.amount,
    discount,
    payable: order.amount - discount,
    code: checked ? (code as DiscountCode) : null,
    order_code: order.order_code,
    checked,
  };
}

/** The order of a check: an inspection order by id (its price, city and customer), or the facts given. */
export async function orderFacts(tx: Queryable, input: CheckDiscountInput): Promise<OrderFacts> {
  if (input.inspection_id === null) return { amount: input.amount ?? 0, service: input.service ?? 'inspection', city_id: input.city_id, phone: input.phone, order_code: null };
  const order = await kyselyOf<DiscountsTablesAll>(tx)
    .selectFrom('inspections')
    .select(['code', 'price', 'city_id', 'phone_number'])
    .where('pk', '=', input.inspection_id)
    .executeTakeFirst();
  if (!order) throw badRequest({ inspection_id: [DISCOUNTS_MESSAGES.noOrder] });
  return { amount: order.price, service: 'inspection', city_id: order.city_id, phone: order.phone_number, order_code: order.code };
}
