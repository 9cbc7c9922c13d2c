import { sql, type Kysely } from 'kysely';

import { AFFIDAVIT_STATES, AFFIDAVITS_MESSAGES, type Affidavit, type AffidavitDetail, type AffidavitListFilter, type AffidavitPage, type AffidavitState } from '@panel/contracts/affidavits';
import type { CoreTables } from '../../db/core-tables';
import { likePrefix, listSearch, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { notFound } from '../../errors';
import type { AffidavitsTables } from './affidavits.tables';

// Affidavits read (decision 104): the list filtered and sorted in SQL, one affidavit with its
// documents (their checksums from the media store) and the links sent.

export type AffidavitsTablesAll = CoreTables & AffidavitsTables;
export type AffidavitsDb = Kysely<AffidavitsTablesAll>;
export const AFFIDAVIT_ENTITY = 'affidavit';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['a.created_at', 'a.id'], price: ['a.price', 'a.id'] } as const;

const COLUMNS = [
  'a.id', 'a.state', 'a.version', 'a.buyer_name', 'a.buyer_phone', 'a.seller_name', 'a.seller_phone', 'a.car_title', 'a.car_year',
  'a.city_id', 'a.price', 'a.fee', 'a.concierge_sale_id', 'a.purchased_at', 'a.created_by', 'a.created_at',
] as const;

/** The words a search looks in, as the index of migration 1800 spells them. */
const SEARCH_DOCUMENT = sql`to_tsvector('simple', a.buyer_name || ' ' || a.seller_name || ' ' || a.car_title)`;

const withLabel = <T extends { state: AffidavitState }>(row: T) => ({ ...row, state_label: AFFIDAVIT_STATES[row.state] });

function filtered(q: AffidavitsDb, filter: AffidavitListFilter) {
  let query = q.selectFrom('affidavits as a');
  if (filter.state) query = query.where('a.state', '=', filter.state);
  if (filter.city) query = query.where('a.city_id', '=', filter.city);
  if (filter.createdFrom) query = query.where('a.created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) query = query.where('a.created_at', '<', tehranDayRange(filter.createdTo)[1]);
  const search = filter.search;
  if (search) {
    // Digits: an affidavit's number, or the start of the buyer's or the seller's phone. Words: each
    // starts a word of the buyer's or seller's name or the car (the index of migration 1800).
    query = query.where((eb) =>
      listSearch(search, SEARCH_DOCUMENT, ({ ids, phone }) =>
        eb.or([...ids.map((id) => eb('a.id', '=', id)), eb('a.buyer_phone', 'like', likePrefix(phone)), eb('a.seller_phone', 'like', likePrefix(phone))]),
      ),
    );
  }
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL (page size 20). */
export async function listAffidavits(q: AffidavitsDb, filter: AffidavitListFilter): Promise<AffidavitPage> {
  const page = await pagedList(
    filtered(q, filter),
    {
      key: 'a.id',
      order: sortOrder(SORTS, filter.sort, filter.isAscending),
      columns: (query) => query.innerJoin('cities as c', 'c.id', 'a.city_id').select([...COLUMNS, 'c.name as city']),
    },
    filter,
  );
  return { ...page, results: page.results.map(withLabel) };
}

export async function getAffidavit(q: AffidavitsDb, id: number): Promise<Affidavit> {
  const row = await q.selectFrom('affidavits as a').innerJoin('cities as c', 'c.id', 'a.city_id').select([...COLUMNS, 'c.name as city']).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(AFFIDAVITS_MESSAGES.notFound);
  return withLabel(row);
}

export async function affidavitDetail(q: AffidavitsDb, id: number): Promise<AffidavitDetail> {
  const affidavit = await getAffidavit(q, id);
  const [documents, links] = await Promise.all([
    q
      .selectFrom('affidavit_documents as d')
      .innerJoin('media as m', 'm.id', 'd.media_id')
      .select(['d.id', 'd.media_id', 'd.kind', 'm.name', 'm.content_type', 'm.size', 'm.sha256', 'd.created_by', 'd.created_at'])
      .where('d.affidavit_id', '=', id)
      .orderBy('d.id')
      .execute(),
    q.selectFrom('affidavit_links').select(['id', 'kind', 'target', 'amount', 'created_by', 'created_at']).where('affidavit_id', '=', id).orderBy('id', 'desc').execute(),
  ]);
  return { ...affidavit, documents, links };
}
