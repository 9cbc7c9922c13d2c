import type { ResolveTicketInput, Ticket, TicketListFilter, TicketListPage } from '@panel/contracts/inspection-tickets';
import { TICKET_MESSAGES } from '@panel/contracts/inspection-tickets';
import type { Queryable } from '../../db/db';
import { conflict, notFound } from '../../errors';

/** Inspection tickets of the reference gateway: list with the spec's filters, detail, resolve. */

const COLUMNS = `pk::int AS pk, title, description, category, order_code, expert_id::int AS expert_id, assistant,
  resolved, resolved_at, resolved_by, resolution_note, created_at`;

interface TicketRow extends Omit<Ticket, 'resolved_at' | 'created_at'> {
  resolved_at: Date | string | null;
  created_at: Date | string;
}

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toTicket(row: TicketRow): Ticket {
  return {
    ...row,
    pk: Number(row.pk),
    expert_id: row.expert_id === null ? null : Number(row.expert_id),
    resolved_at: row.resolved_at === null ? null : toIso(row.resolved_at),
    created_at: toIso(row.created_at),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listTickets(db: Queryable, filter: TicketListFilter): Promise<TicketListPage> {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.date) {
    // A Tehran day as an instant range, so the created_at index serves it.
    clauses.push(`created_at >= ${param(`${filter.date}T00:00:00+03:30`)}::timestamptz`);
    clauses.push(`created_at < ${param(`${filter.date}T00:00:00+03:30`)}::timestamptz + interval '1 day'`);
  }
  if (filter.assistant) clauses.push(`assistant = ${param(filter.assistant)}`);
  if (filter.expert) clauses.push(`expert_id = ${param(filter.expert)}`);
  if (filter.resolved !== undefined) clauses.push(`resolved = ${param(filter.resolved)}`);
  if (filter.query) {
    const like = param(`%${escapeLike(filter.query)}%`);
    clauses.push(`(title ILIKE ${like} OR description ILIKE ${like} OR order_code LIKE ${like})`);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const offset = (filter.page - 1) * filter.pageSize;
  const [rows, counted] = await Promise.all([
    db.query<TicketRow>(`SELECT ${COLUMNS} FROM tickets ${where} ORDER BY created_at DESC, pk DESC LIMIT ${filter.pageSize} OFFSET ${offset}`, params),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM tickets ${where}`, params),
  ]);
  return { results: rows.map(toTicket), count: Number(counted[0]?.count ?? 0), page: filter.page, pageSize: filter.pageSize };
}

export async function getTicket(db: Queryable, pk: number): Promise<Ticket> {
  const [row] = await db.query<TicketRow>(`SELECT ${COLUMNS} FROM tickets WHERE pk = $1`, [pk]);
  if (!row) throw notFound('تیکت یافت نشد');
  return toTicket(row);
}

/** Closes an open ticket once; a second resolve (e.g. by a colleague at the same time) is a 409. */
export async function resolveTicket(db: Queryable, input: ResolveTicketInput, by: string): Promise<Ticket> {
  const [row] = await db.query<TicketRow>(
    `UPDATE tickets SET resolved = true, resolved_at = now(), resolved_by = $2, resolution_note = $3
     WHERE pk = $1 AND NOT resolved RETURNING ${COLUMNS}`,
    [input.pk, by, input.note],
  );
  if (row) return toTicket(row);
  await getTicket(db, input.pk);
  throw conflict(TICKET_MESSAGES.alreadyResolved);
}
