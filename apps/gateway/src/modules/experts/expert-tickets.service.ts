import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { TicketOrdering } from '@panel/contracts/common';
import { EXPERT_TICKET_MESSAGES, type ExpertTicket, type ExpertTicketListFilter, type ExpertTicketPage, type ExpertTicketPeople } from '@panel/contracts/experts';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { pagedList, sortOrder, tehranDayRange, wordsMatch } from '../../db/list-query';
import { notFound } from '../../errors';
import { replyCount, ticketKit, type TicketFamily } from '../../tickets';
import type { CoreTables } from '../../db/core-tables';
import type { ExpertsTables } from './experts.tables';

// The experts' tickets (issue 31) on the ticket kit (decision 086): its own two tables, the kit's
// state table, actions, locks and history. Users and inspections are read here in SQL.

export type ExpertTicketsDb = Kysely<CoreTables & ExpertsTables>;
export const EXPERT_TICKETS: TicketFamily = { tickets: 'expert_tickets', replies: 'expert_ticket_replies', entity: 'expert_ticket', notFound: EXPERT_TICKET_MESSAGES.notFound };

const COLUMNS = ['t.pk', 't.title', 't.description', 't.category', 't.expert_id', 't.assistant', 't.resolved', 't.resolved_at', 't.resolved_by', 't.resolution_note', 't.created_at'] as const;
const EXPERT_NAME = sql<string>`coalesce((SELECT e.report_name FROM experts e WHERE e.pk = t.expert_id), '')`.as('expert_name');
const EXPERT_PHONE = sql<string | null>`(SELECT e.phone_number FROM experts e WHERE e.pk = t.expert_id)`.as('expert_phone');
const ASSISTANT_NAME = sql<string>`coalesce((SELECT btrim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.username = t.assistant), t.assistant)`.as('assistant_name');
const INSPECTION = sql<ExpertTicket['inspection']>`(SELECT json_build_object('pk', i.pk, 'code', i.code, 'brand_model', i.brand_model) FROM inspections i WHERE i.pk = t.inspection_id)`.as('inspection');
const SELECTED = [...COLUMNS, EXPERT_NAME, EXPERT_PHONE, ASSISTANT_NAME, INSPECTION, replyCount(EXPERT_TICKETS, 't').as('reply_count')] as const;

const ORDERINGS = { created_at: ['t.created_at', 't.pk'], pk: ['t.pk'], resolved_at: ['t.resolved_at', 't.pk'] } as const;
const orderOf = (ordering: TicketOrdering = '-created_at') => sortOrder(ORDERINGS, ordering.replace(/^-/, '') as keyof typeof ORDERINGS, !ordering.startsWith('-'));

// Must be the expression of the GIN index in migration 1901.
const SEARCH_DOCUMENT = sql`to_tsvector('simple', t.title)`;

function filtered(q: ExpertTicketsDb, filter: ExpertTicketListFilter) {
  return q.selectFrom('expert_tickets as t').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.date) {
      const [start, end] = tehranDayRange(filter.date);
      clauses.push(eb('t.created_at', '>=', start), eb('t.created_at', '<', end));
    }
    if (filter.assistant) clauses.push(eb('t.assistant', '=', filter.assistant));
    if (filter.expert) clauses.push(eb('t.expert_id', '=', filter.expert));
    if (filter.resolved !== null) clauses.push(eb('t.resolved', '=', filter.resolved));
    if (filter.query) {
      const text = filter.query.trim();
      if (/^\d{1,15}$/.test(text)) {
        // A ticket number, or the order's code.
        clauses.push(eb.or([eb('t.pk', '=', Number(text)), eb('t.inspection_id', 'in', sql<number>`(SELECT i.pk FROM inspections i WHERE i.code = ${text})`)]));
      } else {
        clauses.push(wordsMatch(SEARCH_DOCUMENT, text));
      }
    }
    return eb.and(clauses);
  });
}

/** A page of twenty (spec §9), newest first unless the address orders otherwise. */
export function listExpertTickets(q: ExpertTicketsDb, filter: ExpertTicketListFilter): Promise<ExpertTicketPage> {
  return pagedList(filtered(q, filter), { key: 't.pk', order: orderOf(filter.ordering), columns: (query) => query.select(SELECTED) }, filter);
}

export async function getExpertTicket(q: ExpertTicketsDb, pk: number): Promise<ExpertTicket> {
  const row = await q.selectFrom('expert_tickets as t').select(SELECTED).where('t.pk', '=', pk).executeTakeFirst();
  if (!row) throw notFound(EXPERT_TICKET_MESSAGES.notFound);
  return row;
}

/** Whom the filters can name: the staff tickets are assigned to, and the experts who raised one. */
export async function expertTicketPeople(db: Queryable): Promise<ExpertTicketPeople> {
  const assistants = await db.query<{ value: string; name: string }>(
    `SELECT u.username AS value, btrim(u.first_name || ' ' || u.last_name) AS name FROM users u
      WHERE EXISTS (SELECT 1 FROM expert_tickets t WHERE t.assistant = u.username) ORDER BY u.first_name, u.username`,
  );
  const experts = await db.query<{ value: string; name: string }>(
    `SELECT e.pk::text AS value, e.report_name AS name FROM experts e
      WHERE EXISTS (SELECT 1 FROM expert_tickets t WHERE t.expert_id = e.pk) ORDER BY e.report_name, e.pk`,
  );
  return { assistants, experts };
}

/** Reply, resolve and reopen: the kit's, on this area's tables. */
export const expertTicketActions = (db: Db) => ticketKit(db, EXPERT_TICKETS, (tx: Queryable, pk) => getExpertTicket(kyselyOf<CoreTables & ExpertsTables>(tx), pk));
