import { sql, type Kysely } from 'kysely';
import type { ActionLogEntry } from '@panel/contracts/common';
import {
  DIVAR_LINK_KINDS,
  DIVAR_TOKEN_MESSAGES,
  alreadyLinkedMessage,
  targetTakenMessage,
  type DivarLinkInput,
  type DivarLinkKind,
  type DivarLinkTarget,
  type DivarToken,
  type DivarTokenActionResult,
  type DivarTokenListFilter,
  type DivarTokenPage,
  type DivarUnlinkInput,
} from '@panel/contracts/divar-tokens';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList, tehranDayRange } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { actionLog, logAction, type Actor } from '../../workflow';
import type { DivarTokensTables } from './divar-tokens.tables';

// Divar post tokens (issue 16, decision 084). This module owns the link of a token to a car post
// or a concierge sale; the sale's `divar_post_token` is a copy written here, in the transaction
// that links or unlinks, and a foreign key keeps it from ever disagreeing with the link. The
// car posts and sales are other modules' tables: they are read here in SQL, never imported.

export type DivarTokensDb = Kysely<DivarTokensTables>;
export const DIVAR_TOKEN_ENTITY = 'divar_token';
const DIVAR_LINK_BASE = 'https://divar.ir/v';

/** What the token links to, as one JSON value (null when unlinked). */
const TARGET = sql<DivarLinkTarget | null>`CASE
  WHEN t.car_post_id IS NOT NULL THEN (SELECT json_build_object('kind', 'car_post', 'id', p.id, 'code', p.token, 'title', p.title,
      'car', p.brand_model || ' ' || p.year, 'state', p.state, 'url', '/panel/car-posts/' || p.id) FROM car_posts p WHERE p.id = t.car_post_id)
  WHEN t.concierge_sale_id IS NOT NULL THEN (SELECT json_build_object('kind', 'concierge_sale', 'id', s.id, 'code', s.token, 'title', s.applicant_full_name,
      'car', s.car_brand_model || ' ' || s.car_brand_model_year, 'state', s.status, 'url', '/panel/concierge-sale/' || s.id) FROM concierge_sales s WHERE s.id = t.concierge_sale_id)
  END`.as('target');
const DIVAR_LINK = sql<string>`${DIVAR_LINK_BASE + '/'} || t.token`.as('divar_link');
const COLUMNS = ['t.id', 't.token', 't.version', 't.linked_at', 't.linked_by', 't.created_at', 't.created_by'] as const;

function filtered(q: DivarTokensDb, filter: DivarTokenListFilter) {
  let query = q.selectFrom('divar_tokens as t');
  if (filter.search) query = query.where('t.token', 'ilike', likeContains(filter.search));
  if (filter.kind === 'car_post') query = query.where('t.car_post_id', 'is not', null);
  if (filter.kind === 'concierge_sale') query = query.where('t.concierge_sale_id', 'is not', null);
  if (filter.linked === true) query = query.where((eb) => eb.or([eb('t.car_post_id', 'is not', null), eb('t.concierge_sale_id', 'is not', null)]));
  if (filter.linked === false) query = query.where('t.car_post_id', 'is', null).where('t.concierge_sale_id', 'is', null);
  if (filter.createdFrom) query = query.where('t.created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) query = query.where('t.created_at', '<', tehranDayRange(filter.createdTo)[1]);
  return query;
}

/** Newest first, twenty to a page. */
export function listDivarTokens(q: DivarTokensDb, filter: DivarTokenListFilter): Promise<DivarTokenPage> {
  return pagedList(filtered(q, filter), { key: 't.id', order: sql`t.created_at DESC, t.id DESC`, columns: (query) => query.select([...COLUMNS, TARGET, DIVAR_LINK]) }, filter);
}

export async function getDivarToken(q: DivarTokensDb, id: number): Promise<DivarToken> {
  const row = await q.selectFrom('divar_tokens as t').select([...COLUMNS, TARGET, DIVAR_LINK]).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DIVAR_TOKEN_MESSAGES.notFound);
  return row;
}

/** A token by its exact text (tokens are case-sensitive); null when the panel has never seen it. */
export async function lookupDivarToken(q: DivarTokensDb, token: string): Promise<DivarToken | null> {
  return (await q.selectFrom('divar_tokens as t').select([...COLUMNS, TARGET, DIVAR_LINK]).where('t.token', '=', token).executeTakeFirst()) ?? null;
}

export const divarTokenHistory = (db: Queryable, id: number): Promise<ActionLogEntry[]> => actionLog(db, DIVAR_TOKEN_ENTITY, id);

/** The car post (by its token) or the sale (by its code) a staff member names; a Persian 400 when there is none. */
async function findTarget(tx: Queryable, kind: DivarLinkKind, code: string): Promise<{ id: number; code: string; title: string }> {
  const [row] =
    kind === 'car_post'
      ? await tx.query<{ id: number; code: string; title: string }>('SELECT id, token AS code, title FROM car_posts WHERE token = $1', [code])
      : await tx.query<{ id: number; code: string; title: string }>('SELECT id, token AS code, applicant_full_name AS title FROM concierge_sales WHERE token = $1 FOR UPDATE', [code]);
  if (!row) throw badRequest({ target: [kind === 'car_post' ? DIVAR_TOKEN_MESSAGES.carPostNotFound : DIVAR_TOKEN_MESSAGES.saleNotFound] });
  return row;
}

const targetColumn = (kind: DivarLinkKind) => (kind === 'car_post' ? 'car_post_id' : 'concierge_sale_id');
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
// The history reads the target by name; its code (Latin, for copying) is in the log's details.
const describe = (kind: DivarLinkKind, target: { title: string }) => `به ${DIVAR_LINK_KINDS[kind]} «${target.title}»`;

/** Why a link cannot be made now: the token is linked, or the car post or sale already has a token. */
async function refusal(q: DivarTokensDb, token: string, kind: DivarLinkKind, targetId: number, targetCode: string): Promise<string | null> {
  const current = await lookupDivarToken(q, token);
  if (current?.target) return alreadyLinkedMessage(token, current.target);
  const holder = await q.selectFrom('divar_tokens').select('token').where(targetColumn(kind), '=', targetId).executeTakeFirst();
  return holder ? targetTakenMessage(kind, targetCode, holder.token) : null;
}

export function divarTokenActions(db: Db) {
  /**
   * Links a token, new or unlinked, to a car post or a sale. Refused with a Persian 409 naming
   * the link when the token is linked already; two staff linking one token at once meet the
   * row lock (a known token) or the unique index (a new one), and the second gets that 409.
   */
  async function link(actor: Actor, input: DivarLinkInput): Promise<DivarTokenActionResult> {
    let targetId = 0;
    let targetCode = input.target;
    try {
      return await db.transaction(async (tx) => {
        const q = kyselyOf<DivarTokensTables>(tx);
        const target = await findTarget(tx, input.kind, input.target);
        targetId = target.id;
        targetCode = target.code;
        const row = await q.selectFrom('divar_tokens').select(['id', 'version']).where('token', '=', input.token).forUpdate().executeTakeFirst();
        // Read after the lock: a link another staff member committed meanwhile is seen here.
        const why = await refusal(q, input.token, input.kind, target.id, target.code);
        if (why) throw conflict(why);
        const now = new Date().toISOString();
        const set = { car_post_id: input.kind === 'car_post' ? target.id : null, concierge_sale_id: input.kind === 'concierge_sale' ? target.id : null, linked_at: now, linked_by: actor.fullname || actor.username };
        const saved = row
          ? await q.updateTable('divar_tokens').set({ ...set, version: row.version + 1 }).where('id', '=', row.id).returning(['id', 'token', 'version']).executeTakeFirstOrThrow()
          : await q
              .insertInto('divar_tokens')
              .values({ token: input.token, ...set, created_at: now, created_by: actor.fullname || actor.username })
              .returning(['id', 'token', 'version'])
              .executeTakeFirstOrThrow();
        if (input.kind === 'concierge_sale') {
          await tx.query('UPDATE concierge_sales SET divar_post_token = $1, divar_post_link = $2 WHERE id = $3', [input.token, `${DIVAR_LINK_BASE}/${input.token}`, target.id]);
        }
        await logAction(tx, {
          entity: DIVAR_TOKEN_ENTITY,
          entityId: saved.id,
          action: 'link',
          actor,
          reason: describe(input.kind, target),
          details: { kind: input.kind, target_id: target.id, code: target.code },
        });
        return { ...saved, message: DIVAR_TOKEN_MESSAGES.linked };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The other staff member's link committed first: say what the token (or the target) is linked to now.
      throw conflict((await refusal(kyselyOf<DivarTokensTables>(db), input.token, input.kind, targetId, targetCode)) ?? DIVAR_TOKEN_MESSAGES.stale);
    }
  }

  /** Unlinks a token with a reason; the sale's copy goes in the same transaction. */
  async function unlink(actor: Actor, input: DivarUnlinkInput): Promise<DivarTokenActionResult> {
    return db.transaction(async (tx) => {
      const q = kyselyOf<DivarTokensTables>(tx);
      const row = await q.selectFrom('divar_tokens').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(DIVAR_TOKEN_MESSAGES.notFound);
      if (row.version !== input.version) throw conflict(DIVAR_TOKEN_MESSAGES.stale);
      if (row.car_post_id === null && row.concierge_sale_id === null) throw conflict(DIVAR_TOKEN_MESSAGES.notLinked);
      const before = await lookupDivarToken(q, row.token);
      if (row.concierge_sale_id !== null) {
        await tx.query('UPDATE concierge_sales SET divar_post_token = NULL, divar_post_link = NULL WHERE id = $1 AND divar_post_token = $2', [row.concierge_sale_id, row.token]);
      }
      const saved = await q
        .updateTable('divar_tokens')
        .set({ car_post_id: null, concierge_sale_id: null, linked_at: null, linked_by: null, version: row.version + 1 })
        .where('id', '=', row.id)
        .returning(['id', 'token', 'version'])
        .executeTakeFirstOrThrow();
      const was = before?.target;
      await logAction(tx, {
        entity: DIVAR_TOKEN_ENTITY,
        entityId: row.id,
        action: 'unlink',
        actor,
        reason: input.reason,
        details: was ? { kind: was.kind, target_id: was.id, code: was.code } : undefined,
      });
      return { ...saved, message: DIVAR_TOKEN_MESSAGES.unlinked };
    });
  }

  return { link, unlink };
}
