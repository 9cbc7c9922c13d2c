import { sql, type Kysely } from 'kysely';
import {
  CMS_MESSAGES,
  CMS_PRESENCE_SECONDS,
  normalizePersian,
  type CmsCategory,
  type CmsContent,
  type CmsContentPage,
  type CmsEditor,
  type CmsListFilter,
  type CmsPublicContent,
  type CmsPublicFilter,
  type CmsTag,
} from '@panel/contracts/cms';
import { toLatinDigits, type Paginated } from '@panel/contracts/common';
import type { CoreTables } from '../../db/core-tables';
import { pagedList, sortOrder, wordsMatch } from '../../db/list-query';
import { notFound } from '../../errors';
import { mediaUrl } from '../../media/media';
import { publicBody, publicMediaUrl } from './cms-body';
import type { CmsTables } from './cms.tables';

// The content section read (decisions 111, 112): the category tree with each category's count,
// the contents list filtered and sorted in SQL, one item with its tags, who else is editing it,
// and what the public endpoint serves (published items only).

/** What this module reads of the catalogue (brand-models); modules never import each other. */
interface CatalogueTables {
  car_models: { id: number; brand_id: number; name_fa: string };
  car_brands: { id: number; name_fa: string };
}
export type CmsTablesAll = CoreTables & CatalogueTables & CmsTables;
export type CmsDb = Kysely<CmsTablesAll>;
export const CMS_CONTENT_ENTITY = 'cms_content';
export const CMS_CATEGORY_ENTITY = 'cms_category';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { updated_at: ['c.updated_at', 'c.id'], title: ['c.title', 'c.id'] } as const;
const TITLE_DOCUMENT = sql`to_tsvector('simple', c.title)`;

/** Every category, parents first then children, siblings by position. */
export async function categoryTree(q: CmsDb): Promise<{ results: CmsCategory[] }> {
  const rows = await q
    .selectFrom('cms_categories as k')
    .select(['k.id', 'k.name', 'k.parent_id', 'k.position', 'k.version'])
    .select((eb) => eb.selectFrom('cms_contents as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.category_id', '=', 'k.id').as('content_count'))
    .orderBy('k.position')
    .orderBy('k.id')
    .execute();
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const ordered: CmsCategory[] = [];
  const walk = (parent: number | null) => {
    for (const row of children.get(parent) ?? []) {
      ordered.push({ ...row, content_count: Number(row.content_count ?? 0) });
      walk(row.id);
    }
  };
  walk(null);
  return { results: ordered };
}

function filtered(q: CmsDb, filter: Pick<CmsListFilter, 'search' | 'state' | 'category'>) {
  let query = q.selectFrom('cms_contents as c');
  if (filter.state) query = query.where('c.state', '=', filter.state);
  if (filter.category) query = query.where('c.category_id', '=', filter.category);
  if (filter.search) {
    const text = normalizePersian(filter.search);
    if (/^\d{1,15}$/.test(toLatinDigits(text))) {
      query = query.where('c.id', '=', Number(toLatinDigits(text)));
    } else {
      // Words: each starts a word of the title (the index of migration 2200).
      query = query.where(wordsMatch(TITLE_DOCUMENT, text));
    }
  }
  return query;
}

const ROW_COLUMNS = ['c.id', 'c.title', 'c.state', 'c.category_id', 'c.cover_media_id', 'c.updated_at', 'c.updated_by', 'c.published_at'] as const;

/** One page of the contents list (page size 20), filtered and sorted in SQL. */
export async function listContents(q: CmsDb, filter: CmsListFilter): Promise<CmsContentPage> {
  const page = await pagedList(
    filtered(q, filter),
    {
      key: 'c.id',
      order: sortOrder(SORTS, filter.sort, filter.isAscending),
      columns: (query) =>
        query
          .innerJoin('cms_categories as k', 'k.id', 'c.category_id')
          .select([...ROW_COLUMNS, 'k.name as category_name'])
          .select((eb) => eb.selectFrom('cms_content_tags as t').select(eb.fn.countAll<number>().as('n')).whereRef('t.content_id', '=', 'c.id').as('tag_count')),
    },
    filter,
  );
  return {
    ...page,
    results: page.results.map(({ cover_media_id, tag_count, ...row }) => ({ ...row, cover_url: cover_media_id === null ? null : mediaUrl(cover_media_id), tag_count: Number(tag_count ?? 0) })),
  };
}

async function tagsOf(q: CmsDb, ids: number[]): Promise<Map<number, CmsTag[]>> {
  const tags = new Map<number, CmsTag[]>();
  if (ids.length === 0) return tags;
  const rows = await q
    .selectFrom('cms_content_tags as t')
    .innerJoin('car_models as m', 'm.id', 't.model_id')
    .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
    .select(['t.content_id', 't.model_id', sql<string>`b.name_fa || ' ' || m.name_fa`.as('full_name')])
    .where('t.content_id', 'in', ids)
    .orderBy('t.content_id')
    .orderBy('b.name_fa')
    .orderBy('m.name_fa')
    .execute();
  for (const { content_id, ...tag } of rows) tags.set(content_id, [...(tags.get(content_id) ?? []), tag]);
  return tags;
}

/** One item as the editor opens it. */
export async function contentDetail(q: CmsDb, id: number): Promise<CmsContent> {
  const row = await q
    .selectFrom('cms_contents as c')
    .innerJoin('cms_categories as k', 'k.id', 'c.category_id')
    .select([...ROW_COLUMNS, 'k.name as category_name', 'c.body', 'c.version', 'c.created_at', 'c.created_by'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(CMS_MESSAGES.notFound);
  const tags = (await tagsOf(q, [id])).get(id) ?? [];
  return { ...row, cover_url: row.cover_media_id === null ? null : mediaUrl(row.cover_media_id), tags, tag_count: tags.length };
}

/** The others who have the item open (a heartbeat within the last minute), first comer first. */
export async function otherEditors(q: CmsDb, id: number, username: string): Promise<{ results: CmsEditor[] }> {
  const results = await q
    .selectFrom('cms_content_editors')
    .select(['username', 'fullname', 'since'])
    .where('content_id', '=', id)
    .where('username', '<>', username)
    .where('seen_at', '>', sql<string>`now() - make_interval(secs => ${CMS_PRESENCE_SECONDS})`)
    .orderBy('since')
    .execute();
  return { results };
}

// ---- public ---------------------------------------------------------------------------------

function publicQuery(q: CmsDb) {
  return q
    .selectFrom('cms_contents as c')
    .innerJoin('cms_categories as k', 'k.id', 'c.category_id')
    .select(['c.id', 'c.title', 'c.body', 'c.cover_media_id', 'c.published_at', 'k.id as category_id', 'k.name as category_name'])
    .where('c.state', '=', 'published');
}

async function toPublic(q: CmsDb, rows: Awaited<ReturnType<ReturnType<typeof publicQuery>['execute']>>): Promise<CmsPublicContent[]> {
  const tags = await tagsOf(q, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: publicBody(r.body),
    category: { id: r.category_id, name: r.category_name },
    cover_url: r.cover_media_id === null ? null : publicMediaUrl(r.cover_media_id),
    tags: tags.get(r.id) ?? [],
    published_at: r.published_at!,
  }));
}

/** Published items, newest first (page size 20); drafts and archived items are never here. */
export async function publicContents(q: CmsDb, filter: CmsPublicFilter): Promise<Paginated<CmsPublicContent>> {
  let query = publicQuery(q);
  if (filter.category) query = query.where('c.category_id', '=', filter.category);
  if (filter.search) query = query.where(wordsMatch(TITLE_DOCUMENT, normalizePersian(filter.search)));
  const [rows, total] = await Promise.all([
    query.orderBy('c.published_at', 'desc').orderBy('c.id', 'desc').limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { results: await toPublic(q, rows), count: Number(total?.n ?? 0), page: filter.page, pageSize: filter.pageSize };
}

export async function publicContent(q: CmsDb, id: number): Promise<CmsPublicContent> {
  const row = await publicQuery(q).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CMS_MESSAGES.notFound);
  return (await toPublic(q, [row]))[0]!;
}

/** True while a published item shows the file (its cover or an image of its body). */
export async function isPublicMedia(q: CmsDb, mediaId: number): Promise<boolean> {
  const row = await q
    .selectFrom('cms_content_media as m')
    .innerJoin('cms_contents as c', 'c.id', 'm.content_id')
    .select('m.media_id')
    .where('m.media_id', '=', mediaId)
    .where('c.state', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
