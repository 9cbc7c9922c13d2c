import { sql, type Kysely } from 'kysely';
import type { Ticket, TicketListFilter, TicketListPage, TicketOrdering } from '@panel/contracts/inspection-tickets';
import { TICKET_MESSAGES } from '@panel/contracts/inspection-tickets';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { notFound } from '../../errors';
import { replyCount, ticketKit, type TicketFamily } from '../../tickets';
import type { InspectionTicketsTables } from './inspection-tickets.tables';

/** Inspection tickets of the reference gateway: list with the spec's filters, detail; replies, resolve and reopen come from the ticket kit (decision 086). */

export type TicketsDb = Kysely<InspectionTicketsTables>;
export const INSPECTION_TICKETS: TicketFamily = { tickets: 'tickets', replies: 'ticket_replies', entity: 'inspection_ticket' };

const COLUMNS = [
  'pk',
  'title',
  'description',
  'category',
  'order_code',
  'expert_id',
  'assistant',
  'resolved',
  'resolved_at',
  'resolved_by',
  'resolution_note',
  'created_at',
] as const satisfies readonly (keyof Ticket)[];

// The expert by name (issue 13). Experts are the dispatch module's rows, read here in SQL.
const EXPERT_NAME = sql<string | null>`(SELECT e.report_name FROM experts e WHERE e.pk = tickets.expert_id)`.as('expert_name');
const ASSISTANT_NAME = sql<string | null>`(SELECT nullif(trim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.username = tickets.assistant)`.as('assistant_name');
const SELECTED = [...COLUMNS, EXPERT_NAME, ASSISTANT_NAME, replyCount(INSPECTION_TICKETS).as('reply_count')] as const;

/** Each `ordering` of the kit as columns, the pk last so equal values keep one order. */
const ORDERINGS = {
  created_at: ['created_at', 'pk'],
  pk: ['pk'],
  resolved_at: ['resolved_at', 'pk'],
} as const;
const orderOf = (ordering: TicketOrdering = '-created_at') => sortOrder(ORDERINGS, ordering.replace(/^-/, '') as keyof typeof ORDERINGS, !ordering.startsWith('-'));

export async function listTickets(q: TicketsDb, filter: TicketListFilter): Promise<TicketListPage> {
  let filtered = q.selectFrom('tickets');
  if (filter.date) {
    const [start, end] = tehranDayRange(filter.date);
    filtered = filtered.where('created_at', '>=', start).where('created_at', '<', end);
  }
  if (filter.assistant) filtered = filtered.where('assistant', '=', filter.assistant);
  if (filter.expert) filtered = filtered.where('expert_id', '=', filter.expert);
  if (filter.resolved !== null) filtered = filtered.where('resolved', '=', filter.resolved);
  if (filter.query) {
    const like = likeContains(filter.query);
    filtered = filtered.where((eb) => eb.or([eb('title', 'ilike', like), eb('description', 'ilike', like), eb('order_code', 'like', like)]));
  }
  return pagedList(filtered, { key: 'tickets.pk', order: orderOf(filter.ordering), columns: (query) => query.select(SELECTED) }, filter);
}

export async function getTicket(q: TicketsDb, pk: number): Promise<Ticket> {
  const row = await q.selectFrom('tickets').select(SELECTED).where('pk', '=', pk).executeTakeFirst();
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row;
}

/** Reply, resolve (once: a second resolve, e.g. by a colleague at the same time, is a 409) and reopen. */
export const inspectionTicketActions = (db: Db) => ticketKit(db, INSPECTION_TICKETS, (tx: Queryable, pk) => getTicket(kyselyOf<InspectionTicketsTables>(tx), pk));
