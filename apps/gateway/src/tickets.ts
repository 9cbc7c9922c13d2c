import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { sql, type Generated, type RawBuilder } from 'kysely';
import {
  ReopenTicketInputSchema,
  ReplyTicketInputSchema,
  ResolveTicketInputSchema,
  TICKET_KIT_MESSAGES,
  TICKET_WORKFLOW,
  TicketPkInputSchema,
  ticketRefusal,
  ticketState,
  toPersianDigits,
  type TicketAction,
  type TicketReply,
  type TicketThread,
} from '@panel/contracts/common';
import type { Db, Queryable } from './db/db';
import { conflict, notFound } from './errors';
import { parseInput } from './validation';
import { actionLog, actorOf, move, type Actor } from './workflow';

// The ticket kit of the gateway (decision 086): one table family per ticket area (the tickets
// and their replies), one declared state table (contracts' TICKET_WORKFLOW) and one way to act:
// each action locks the ticket row in its transaction, is checked against the table (a Persian
// 409 otherwise), writes its action-log row and its change together. Two staff resolving or
// replying at once meet the row lock; the second reads the first's state and is refused.

/** The columns every area's tickets table has (migration 0402's shape), beside the area's own. */
export interface TicketKitColumns {
  pk: Generated<number>;
  title: string;
  description: Generated<string>;
  resolved: Generated<boolean>;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_note: Generated<string>;
  created_at: Generated<string>;
}

/** An area's replies table, as the drivers answer it. */
export interface TicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  body: string;
  author_username: string;
  author_name: string;
  created_at: Generated<string>;
}

/** An area's tables: `tickets` has the kit's columns (pk, resolved, resolved_at, resolved_by, resolution_note), `replies` references it. */
export interface TicketFamily {
  tickets: string;
  replies: string;
  /** The action log's entity name of this area's tickets. */
  entity: string;
  /** The 404 of a missing ticket. */
  notFound?: string;
}

/** How many replies a ticket has, for an area's list and detail SELECT (`ticketsAlias` names the area's tickets table in the query). */
export const replyCount = (family: TicketFamily, ticketsAlias = family.tickets): RawBuilder<number> =>
  sql<number>`(SELECT count(*) FROM ${sql.table(family.replies)} r WHERE r.ticket_id = ${sql.ref(`${ticketsAlias}.pk`)})`;

export interface TicketKit<T> {
  thread(pk: number): Promise<TicketThread>;
  reply(actor: Actor, input: { pk: number; body: string }): Promise<T>;
  resolve(actor: Actor, input: { pk: number; note: string }): Promise<T>;
  reopen(actor: Actor, input: { pk: number; note: string }): Promise<T>;
}

/**
 * The kit over one area's family. `read` answers the area's ticket (its own columns) inside the
 * action's transaction, so the answer is the state the action committed.
 */
export function ticketKit<T>(db: Db, family: TicketFamily, read: (q: Queryable, pk: number) => Promise<T>): TicketKit<T> {
  const missing = () => notFound(family.notFound ?? TICKET_KIT_MESSAGES.notFound);

  async function act(actor: Actor, pk: number, action: TicketAction, reason: string, change: (tx: Queryable) => Promise<unknown>): Promise<T> {
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ pk: number; resolved: boolean }>(`SELECT pk, resolved FROM ${family.tickets} WHERE pk = $1 FOR UPDATE`, [pk]);
      if (!row) throw missing();
      const from = ticketState(row);
      const name = toPersianDigits(pk);
      const refusal = ticketRefusal(action, from, name);
      if (refusal) throw conflict(refusal);
      await move(tx, TICKET_WORKFLOW, { entity: family.entity, entityId: pk, name, action, from, actor, reason });
      await change(tx);
      return read(tx, pk);
    });
  }

  return {
    async thread(pk) {
      const [exists] = await db.query(`SELECT 1 FROM ${family.tickets} WHERE pk = $1`, [pk]);
      if (!exists) throw missing();
      const replies = await db.query<TicketReply>(
        `SELECT id, body, author_username, author_name, created_at FROM ${family.replies} WHERE ticket_id = $1 ORDER BY created_at, id`,
        [pk],
      );
      return { replies, history: await actionLog(db, family.entity, pk) };
    },
    reply: (actor, { pk, body }) =>
      act(actor, pk, 'reply', '', (tx) =>
        tx.query(`INSERT INTO ${family.replies} (ticket_id, body, author_username, author_name) VALUES ($1, $2, $3, $4)`, [pk, body, actor.username, actor.fullname || actor.username]),
      ),
    resolve: (actor, { pk, note }) =>
      act(actor, pk, 'resolve', note, (tx) =>
        tx.query(`UPDATE ${family.tickets} SET resolved = true, resolved_at = now(), resolved_by = $2, resolution_note = $3 WHERE pk = $1`, [pk, actor.username, note]),
      ),
    reopen: (actor, { pk, note }) =>
      act(actor, pk, 'reopen', note, (tx) =>
        tx.query(`UPDATE ${family.tickets} SET resolved = false, resolved_at = NULL, resolved_by = NULL, resolution_note = '' WHERE pk = $1`, [pk]),
      ),
  };
}

/**
 * The kit's routes under an area's path: `{base}/:pk/thread`, `/reply`, `/resolve`, `/reopen`
 * (with Django's trailing slash when the area's paths have one). Actions answer the ticket.
 */
export function serveTicketActions<T>(app: FastifyInstance, options: { base: string; trailingSlash: boolean; access: RouteShorthandOptions; kit: TicketKit<T> }): void {
  const { base, access, kit } = options;
  const end = options.trailingSlash ? '/' : '';
  const pkOf = (request: { params: unknown }) => parseInput(TicketPkInputSchema, request.params).pk;
  const withPk = (request: { params: unknown; body: unknown }) => ({ ...(request.body as object | undefined), pk: pkOf(request) });
  app.get(`${base}/:pk/thread${end}`, access, async (request) => ({ data: await kit.thread(pkOf(request)) }));
  app.post(`${base}/:pk/reply${end}`, access, async (request) => kit.reply(actorOf(request), parseInput(ReplyTicketInputSchema, withPk(request))));
  app.post(`${base}/:pk/resolve${end}`, access, async (request) => kit.resolve(actorOf(request), parseInput(ResolveTicketInputSchema, withPk(request))));
  app.post(`${base}/:pk/reopen${end}`, access, async (request) => kit.reopen(actorOf(request), parseInput(ReopenTicketInputSchema, withPk(request))));
}
