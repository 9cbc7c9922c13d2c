import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { EXPERT_TYPES, type ActionLogEntry } from '@panel/contracts/common';
import {
  MANUAL_SMS_PER_MINUTE,
  NOTIFICATION_MESSAGES,
  TEMPLATE_WORKFLOW,
  emptyPlaceholderMessage,
  fillTemplate,
  isEmptyAudience,
  missingPlaceholders,
  placeholdersOf,
  smsParts,
  type AudienceCount,
  type CreateTemplateInput,
  type EditTemplateInput,
  type ExpertAudience,
  type ExpertChoice,
  type ExpertMessage,
  type ExpertMessageListFilter,
  type ExpertMessagePage,
  type OutboxListFilter,
  type OutboxPage,
  type OutboxSubject,
  type SendExpertMessageInput,
  type SendExpertMessageResult,
  type SendSmsInput,
  type SendSmsResult,
  type SmsTemplate,
  type SmsTemplatePage,
  type TemplateActionResult,
  type TemplateListFilter,
  type TemplateMoveInput,
} from '@panel/contracts/notifications';
import type { CoreTables } from '../../db/core-tables';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { actionLog, logAction, move, type Actor } from '../../workflow';
import type { NotificationsTables } from './notifications.tables';

// Notifications (decision 087). The SMS history is the outbox read as a list; what a message
// concerns is read from the owning module's table in SQL (never imported), with the panel's page
// of it. Templates follow TEMPLATE_WORKFLOW under a row lock and a version; a hand-written SMS and
// a message to experts are outbox rows written in one transaction with their own record.

export type NotificationsDb = Kysely<CoreTables & NotificationsTables>;
export const TEMPLATE_ENTITY = 'sms_template';
export const EXPERT_MESSAGE_ENTITY = 'expert_message';

const CREATED_BY_NAME = (column: string) =>
  sql<string | null>`(SELECT nullif(btrim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.username = ${sql.ref(column)})`;

/** What a message concerns, one JSON value; the panel's page where it has one. */
const SUBJECT = sql<OutboxSubject>`CASE o.entity
  WHEN 'inspection' THEN (SELECT json_build_object('entity', 'inspection', 'id', i.pk, 'title', i.code, 'url', '/panel/inspection/orders/' || i.pk) FROM inspections i WHERE i.pk = o.entity_id)
  WHEN 'inspection_reserve' THEN (SELECT json_build_object('entity', 'inspection_reserve', 'id', r.id, 'title', r.customer_name, 'url', '/panel/inspection/reserves?state=') FROM inspection_reserves r WHERE r.id = o.entity_id)
  WHEN 'inspection_offer' THEN (SELECT json_build_object('entity', 'inspection_offer', 'id', f.id, 'title', i.code, 'url', '/panel/inspection/orders/' || i.pk) FROM inspection_offers f JOIN inspections i ON i.pk = f.inspection_pk WHERE f.id = o.entity_id)
  WHEN 'concierge_sale' THEN (SELECT json_build_object('entity', 'concierge_sale', 'id', s.id, 'title', s.token, 'url', '/panel/concierge-sale/' || s.id) FROM concierge_sales s WHERE s.id = o.entity_id)
  WHEN 'car_post' THEN (SELECT json_build_object('entity', 'car_post', 'id', p.id, 'title', p.title, 'url', '/panel/car-posts/' || p.id) FROM car_posts p WHERE p.id = o.entity_id)
  WHEN 'sms_template' THEN (SELECT json_build_object('entity', 'sms_template', 'id', t.id, 'title', t.name, 'url', '/panel/sms?tab=templates&template=' || t.id) FROM sms_templates t WHERE t.id = o.entity_id)
  WHEN 'expert_message' THEN json_build_object('entity', 'expert_message', 'id', o.entity_id, 'title', NULL, 'url', '/panel/notification?message=' || o.entity_id)
  ELSE json_build_object('entity', 'none', 'id', NULL, 'title', NULL, 'url', NULL)
END`.as('subject');
const TARGET_NAME = sql<string | null>`CASE WHEN o.channel = 'push' AND o.target ~ '^[0-9]{1,15}$' THEN (SELECT e.report_name FROM experts e WHERE e.pk = o.target::bigint) END`.as('target_name');

const OUTBOX_SORTS = {
  created_at: ['o.created_at', 'o.id'],
  target: ['o.target', 'o.id'],
  state: ['o.state', 'o.id'],
  created_by: ['o.created_by', 'o.id'],
} as const;

function filteredOutbox(q: NotificationsDb, filter: OutboxListFilter) {
  let query = q.selectFrom('outbox as o').where('o.channel', '=', filter.channel);
  if (filter.target) {
    const target = filter.target;
    query =
      filter.channel === 'push'
        ? query.where((eb) => eb.or([eb('o.target', '=', target), eb('o.target', 'in', sql<string>`(SELECT e.pk::text FROM experts e WHERE e.report_name ILIKE ${likeContains(target)})`)]))
        : query.where('o.target', 'like', /^0/.test(target) ? likePrefix(target) : likeContains(target));
  }
  if (filter.text) query = query.where('o.text', 'ilike', likeContains(filter.text));
  if (filter.state) query = query.where('o.state', '=', filter.state);
  if (filter.entity === 'none') query = query.where('o.entity', 'is', null);
  else if (filter.entity) query = query.where('o.entity', '=', filter.entity);
  if (filter.entityId) query = query.where('o.entity_id', '=', filter.entityId);
  if (filter.createdBy) {
    const pattern = likeContains(filter.createdBy);
    query = query.where((eb) =>
      eb.or([eb('o.created_by', 'ilike', pattern), eb('o.created_by', 'in', sql<string>`(SELECT u.username FROM users u WHERE (u.first_name || ' ' || u.last_name) ILIKE ${pattern})`)]),
    );
  }
  if (filter.createdFrom) query = query.where('o.created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) query = query.where('o.created_at', '<', tehranDayRange(filter.createdTo)[1]);
  return query;
}

/** The SMS (or push) history: one channel, filtered and sorted in SQL, newest first by default. */
export function listOutbox(q: NotificationsDb, filter: OutboxListFilter): Promise<OutboxPage> {
  return pagedList(
    filteredOutbox(q, filter),
    {
      key: 'o.id',
      order: sortOrder(OUTBOX_SORTS, filter.sort, filter.isAscending),
      columns: (query) =>
        query
          .select(['o.id', 'o.target', 'o.text', 'o.state', 'o.amount', 'o.created_by', 'o.created_at', TARGET_NAME, SUBJECT, CREATED_BY_NAME('o.created_by').as('created_by_name')])
          .select(sql<'sms' | 'push'>`o.channel`.as('channel')),
    },
    filter,
  );
}

// ---------------------------------------------------------------------------------------------
// Templates

const TEMPLATE_COLUMNS = ['t.id', 't.name', 't.text', 't.state', 't.version', 't.created_at', 't.created_by', 't.updated_at', 't.updated_by'] as const;
const USED = sql<number>`(SELECT count(*) FROM manual_sms m WHERE m.template_id = t.id)`.as('used');
const TEMPLATE_SORTS = { name: ['t.name', 't.id'], updated_at: ['t.updated_at', 't.id'], state: ['t.state', 't.name'] } as const;
const withPlaceholders = <T extends { text: string }>(row: T) => ({ ...row, placeholders: placeholdersOf(row.text) });

export async function listTemplates(q: NotificationsDb, filter: TemplateListFilter): Promise<SmsTemplatePage> {
  let query = q.selectFrom('sms_templates as t');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) => eb.or([eb('t.name', 'ilike', pattern), eb('t.text', 'ilike', pattern)]));
  }
  if (filter.state) query = query.where('t.state', '=', filter.state);
  const page = await pagedList(query, { key: 't.id', order: sortOrder(TEMPLATE_SORTS, filter.sort, filter.isAscending), columns: (s) => s.select([...TEMPLATE_COLUMNS, USED]) }, filter);
  return { ...page, results: page.results.map(withPlaceholders) };
}

export async function getTemplate(q: NotificationsDb, id: number): Promise<SmsTemplate> {
  const row = await q.selectFrom('sms_templates as t').select([...TEMPLATE_COLUMNS, USED]).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOTIFICATION_MESSAGES.templateNotFound);
  return withPlaceholders(row);
}

export const templateHistory = (db: Queryable, id: number): Promise<ActionLogEntry[]> => actionLog(db, TEMPLATE_ENTITY, id);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const by = (actor: Actor) => actor.fullname || actor.username;

export function templateActions(db: Db) {
  async function create(actor: Actor, input: CreateTemplateInput): Promise<TemplateActionResult> {
    try {
      return await db.transaction(async (tx) => {
        const q = kyselyOf<NotificationsTables>(tx);
        const saved = await q
          .insertInto('sms_templates')
          .values({ name: input.name, text: input.text, created_by: by(actor), updated_by: by(actor) })
          .returning(['id', 'version', 'state'])
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: TEMPLATE_ENTITY, entityId: saved.id, action: 'create', to: saved.state, actor, reason: input.name, details: { text: input.text } });
        return { ...saved, message: NOTIFICATION_MESSAGES.created };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NOTIFICATION_MESSAGES.duplicateName);
      throw error;
    }
  }

  /** Saves name and text; a version other than the row's is the Persian 409 (someone saved first). */
  async function edit(actor: Actor, input: EditTemplateInput): Promise<TemplateActionResult> {
    try {
      return await db.transaction(async (tx) => {
        const q = kyselyOf<NotificationsTables>(tx);
        const row = await q.selectFrom('sms_templates').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
        if (!row) throw notFound(NOTIFICATION_MESSAGES.templateNotFound);
        if (row.version !== input.version) throw conflict(NOTIFICATION_MESSAGES.staleTemplate);
        if (row.name === input.name && row.text === input.text) return { id: row.id, version: row.version, state: row.state, message: NOTIFICATION_MESSAGES.unchanged };
        const changed = [row.name !== input.name && `نام: «${row.name}» ← «${input.name}»`, row.text !== input.text && 'متن تغییر کرد'].filter(Boolean).join('؛ ');
        await move(tx, TEMPLATE_WORKFLOW, { entity: TEMPLATE_ENTITY, entityId: row.id, name: `«${row.name}»`, action: 'edit', from: row.state, actor, reason: changed, details: { before: row.text, after: input.text } });
        const saved = await q
          .updateTable('sms_templates')
          .set({ name: input.name, text: input.text, version: row.version + 1, updated_at: new Date().toISOString(), updated_by: by(actor) })
          .where('id', '=', row.id)
          .returning(['id', 'version', 'state'])
          .executeTakeFirstOrThrow();
        return { ...saved, message: NOTIFICATION_MESSAGES.edited };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NOTIFICATION_MESSAGES.duplicateName);
      throw error;
    }
  }

  /** Activate or deactivate by the declared table, under the row lock and the version. */
  async function moveTemplate(actor: Actor, input: TemplateMoveInput): Promise<TemplateActionResult> {
    return db.transaction(async (tx) => {
      const q = kyselyOf<NotificationsTables>(tx);
      const row = await q.selectFrom('sms_templates').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(NOTIFICATION_MESSAGES.templateNotFound);
      if (row.version !== input.version) throw conflict(NOTIFICATION_MESSAGES.staleTemplate);
      const to = await move(tx, TEMPLATE_WORKFLOW, { entity: TEMPLATE_ENTITY, entityId: row.id, name: `«${row.name}»`, action: input.action, from: row.state, actor, reason: input.reason });
      const saved = await q
        .updateTable('sms_templates')
        .set({ state: to, version: row.version + 1, updated_at: new Date().toISOString(), updated_by: by(actor) })
        .where('id', '=', row.id)
        .returning(['id', 'version', 'state'])
        .executeTakeFirstOrThrow();
      return { ...saved, message: NOTIFICATION_MESSAGES.moved[input.action] };
    });
  }

  return { create, edit, move: moveTemplate };
}

// ---------------------------------------------------------------------------------------------
// A hand-written SMS

export const tooManyRequests = (message: string) => new HttpError(429, { detail: message });

/**
 * Records one SMS to a mobile, as the signed-in user, never sent. A template must be active and
 * every placeholder filled; more than MANUAL_SMS_PER_MINUTE from one user in a minute is a 429.
 * The user's sends are counted under a per-user transaction lock, so parallel sends cannot slip past it.
 */
export async function sendSms(db: Db, actor: Actor, input: SendSmsInput): Promise<SendSmsResult> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<CoreTables & NotificationsTables>(tx);
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`manual_sms:${actor.username}`]);
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = await q.selectFrom('manual_sms').select(sql<number>`count(*)`.as('n')).where('created_by', '=', actor.username).where('created_at', '>', since).executeTakeFirstOrThrow();
    if (recent.n >= MANUAL_SMS_PER_MINUTE) throw tooManyRequests(NOTIFICATION_MESSAGES.rateLimited);

    let text = input.text ?? '';
    let templateId: number | null = null;
    if (input.template_id !== undefined) {
      // A share lock: a deactivation committing meanwhile waits for this send, or this send sees it.
      const template = await q.selectFrom('sms_templates').select(['id', 'text', 'state']).where('id', '=', input.template_id).forShare().executeTakeFirst();
      if (!template) throw badRequest({ non_field_errors: [NOTIFICATION_MESSAGES.templateNotFound] });
      if (template.state !== 'active') throw conflict(NOTIFICATION_MESSAGES.templateInactive);
      const missing = missingPlaceholders(template.text, input.values);
      if (missing.length) throw badRequest({ non_field_errors: [emptyPlaceholderMessage(missing)] });
      text = fillTemplate(template.text, input.values);
      templateId = template.id;
    }
    const outbox = await q
      .insertInto('outbox')
      .values({ channel: 'sms', target: input.phone_number, text, entity: templateId === null ? null : TEMPLATE_ENTITY, entity_id: templateId, created_by: actor.username })
      .returning('id')
      .executeTakeFirstOrThrow();
    await q
      .insertInto('manual_sms')
      .values({ outbox_id: outbox.id, template_id: templateId, placeholder_values: JSON.stringify(templateId === null ? {} : input.values), created_by: actor.username })
      .execute();
    return { id: outbox.id, text, parts: smsParts(text).parts, message: NOTIFICATION_MESSAGES.sent };
  });
}

// ---------------------------------------------------------------------------------------------
// Message to experts

const TYPE_COLUMNS = new Set<string>(EXPERT_TYPES);

/**
 * The experts an audience names: the criteria all hold (an empty one does not restrict), or the
 * expert was picked; only experts at work (`is_active`, the experts module) hear from the panel.
 */
function audienceCondition(audience: ExpertAudience): Expression<SqlBool> {
  const criteria: ReturnType<typeof sql<SqlBool>>[] = [];
  if (audience.cities.length) criteria.push(sql<SqlBool>`e.city_id = ANY(${audience.cities})`);
  if (audience.levels.length) criteria.push(sql<SqlBool>`e.level = ANY(${audience.levels})`);
  const types = audience.types.filter((t) => TYPE_COLUMNS.has(t));
  if (types.length) criteria.push(sql<SqlBool>`(${sql.join(types.map((t) => sql.ref(`e.${t}`)), sql` OR `)})`);
  const parts: ReturnType<typeof sql<SqlBool>>[] = [];
  if (criteria.length) parts.push(sql<SqlBool>`(${sql.join(criteria, sql` AND `)})`);
  if (audience.experts.length) parts.push(sql<SqlBool>`e.pk = ANY(${audience.experts})`);
  return parts.length ? sql<SqlBool>`(e.is_active AND (${sql.join(parts, sql` OR `)}))` : sql<SqlBool>`false`;
}

export async function audienceCount(q: NotificationsDb, audience: ExpertAudience): Promise<AudienceCount> {
  if (isEmptyAudience(audience)) return { count: 0 };
  const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM experts e WHERE ${audienceCondition(audience)}`.execute(q);
  return { count: rows[0]?.count ?? 0 };
}

/**
 * One push row per expert of the audience and the message's own row, in one transaction. The
 * count the sender confirmed must still hold, so nobody sends to more experts than they saw.
 */
export async function sendExpertMessage(db: Db, actor: Actor, input: SendExpertMessageInput): Promise<SendExpertMessageResult> {
  if (isEmptyAudience(input.audience)) throw badRequest({ non_field_errors: [NOTIFICATION_MESSAGES.emptyAudience] });
  return db.transaction(async (tx) => {
    const q = kyselyOf<CoreTables & NotificationsTables>(tx);
    const { count } = await audienceCount(q, input.audience);
    if (count === 0) throw conflict(NOTIFICATION_MESSAGES.noRecipients);
    if (count !== input.count) throw conflict(NOTIFICATION_MESSAGES.countChanged(input.count, count));
    const message = await q
      .insertInto('expert_messages')
      .values({ text: input.text, audience: JSON.stringify(input.audience), recipient_count: count, created_by: actor.username, created_by_name: actor.fullname })
      .returning('id')
      .executeTakeFirstOrThrow();
    const written = await sql`INSERT INTO outbox (channel, target, text, entity, entity_id, created_by)
      SELECT 'push', e.pk::text, ${input.text}, ${EXPERT_MESSAGE_ENTITY}, ${message.id}, ${actor.username} FROM experts e WHERE ${audienceCondition(input.audience)} ORDER BY e.pk`.execute(q);
    if (Number(written.numAffectedRows ?? count) !== count) throw conflict(NOTIFICATION_MESSAGES.countChanged(count, Number(written.numAffectedRows)));
    await logAction(tx, { entity: EXPERT_MESSAGE_ENTITY, entityId: message.id, action: 'send', actor, reason: input.text, details: { audience: input.audience, count } });
    return { id: message.id, recipient_count: count, message: NOTIFICATION_MESSAGES.expertMessageSent(count) };
  });
}

export async function listExpertMessages(q: NotificationsDb, filter: ExpertMessageListFilter): Promise<ExpertMessagePage> {
  let query = q.selectFrom('expert_messages as m');
  if (filter.text) query = query.where('m.text', 'ilike', likeContains(filter.text));
  if (filter.createdBy) {
    const pattern = likeContains(filter.createdBy);
    query = query.where((eb) => eb.or([eb('m.created_by', 'ilike', pattern), eb('m.created_by_name', 'ilike', pattern)]));
  }
  if (filter.createdFrom) query = query.where('m.created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) query = query.where('m.created_at', '<', tehranDayRange(filter.createdTo)[1]);
  const page = await pagedList(
    query,
    { key: 'm.id', order: sql`m.created_at DESC, m.id DESC`, columns: (s) => s.select(['m.id', 'm.text', 'm.audience', 'm.recipient_count', 'm.created_by', 'm.created_by_name', 'm.created_at']) },
    filter,
  );
  return { ...page, results: page.results.map((row) => ({ ...row, audience: row.audience as ExpertMessage['audience'] })) };
}

/** Experts at work by name, for picking them one by one. */
export async function searchExperts(q: NotificationsDb, text: string): Promise<ExpertChoice[]> {
  const { rows } = await sql<ExpertChoice>`SELECT e.pk, e.report_name, c.name AS city, e.level FROM experts e JOIN cities c ON c.id = e.city_id
    WHERE e.is_active AND ${text ? sql`e.report_name ILIKE ${likeContains(text)}` : sql`true`} ORDER BY e.report_name, e.pk LIMIT 20`.execute(q);
  return rows;
}
