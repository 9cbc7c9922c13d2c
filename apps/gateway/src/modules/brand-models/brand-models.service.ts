import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { CATALOGUE_SEARCH_LIMIT, normalizeExternalName, type CatalogueBrand, type CatalogueModel } from '@panel/contracts/brand-models';
import { toPersianDigits } from '@panel/contracts/common';
import { likeContains } from '../../db/list-query';
import { notFound } from '../../errors';
import type { BrandModelsTables } from './brand-models.tables';

/** The brand-model catalogue's read side: brands, a picker's search over models, one model (its write side: catalogue-manage.service.ts). */

export type CatalogueDb = Kysely<BrandModelsTables>;
type Joined = ExpressionBuilder<BrandModelsTables & { m: BrandModelsTables['car_models']; b: BrandModelsTables['car_brands'] }, 'm' | 'b'>;

const FULL_NAME_FA = sql<string>`b.name_fa || ' ' || m.name_fa`;
const FULL_NAME_EN = sql<string>`b.name_en || ' ' || m.name_en`;

function models(q: CatalogueDb) {
  return q
    .selectFrom('car_models as m')
    .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
    .select([
      'm.id as model_id',
      'm.name_fa as model_name',
      'b.id as brand_id',
      'b.name_fa as brand_name',
      FULL_NAME_FA.as('full_name'),
      'm.body_type',
      'm.vehicle_type',
      'm.year_from',
      'm.year_to',
      'm.is_imported',
    ]);
}

/** Letters typed in any digits find a name written in Persian ones (`۲۰۶`) or in English (`206`). */
function matches(text: string) {
  return (eb: Joined) =>
    eb.or([
      eb(FULL_NAME_FA, 'ilike', likeContains(toPersianDigits(text))),
      eb(FULL_NAME_FA, 'ilike', likeContains(text)),
      eb(FULL_NAME_EN, 'ilike', likeContains(text)),
      // An external name mapped to the model (Divar's spelling, a merged duplicate's name, decision 119).
      eb.exists(eb.selectFrom('car_name_mappings as n').select(sql.lit(1).as('one')).whereRef('n.model_id', '=', 'm.id').where('n.normalized', 'like', likeContains(normalizeExternalName(text)))),
    ]);
}

export async function searchModels(q: CatalogueDb, input: { q: string; brand_id?: number | undefined }): Promise<CatalogueModel[]> {
  // Pickers offer what is sold today: a retired or merged model, or one of a retired brand, is not offered.
  let query = models(q).where('m.state', '=', 'active').where('b.state', '=', 'active');
  if (input.q) query = query.where(matches(input.q));
  if (input.brand_id) query = query.where('m.brand_id', '=', input.brand_id);
  return query.orderBy('b.name_fa').orderBy('m.name_fa').orderBy('m.id').limit(CATALOGUE_SEARCH_LIMIT).execute();
}

export async function getModel(q: CatalogueDb, id: number): Promise<CatalogueModel> {
  const row = await models(q).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('این مدل در فهرست برند و مدل‌ها نیست');
  return row;
}

export async function listBrands(q: CatalogueDb, text: string): Promise<CatalogueBrand[]> {
  let query = q
    .selectFrom('car_brands as b')
    .select(['b.id as brand_id', 'b.name_fa as brand_name', 'b.name_en as brand_name_en', sql<string | null>`coalesce('/api/media/' || b.logo_media_id || '/', b.logo_url)`.as('logo_url')])
    .select((eb) => eb.selectFrom('car_models as m').whereRef('m.brand_id', '=', 'b.id').where('m.state', '=', 'active').select(eb.fn.countAll<number>().as('n')).as('model_count'))
    .where('b.state', '=', 'active');
  if (text) query = query.where((eb) => eb.or([eb('b.name_fa', 'ilike', likeContains(text)), eb('b.name_en', 'ilike', likeContains(text))]));
  const rows = await query.orderBy('b.name_fa').execute();
  return rows.map((row) => ({ ...row, model_count: Number(row.model_count ?? 0) }));
}
