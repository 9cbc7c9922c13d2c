import { sql, type Kysely } from 'kysely';
import type { ResolveTicketInput, Ticket, TicketListFilter, TicketListPage } from '@panel/contracts/inspection-tickets';
import { TICKET_MESSAGES } from '@panel/contracts/inspection-tickets';
import { likeContains, pagedList, tehranDayRange } from '../../db/list-query';
import { conflict, notFound } from '../../errors';
import type { InspectionTicketsTables } from './inspection-tickets.tables';

/** Inspection tickets of the reference gateway: list with the spec's filters, detail, resolve. */

export type TicketsDb = Kysely<InspectionTicketsTables>;

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
const SELECTED = [...COLUMNS, EXPERT_NAME, ASSISTANT_NAME] as const;

export async function listTickets(q: TicketsDb, filter: TicketListFilter): Promise<TicketListPage> {
  let filtered = q.selectFrom('tickets');
  if (filter.date) {
    const [start, end] = tehranDayRange(filter.date);
    filtered = filtered.where('created_at', '>=', start).where('created_at', '<', end);
  }
  if (filter.assistant) filtered = filtered.where('assistant', '=', filter.assistant);
  if (filter.expert) filtered = filtered.where('expert_id', '=', filter.expert);
  if (filter.resolved !== undefined) filtered = filtered.where('resolved', '=', filter.resolved);
  if (filter.query) {
    const like = likeContains(filter.query);
    filtered = filtered.where((eb) => eb.or([eb('title', 'ilike', like), eb('description', 'ilike', like), eb('order_code', 'like', like)]));
  }
  return pagedList(filtered, (query) => query.select(SELECTED).orderBy('created_at', 'desc').orderBy('pk', 'desc'), filter);
}

export async function getTicket(q: TicketsDb, pk: number): Promise<Ticket> {
  const row = await q.selectFrom('tickets').select(SELECTED).where('pk', '=', pk).executeTakeFirst();
  if (!row) throw notFound('تیکت یافت نشد');
  return row;
}

/** Closes an open ticket once; a second resolve (e.g. by a colleague at the same time) is a 409. */
export async function resolveTicket(q: TicketsDb, input: ResolveTicketInput, by: string): Promise<Ticket> {
  const row = await q
    .updateTable('tickets')
    .set((eb) => ({ resolved: true, resolved_at: eb.fn('now'), resolved_by: by, resolution_note: input.note }))
    .where('pk', '=', input.pk)
    .where('resolved', '=', false)
    .returning(SELECTED)
    .executeTakeFirst();
  if (row) return row;
  await getTicket(q, input.pk);
  throw conflict(TICKET_MESSAGES.alreadyResolved);
}
