import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ActionLogEntry, Workflow } from '@panel/contracts/common';
import type { Queryable } from './db/db';
import { badRequest, conflict, forbidden, notFound } from './errors';

// Moves of a declared workflow (contracts `defineWorkflow`) and the action log they write. A
// service locks the row it decides on (SELECT ... FOR UPDATE) inside its transaction, then calls
// `move` with the state it read: an action the actor's roles do not allow is a Persian 403
// (the action's `roles`, decision 094), a move the table does not allow is a Persian 409, and the
// log row is written in the same transaction as the change.

/** Who did it: always from the verified token, never from a request body. */
export interface Actor {
  username: string;
  fullname: string;
  /** The roles of the verified token; absent only for the system's own moves (an expiry). */
  roles?: readonly string[];
}

export function actorOf(request: FastifyRequest): Actor {
  const { user, roles_in_services } = request.user!;
  return { username: user.username, fullname: `${user.first_name} ${user.last_name}`.trim(), roles: roles_in_services };
}

/** Refuses with the Persian 403 unless `actor` may take `action` (its declared roles); a service may call it before reading. */
export function mayAct<S extends string, A extends string>(workflow: Workflow<S, A>, action: A, actor: Actor): void {
  const refusal = actor.roles && workflow.roleRefusal(action, actor.roles);
  if (refusal) throw forbidden(refusal);
}

export const REASON_REQUIRED_MESSAGE = 'دلیل را بنویسید.';

export interface MoveRequest<S extends string, A extends string> {
  /** The entity's kind in the log ('inspection', 'car_post') and its id. */
  entity: string;
  entityId: number;
  /** How a person names it in a refusal ('۱۰۰۰۰۲۳'). */
  name?: string;
  action: A;
  /** The state read under the row lock. */
  from: S;
  actor: Actor;
  reason?: string;
  details?: Record<string, unknown>;
}

/** Checks `action` against the actor's roles and the table from `from`, logs it, and returns the state it leads to. */
export async function move<S extends string, A extends string>(tx: Queryable, workflow: Workflow<S, A>, request: MoveRequest<S, A>): Promise<S> {
  mayAct(workflow, request.action, request.actor);
  const refusal = workflow.refusal(request.action, request.from, request.name);
  if (refusal) throw conflict(refusal);
  const reason = request.reason?.trim() ?? '';
  if (workflow.actions[request.action].reason === 'required' && !reason) throw badRequest({ reason: [REASON_REQUIRED_MESSAGE] });
  const to = workflow.target(request.action, request.from);
  await logAction(tx, { ...request, to, reason });
  return to;
}

export interface LogEntry {
  entity: string;
  entityId: number;
  action: string;
  from?: string | null;
  to?: string | null;
  actor: Actor;
  reason?: string;
  details?: Record<string, unknown>;
}

/** One row of the action log; for actions outside a workflow too (a note, a sent link). */
export async function logAction(tx: Queryable, entry: LogEntry): Promise<void> {
  await tx.query(
    `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.entity,
      entry.entityId,
      entry.action,
      entry.from ?? null,
      entry.to ?? null,
      entry.actor.username,
      entry.actor.fullname,
      entry.reason ?? '',
      entry.details ? JSON.stringify(entry.details) : null,
    ],
  );
}

/** An entity's history, newest first. */
export async function actionLog(db: Queryable, entity: string, entityId: number): Promise<ActionLogEntry[]> {
  return db.query<ActionLogEntry>(
    `SELECT id, action, from_state, to_state, actor_username, actor_fullname, reason, at
       FROM action_log WHERE entity = $1 AND entity_id = $2 ORDER BY at DESC, id DESC`,
    [entity, entityId],
  );
}

/** A module's Persian refusals of a row it cannot act on: gone, or changed since it was read. */
export interface RowRefusals {
  notFound: string;
  stale: string;
}

/**
 * The row of `table` whose key (`id` unless named) is `id`, locked (FOR UPDATE) in the caller's
 * transaction: a Persian 404 when there is none, and with `version` a Persian 409 when it has
 * changed since the screen read it. What every action decides on, read one way.
 */
export async function lockedRow<DB, T extends keyof DB & string>(
  q: Kysely<DB>,
  table: T,
  id: number,
  refusals: RowRefusals,
  options: { version?: number; key?: string } = {},
): Promise<Selectable<DB[T]>> {
  const { version, key = 'id' } = options;
  const { rows } = await sql<Selectable<DB[T]>>`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${id} FOR UPDATE`.execute(q);
  const row = rows[0];
  if (!row) throw notFound(refusals.notFound);
  if (version !== undefined && (row as { version?: unknown }).version !== version) throw conflict(refusals.stale);
  return row;
}
