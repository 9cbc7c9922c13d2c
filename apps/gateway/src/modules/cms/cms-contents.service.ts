import { sql } from 'kysely';
import {
  CMS_CONTENT_WORKFLOW,
  CMS_MESSAGES,
  CMS_PRESENCE_SECONDS,
  normalizePersian,
  type AddCmsContentInput,
  type CmsContentFields,
  type CmsContentOutcome,
  type CmsContentStepInput,
  type CmsEditor,
  type UpdateCmsContentInput,
} from '@panel/contracts/cms';
import { toPersianDigits } from '@panel/contracts/common';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, notFound } from '../../errors';
import { type Actor, lockedRow, logAction, move } from '../../workflow';
import { cleanBody } from './cms-body';
import { CMS_CONTENT_ENTITY, otherEditors, type CmsDb, type CmsTablesAll } from './cms.service';

// Content changes (decisions 111, 112). Each runs in one transaction: it locks the item, decides
// on what it read under the lock (a stale version is a 409 naming it), moves the declared table
// (which writes the action log) and changes the rows. The title and body are Persian-normalised
// and the body sanitised before anything is kept.

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const STEP_MESSAGES = {
  publish: CMS_MESSAGES.published,
  unpublish: CMS_MESSAGES.unpublished,
  archive: CMS_MESSAGES.archived,
  restore: CMS_MESSAGES.restored,
} as const;

/** The fields as they are kept, each reference checked under the transaction; a bad one is a Persian 400. */
async function checked(q: CmsDb, fields: CmsContentFields) {
  const body = cleanBody(fields.body);
  if (body.empty) throw badRequest({ body: [CMS_MESSAGES.emptyBody] });
  // A share lock: the category cannot be removed under this item before it is written.
  const category = await q.selectFrom('cms_categories').select('id').where('id', '=', fields.category_id).forShare().executeTakeFirst();
  if (!category) throw badRequest({ category_id: [CMS_MESSAGES.noCategory] });
  const mediaIds = [...new Set([...(fields.cover_media_id === null ? [] : [fields.cover_media_id]), ...body.mediaIds])];
  const media = mediaIds.length ? await q.selectFrom('media').select(['id', 'content_type']).where('id', 'in', mediaIds).execute() : [];
  if (fields.cover_media_id !== null) {
    const cover = media.find((m) => m.id === fields.cover_media_id);
    if (!cover) throw badRequest({ cover_media_id: [CMS_MESSAGES.noMedia] });
    if (!IMAGE_TYPES.includes(cover.content_type)) throw badRequest({ cover_media_id: [CMS_MESSAGES.notImage] });
  }
  if (media.length !== mediaIds.length) throw badRequest({ body: [CMS_MESSAGES.noMedia] });
  if (fields.model_ids.length) {
    const models = await q.selectFrom('car_models').select('id').where('id', 'in', fields.model_ids).execute();
    if (models.length !== fields.model_ids.length) throw badRequest({ model_ids: [CMS_MESSAGES.noModel] });
  }
  return { title: normalizePersian(fields.title), body: body.html, category_id: fields.category_id, cover_media_id: fields.cover_media_id, mediaIds, modelIds: fields.model_ids };
}

async function writeLinks(q: CmsDb, contentId: number, kept: { mediaIds: number[]; modelIds: number[] }) {
  await q.deleteFrom('cms_content_tags').where('content_id', '=', contentId).execute();
  await q.deleteFrom('cms_content_media').where('content_id', '=', contentId).execute();
  if (kept.modelIds.length) await q.insertInto('cms_content_tags').values(kept.modelIds.map((model_id) => ({ content_id: contentId, model_id }))).execute();
  if (kept.mediaIds.length) await q.insertInto('cms_content_media').values(kept.mediaIds.map((media_id) => ({ content_id: contentId, media_id }))).execute();
}

const locked = (q: CmsDb, id: number, version: number) => lockedRow(q, 'cms_contents', id, { notFound: CMS_MESSAGES.notFound, stale: CMS_MESSAGES.staleContent }, { version });

export function cmsContentActions(db: Db) {
  const inTx = <T>(work: (q: CmsDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<CmsTablesAll>(tx), tx));
  const name = (id: number) => toPersianDigits(id);

  return {
    add: (actor: Actor, input: AddCmsContentInput): Promise<CmsContentOutcome> =>
      inTx(async (q, tx) => {
        const kept = await checked(q, input);
        const row = await q
          .insertInto('cms_contents')
          .values({ title: kept.title, body: kept.body, category_id: kept.category_id, cover_media_id: kept.cover_media_id, created_by: actor.username, updated_by: actor.username })
          .returning(['id', 'state', 'version'])
          .executeTakeFirstOrThrow();
        await writeLinks(q, row.id, kept);
        await logAction(tx, { entity: CMS_CONTENT_ENTITY, entityId: row.id, action: 'add', from: null, to: 'draft', actor });
        return { ...row, message: CMS_MESSAGES.added };
      }),

    update: (actor: Actor, input: UpdateCmsContentInput): Promise<CmsContentOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        await move(tx, CMS_CONTENT_WORKFLOW, { entity: CMS_CONTENT_ENTITY, entityId: row.id, name: name(row.id), action: 'save', from: row.state, actor });
        const kept = await checked(q, input.fields);
        const changed = await q
          .updateTable('cms_contents')
          .set({ title: kept.title, body: kept.body, category_id: kept.category_id, cover_media_id: kept.cover_media_id, version: row.version + 1, updated_by: actor.username, updated_at: sql<string>`now()` })
          .where('id', '=', row.id)
          .returning(['id', 'state', 'version'])
          .executeTakeFirstOrThrow();
        await writeLinks(q, row.id, kept);
        return { ...changed, message: CMS_MESSAGES.saved };
      }),

    step: (actor: Actor, input: CmsContentStepInput): Promise<CmsContentOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const state = await move(tx, CMS_CONTENT_WORKFLOW, { entity: CMS_CONTENT_ENTITY, entityId: row.id, name: name(row.id), action: input.action, from: row.state, actor, reason: input.reason });
        const changed = await q
          .updateTable('cms_contents')
          .set({ state, version: row.version + 1, published_at: state === 'published' ? sql<string>`now()` : null, updated_by: actor.username, updated_at: sql<string>`now()` })
          .where('id', '=', row.id)
          .returning(['id', 'state', 'version'])
          .executeTakeFirstOrThrow();
        return { ...changed, message: STEP_MESSAGES[input.action] };
      }),

    /** The editor's heartbeat: marks the actor present on the item and answers who else is. */
    editing: async (actor: Actor, id: number): Promise<{ results: CmsEditor[] }> => {
      const q = kyselyOf<CmsTablesAll>(db);
      const exists = await q.selectFrom('cms_contents').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound(CMS_MESSAGES.notFound);
      await db.query(
        `INSERT INTO cms_content_editors (content_id, username, fullname) VALUES ($1, $2, $3)
         ON CONFLICT (content_id, username) DO UPDATE
           SET fullname = EXCLUDED.fullname, seen_at = now(),
               since = CASE WHEN cms_content_editors.seen_at > now() - make_interval(secs => $4) THEN cms_content_editors.since ELSE now() END`,
        [id, actor.username, actor.fullname, CMS_PRESENCE_SECONDS],
      );
      return otherEditors(q, id, actor.username);
    },

    /** The editor closed: the actor is no longer present. */
    leave: async (actor: Actor, id: number): Promise<void> => {
      await db.query('DELETE FROM cms_content_editors WHERE content_id = $1 AND username = $2', [id, actor.username]);
    },
  };
}
