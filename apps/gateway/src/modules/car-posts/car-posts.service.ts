import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { joinPersian } from '@panel/contracts/common';
import {
  CAR_POST_MESSAGES,
  CAR_POST_STATES,
  CAR_POST_STATE_TABS,
  CAR_POST_TYPES,
  CAR_POST_WORKFLOW,
  feedbackText,
  type CarPostAction,
  type CarPostActionResult,
  type CarPostArchiveInput,
  type CarPostDetail,
  type CarPostFeedback,
  type CarPostListFilter,
  type CarPostListPage,
  type CarPostNeighbours,
  type CarPostReason,
  type CarPostReasonedInput,
  type CarPostState,
  type CarPostStateCount,
  type ChangeOwnershipInput,
} from '@panel/contracts/car-posts';
import type { ActionLogEntry } from '@panel/contracts/common';
import type { CoreTables } from '../../db/core-tables';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { SURELY_OVER_CAP, cappedCountOf, keysetOrder, likeContains, pagedList, plannedRows, tehranDayRange } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { mediaUrl } from '../../media/media';
import { recordOutbox } from '../../outbox';
import { actionLog, move, type Actor } from '../../workflow';
import type { CarPostsTables } from './car-posts.tables';

/** Car-post moderation (issue 16, decision 080): the queue, the detail, the history and the actions. */

type Tables = CoreTables & CarPostsTables;
export type CarPostsDb = Kysely<Tables>;
type Posts = ExpressionBuilder<Tables, 'car_posts'>;

export const CAR_POST_ENTITY = 'car_post';
/** The public site's address of a post (shown as the post's link). */
const POST_LINK_BASE = 'https://example.ir/car';

const SORT_COLUMNS = { waiting: 'submitted_at', created_at: 'created_at', price: 'price' } as const;
const SORTS = { waiting: ['submitted_at', 'id'], created_at: ['created_at', 'id'], price: ['price', 'id'] } as const;

const COVER_URL = sql<string | null>`(SELECT ${sql.lit('/api/media/')} || i.media_id || '/' FROM car_post_images i WHERE i.post_id = car_posts.id ORDER BY i.is_cover DESC, i.position LIMIT 1)`.as(
  'cover_url',
);
const CITY_NAME = sql<string>`(SELECT c.name FROM cities c WHERE c.id = car_posts.city_id)`.as('city');

const LIST_COLUMNS = [
  'id',
  'token',
  'state',
  'version',
  'car_post_type',
  'title',
  'brand_model',
  'year',
  'price',
  'is_discounted',
  'discounted_price',
  'owner_name',
  'owner_phone_number',
  'sales_expert_name',
  'created_at',
  'submitted_at',
] as const;

/** Every filter of the queue but the state (the tabs count under the others). */
function filtered(q: CarPostsDb, filter: CarPostListFilter, withState = true) {
  let query = q.selectFrom('car_posts');
  if (withState && filter.state !== 'all') query = query.where('state', '=', filter.state);
  if (filter.type) query = query.where('car_post_type', '=', filter.type);
  if (filter.city) query = query.where('city_id', '=', filter.city);
  if (filter.model) query = query.where('model_id', '=', filter.model);
  if (filter.priceMin) query = query.where('price', '>=', filter.priceMin);
  if (filter.priceMax) query = query.where('price', '<=', filter.priceMax);
  // A pick from the experts who have posts (`salesExpertNames`), matched exactly on the
  // `(sales_expert_name, state, …)` index (decision 123; a contains-search over name or phone
  // read 25,700 rows of a million from a trigram bitmap).
  if (filter.salesExpert) query = query.where('sales_expert_name', '=', filter.salesExpert);
  if (filter.search) {
    const like = likeContains(filter.search);
    query = query.where((eb) => eb.or([eb('title', 'ilike', like), eb('token', 'like', like), eb('owner_name', 'ilike', like), eb('owner_phone_number', 'like', like), eb('brand_model', 'ilike', like)]));
  }
  if (filter.createdFrom) query = query.where('created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) query = query.where('created_at', '<', tehranDayRange(filter.createdTo)[1]);
  return query;
}

/**
 * A page of the queue: counted exactly up to 10,000 and estimated above, deep pages by keyset
 * (decision 123). The first page also names the sales experts the filter offers.
 */
export async function listCarPosts(q: CarPostsDb, filter: CarPostListFilter): Promise<CarPostListPage> {
  const posts = filtered(q, filter);
  // A post is submitted no earlier than it is created (the table's check), so for the page the
  // queue's index starts at the first day too: oldest waiting first, it no longer walks every post
  // submitted before it (1-4 s at 1,000,000 posts). The count keeps to the created-at index.
  const ordered = filter.createdFrom ? posts.where('submitted_at', '>=', tehranDayRange(filter.createdFrom)[0]) : undefined;
  const [page, experts] = await Promise.all([
    pagedList(
      posts,
      { key: 'id', ...keysetOrder(SORTS, filter.sort, filter.isAscending), cappedCount: q, onePass: filter.search !== undefined, ordered: ordered as never, columns: (query) => query.select([...LIST_COLUMNS, CITY_NAME, COVER_URL]) },
      filter,
    ),
    filter.page === 1 && !filter.after ? salesExpertNames(q) : undefined,
  ]);
  return { ...(page as CarPostListPage), ...(experts ? { sales_experts: experts } : {}) };
}

const byPersianName = new Intl.Collator('fa').compare;

/**
 * The names of the sales experts who have posts, in Persian alphabetical order: the options of
 * the queue's sales-expert pick. Read by skipping through the `(sales_expert_name, …)` index
 * (migration 0804), one probe per expert, never a scan of the posts.
 */
export async function salesExpertNames(q: CarPostsDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    WITH RECURSIVE expert(name) AS (
      (SELECT sales_expert_name FROM car_posts WHERE sales_expert_name > '' ORDER BY sales_expert_name LIMIT 1)
      UNION ALL
      SELECT (SELECT p.sales_expert_name FROM car_posts p WHERE p.sales_expert_name > expert.name ORDER BY p.sales_expert_name LIMIT 1)
        FROM expert WHERE expert.name IS NOT NULL
    )
    SELECT name FROM expert WHERE name IS NOT NULL`.execute(q);
  return rows.map((r) => r.name).sort(byPersianName);
}

/**
 * The state tabs with their counts under the other filters, waiting for review first (decision
 * 123). A filter the planner expects to keep few posts (a search) is counted exactly, grouped by
 * state in one pass; one that keeps many is counted state by state on the `(state, …)` indexes,
 * exact up to 10,000 and estimated above, not by reading every post it keeps.
 */
export async function stateCounts(q: CarPostsDb, filter: CarPostListFilter): Promise<CarPostStateCount[]> {
  const others = filtered(q, filter, false);
  if ((await plannedRows(q, others)) < SURELY_OVER_CAP) {
    const rows = await others.select(['state', sql<number>`count(*)`.as('count')]).groupBy('state').execute();
    const counts = new Map(rows.map((r) => [r.state, Number(r.count)]));
    return CAR_POST_STATE_TABS.map((state) => ({ state, label: CAR_POST_STATES[state], count: counts.get(state) ?? 0 }));
  }
  const counts = await Promise.all(CAR_POST_STATE_TABS.map((state) => cappedCountOf(q, others.where('state', '=', state))));
  return CAR_POST_STATE_TABS.map((state, i) => ({ state, label: CAR_POST_STATES[state], ...counts[i]! }));
}

/** The posts just before and after `id` in the queue's order under `filter` (keyboard next / previous). */
export async function neighbours(q: CarPostsDb, id: number, filter: CarPostListFilter): Promise<CarPostNeighbours> {
  const column = SORT_COLUMNS[filter.sort];
  const current = await q.selectFrom('car_posts').select(['id', column]).where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound(CAR_POST_MESSAGES.notFound);
  const value = (current as Record<string, unknown>)[column] as string | number;
  const step = async (forward: boolean) => {
    const greater = forward === filter.isAscending;
    const op = greater ? '>' : '<';
    const row = await filtered(q, filter)
      .select('id')
      .where((eb: Posts) => eb.or([eb(column, op, value), eb.and([eb(column, '=', value), eb('id', op, id)])]))
      .orderBy(column, greater ? 'asc' : 'desc')
      .orderBy('id', greater ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  };
  const [previous, next] = await Promise.all([step(false), step(true)]);
  return { previous, next };
}

export async function getCarPost(q: CarPostsDb, id: number): Promise<CarPostDetail> {
  const row = await q.selectFrom('car_posts').selectAll().select(CITY_NAME).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CAR_POST_MESSAGES.notFound);
  const [images, versions, label] = await Promise.all([
    q
      .selectFrom('car_post_images as i')
      .innerJoin('media as m', 'm.id', 'i.media_id')
      .select(['i.media_id', 'i.is_cover', 'm.name', 'm.content_type'])
      .where('i.post_id', '=', id)
      .orderBy('i.is_cover', 'desc')
      .orderBy('i.position')
      .execute(),
    q.selectFrom('car_post_versions').select(['version', 'created_at', 'editor', 'reason', 'changes']).where('post_id', '=', id).orderBy('version', 'desc').execute(),
    originalityLabel(q, row.body_findings),
  ]);
  const { body_findings: _findings, updated_at: _updated, ...post } = row;
  return {
    ...post,
    car_post_link: `${POST_LINK_BASE}/${row.token}`,
    car_post_type_fa: CAR_POST_TYPES[row.car_post_type],
    gearbox: row.gearbox === 'automatic' ? 'اتوماتیک' : 'دنده‌ای',
    concierge_sale_url: row.concierge_sale_id === null ? null : `/panel/concierge-sale/${row.concierge_sale_id}`,
    car_images: images.map((i) => ({ is_cover: i.is_cover, name: i.name, type: i.content_type, url: mediaUrl(i.media_id) })),
    versions,
    originality_label: label,
  };
}

/**
 * The originality label of a post's body findings, by the originality map (when the map's table
 * exists): the label of the most severe finding, else the map's label for no finding.
 */
async function originalityLabel(q: CarPostsDb, findings: { part: string; finding: string }[]): Promise<string | null> {
  const { rows } = await sql<{ label: string | null }>`SELECT to_regclass('originality_rules') IS NOT NULL AS label`.execute(q);
  if (!rows[0]?.label) return null;
  const { rows: labels } = await sql<{ label: string }>`
    SELECT r.label FROM originality_rules r
     WHERE (r.finding = 'none' AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${JSON.stringify(findings)}::jsonb)))
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(${JSON.stringify(findings)}::jsonb) f
                    WHERE f->>'finding' = r.finding AND (r.part = '*' OR f->>'part' = r.part))
     ORDER BY r.severity DESC, r.id LIMIT 1`.execute(q);
  return labels[0]?.label ?? null;
}

export async function carPostHistory(db: Queryable, id: number): Promise<ActionLogEntry[]> {
  return actionLog(db, CAR_POST_ENTITY, id);
}

export async function carPostFeedback(q: CarPostsDb, id: number): Promise<CarPostFeedback[]> {
  return q
    .selectFrom('car_post_feedbacks')
    .select(['id', 'action', 'reasons', 'text', 'message', 'actor_fullname', 'created_at'])
    .where('post_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function reasons(q: CarPostsDb, kind: 'rejection' | 'edit'): Promise<CarPostReason[]> {
  return q.selectFrom('car_post_reasons').select(['id', 'title']).where('kind', '=', kind).where('is_active', '=', true).orderBy('id').execute();
}

export const carPostTypes = () => Object.entries(CAR_POST_TYPES).map(([key, label]) => ({ key, label }));

// The actions. Each locks the post, refuses a post changed since the moderator read it (the
// version they name) with a 409 that says what happened, moves it by the declared workflow
// (a Persian 409 outside it), and writes the change, the log row, the feedback and the SMS to
// the seller in one transaction.

interface Locked {
  id: number;
  token: string;
  state: CarPostState;
  version: number;
  title: string;
  owner_name: string;
  owner_phone_number: string;
}

interface Decision {
  change?: { owner_name?: string; owner_phone_number?: string };
  reason?: string;
  details?: Record<string, unknown>;
  /** A text to the seller (recorded in the outbox). */
  sms?: string;
  after?: (tx: Queryable, post: Locked) => Promise<void>;
}

async function whatHappened(tx: Queryable, id: number): Promise<string> {
  const [last] = await actionLog(tx, CAR_POST_ENTITY, id);
  if (!last) return 'ویرایش فروشنده';
  const label = CAR_POST_WORKFLOW.actions[last.action as CarPostAction]?.label ?? last.action;
  return `«${label}» توسط ${last.actor_fullname || last.actor_username}`;
}

async function act(db: Db, actor: Actor, input: { id: number; version: number }, action: CarPostAction, decide: (post: Locked, tx: Queryable) => Promise<Decision> | Decision): Promise<CarPostActionResult> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<Tables>(tx);
    const post = (await q
      .selectFrom('car_posts')
      .select(['id', 'token', 'state', 'version', 'title', 'owner_name', 'owner_phone_number'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst()) as Locked | undefined;
    if (!post) throw notFound(CAR_POST_MESSAGES.notFound);
    if (post.version !== input.version) throw conflict(CAR_POST_MESSAGES.stale(await whatHappened(tx, post.id)));
    // The table first: a move it does not allow is refused before anything else is checked.
    const refusal = CAR_POST_WORKFLOW.refusal(action, post.state, post.token);
    if (refusal) throw conflict(refusal);
    const decision = await decide(post, tx);
    const to = await move(tx, CAR_POST_WORKFLOW, {
      entity: CAR_POST_ENTITY,
      entityId: post.id,
      name: post.token,
      action,
      from: post.state,
      actor,
      reason: decision.reason,
      details: decision.details,
    });
    const now = new Date().toISOString();
    const row = await q
      .updateTable('car_posts')
      .set({ ...decision.change, state: to, version: post.version + 1, updated_at: now })
      .where('id', '=', post.id)
      .returning(['id', 'state', 'version'])
      .executeTakeFirstOrThrow();
    await decision.after?.(tx, post);
    if (decision.sms) await recordOutbox(tx, { channel: 'sms', target: post.owner_phone_number, text: decision.sms, entity: CAR_POST_ENTITY, entityId: post.id, createdBy: actor.username });
    return { ...row, message: CAR_POST_MESSAGES.done[action] };
  });
}

/** The reasons picked, from the gateway's list of `kind`; an unknown one is a Persian 400. */
async function pickedReasons(tx: Queryable, kind: 'rejection' | 'edit', ids: number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows = await kyselyOf<Tables>(tx).selectFrom('car_post_reasons').select(['id', 'title']).where('kind', '=', kind).where('is_active', '=', true).where('id', 'in', unique).execute();
  if (rows.length !== unique.length) throw badRequest({ reasons: [CAR_POST_MESSAGES.unknownReason] });
  const byId = new Map(rows.map((r) => [r.id, r.title]));
  return unique.map((id) => byId.get(id)!);
}

/** The whole text the seller receives about a rejection or a return to editing. */
export function feedbackMessage(action: 'reject' | 'return_to_editing', title: string, reasonTitles: string[], text: string): string {
  const head = action === 'reject' ? `آگهی «${title}» شما رد شد.` : `آگهی «${title}» شما برای ویرایش برگشت.`;
  return [head, `دلیل: ${joinPersian(reasonTitles)}.`, text].filter(Boolean).join(' ');
}

function withFeedback(action: 'reject' | 'return_to_editing', kind: 'rejection' | 'edit', input: CarPostReasonedInput, actor: Actor) {
  return async (post: Locked, tx: Queryable): Promise<Decision> => {
    const titles = await pickedReasons(tx, kind, input.reasons);
    const message = feedbackMessage(action, post.title, titles, input.text);
    return {
      reason: feedbackText(titles, input.text),
      details: { reasons: titles, text: input.text },
      sms: message,
      after: async (inner) => {
        await inner.query(
          'INSERT INTO car_post_feedbacks (post_id, action, reasons, text, message, actor_username, actor_fullname) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [post.id, action, JSON.stringify(titles), input.text, message, actor.username, actor.fullname],
        );
      },
    };
  };
}

export function carPostActions(db: Db) {
  return {
    approve: (actor: Actor, input: { id: number; version: number }) =>
      act(db, actor, input, 'approve', (post) => ({ sms: `آگهی «${post.title}» شما تأیید و منتشر شد.` })),
    reject: (actor: Actor, input: CarPostReasonedInput) => act(db, actor, input, 'reject', withFeedback('reject', 'rejection', input, actor)),
    returnToEditing: (actor: Actor, input: CarPostReasonedInput) => act(db, actor, input, 'return_to_editing', withFeedback('return_to_editing', 'edit', input, actor)),
    republish: (actor: Actor, input: { id: number; version: number }) =>
      act(db, actor, input, 'republish', (post) => ({ sms: `آگهی «${post.title}» شما دوباره منتشر شد.` })),
    archive: (actor: Actor, input: CarPostArchiveInput) => act(db, actor, input, 'archive', () => ({ reason: input.reason })),
    changeOwnership: (actor: Actor, input: ChangeOwnershipInput) =>
      act(db, actor, input, 'change_ownership', (post) => {
        if (post.owner_phone_number === input.phone_number) throw badRequest({ phone_number: [CAR_POST_MESSAGES.sameOwner] });
        const change = { owner_name: input.owner_name, owner_phone_number: input.phone_number };
        const reason = input.reason || `مالک جدید: ${input.owner_name}`;
        return {
          change,
          reason,
          details: { from: { owner_name: post.owner_name, owner_phone_number: post.owner_phone_number }, to: change },
          sms: `آگهی «${post.title}» به حساب شما منتقل شد.`,
          after: async (tx) => {
            // The edit is a version of the post too: who owned it before, who owns it now, and why.
            await tx.query('INSERT INTO car_post_versions (post_id, version, editor, reason, changes) VALUES ($1, $2, $3, $4, $5)', [
              post.id,
              post.version + 1,
              actor.fullname || actor.username,
              reason,
              JSON.stringify({ owner_name: { from: post.owner_name, to: input.owner_name }, owner_phone_number: { from: post.owner_phone_number, to: input.phone_number } }),
            ]);
          },
        };
      }),
  };
}

