import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { ROLES, type TicketOrdering } from '@panel/contracts/common';
import { SELL_TICKET_MESSAGES, type SellTicket, type SellTicketListFilter, type SellTicketPage, type SellTicketPeople, type SellTicketSubject } from '@panel/contracts/sell-tickets';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likePrefix, listSearch, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { notFound } from '../../errors';
import { replyCount, ticketKit, type TicketFamily } from '../../tickets';
import type { SellTicketsTables } from './sell-tickets.tables';

// The sale team's tickets (issue 16) on the ticket kit (decision 086). Users, cities, concierge
// sales and car posts are other modules' tables: read here in SQL, never imported.

export type SellTicketsDb = Kysely<SellTicketsTables>;
export const SELL_TICKETS: TicketFamily = { tickets: 'sell_tickets', replies: 'sell_ticket_replies', entity: 'sell_ticket', notFound: SELL_TICKET_MESSAGES.notFound };

const COLUMNS = [
  't.pk', 't.title', 't.description', 't.category', 't.customer_name', 't.customer_phone', 't.assistant', 't.sales_expert_id',
  't.resolved', 't.resolved_at', 't.resolved_by', 't.resolution_note', 't.created_at',
] as const;
const CITY = sql<string>`(SELECT c.name FROM cities c WHERE c.id = t.city_id)`.as('city');
const userName = (where: ReturnType<typeof sql>) => sql<string>`(SELECT btrim(u.first_name || ' ' || u.last_name) FROM users u WHERE ${where})`;
const ASSISTANT_NAME = sql<string>`coalesce(${userName(sql`u.username = t.assistant`)}, t.assistant)`.as('assistant_name');
const EXPERT_NAME = userName(sql`u.id = t.sales_expert_id`).as('sales_expert_name');
/** The sale or car post the ticket concerns, with the panel page that shows it. */
const SUBJECT = sql<SellTicketSubject | null>`CASE
  WHEN t.concierge_sale_id IS NOT NULL THEN (SELECT json_build_object('kind', 'concierge_sale', 'id', s.id, 'code', s.token,
      'title', s.car_brand_model || ' ' || s.car_brand_model_year, 'url', '/panel/concierge-sale/' || s.id) FROM concierge_sales s WHERE s.id = t.concierge_sale_id)
  WHEN t.car_post_id IS NOT NULL THEN (SELECT json_build_object('kind', 'car_post', 'id', p.id, 'code', p.token,
      'title', p.title, 'url', '/panel/car-posts/' || p.id) FROM car_posts p WHERE p.id = t.car_post_id)
  END`.as('subject');
const SELECTED = [...COLUMNS, CITY, ASSISTANT_NAME, EXPERT_NAME, SUBJECT, replyCount(SELL_TICKETS, 't').as('reply_count')] as const;

/** Each `ordering` as columns, the pk last so equal values keep one order (each has its index). */
const ORDERINGS = {
  created_at: ['t.created_at', 't.pk'],
  pk: ['t.pk'],
  resolved_at: ['t.resolved_at', 't.pk'],
} as const;
const orderOf = (ordering: TicketOrdering = '-created_at') => sortOrder(ORDERINGS, ordering.replace(/^-/, '') as keyof typeof ORDERINGS, !ordering.startsWith('-'));

// Must be the expression of the GIN index in migration 1300, or the index is not used.
const SEARCH_DOCUMENT = sql`to_tsvector('simple', t.title || ' ' || t.customer_name)`;

/** Spec §2's filters, all in SQL on the indexes of migration 1300. */
function filtered(q: SellTicketsDb, filter: SellTicketListFilter) {
  return q.selectFrom('sell_tickets as t').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.date) {
      const [start, end] = tehranDayRange(filter.date);
      clauses.push(eb('t.created_at', '>=', start), eb('t.created_at', '<', end));
    }
    if (filter.assistant) clauses.push(eb('t.assistant', '=', filter.assistant));
    if (filter.expert) clauses.push(eb('t.sales_expert_id', '=', filter.expert));
    if (filter.resolved !== null) clauses.push(eb('t.resolved', '=', filter.resolved));
    // Digits: a ticket number, or the start of the customer's phone.
    if (filter.query) clauses.push(listSearch(filter.query, SEARCH_DOCUMENT, ({ ids, phone }) => eb.or([...ids.map((pk) => eb('t.pk', '=', pk)), eb('t.customer_phone', 'like', likePrefix(phone))])));
    return eb.and(clauses);
  });
}

/** A page of twenty (spec §9), newest first unless the address orders otherwise. */
export function listSellTickets(q: SellTicketsDb, filter: SellTicketListFilter): Promise<SellTicketPage> {
  return pagedList(filtered(q, filter), { key: 't.pk', order: orderOf(filter.ordering), columns: (query) => query.select(SELECTED) }, filter);
}

export async function getSellTicket(q: SellTicketsDb, pk: number): Promise<SellTicket> {
  const row = await q.selectFrom('sell_tickets as t').select(SELECTED).where('t.pk', '=', pk).executeTakeFirst();
  if (!row) throw notFound(SELL_TICKET_MESSAGES.notFound);
  return row;
}

/** Whom the filters can name: the sale team's members tickets are assigned to, and the sales experts. */
export async function sellTicketPeople(db: Queryable): Promise<SellTicketPeople> {
  const assistants = await db.query<{ value: string; name: string }>(
    `SELECT u.username AS value, btrim(u.first_name || ' ' || u.last_name) AS name FROM users u
      WHERE EXISTS (SELECT 1 FROM sell_tickets t WHERE t.assistant = u.username) ORDER BY u.first_name, u.username`,
  );
  const experts = await db.query<{ value: string; name: string }>(
    `SELECT u.id::text AS value, btrim(u.first_name || ' ' || u.last_name) AS name FROM users u
      WHERE $1 = ANY(u.roles) OR EXISTS (SELECT 1 FROM sell_tickets t WHERE t.sales_expert_id = u.id) ORDER BY u.first_name, u.id`,
    [ROLES.salesExpert],
  );
  return { assistants, experts };
}

/** Reply, resolve and reopen: the kit's, on this area's tables. */
export const sellTicketActions = (db: Db) => ticketKit(db, SELL_TICKETS, (tx: Queryable, pk) => getSellTicket(kyselyOf<SellTicketsTables>(tx), pk));
