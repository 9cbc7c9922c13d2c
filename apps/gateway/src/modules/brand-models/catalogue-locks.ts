import { CATALOGUE_MESSAGES } from '@panel/contracts/brand-models';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { FULL_NAME, type ManageDb, type Tables } from './catalogue-read.service';

// What every change of the catalogue is made with (decision 119): one transaction, the row
// locked and its version checked (a stale edit is a Persian 409), a unique key's refusal beside
// its field, the action log's entities.

export const BRAND_ENTITY = 'car_brand';
export const MODEL_ENTITY = 'car_model';

/** `work` in one transaction, with the query builder and the raw queries of it. */
export const inTx = <T>(db: Db, work: (q: ManageDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<Tables>(tx), tx));

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A unique key refused the change: the Persian message beside the field that clashed. */
export async function unique<T>(work: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ [field]: [message] });
    throw error;
  }
}

/** A logo is an image of the media store. */
export async function checkLogo(q: ManageDb, mediaId: number | null): Promise<void> {
  if (mediaId === null) return;
  const media = await q.selectFrom('media').select('content_type').where('id', '=', mediaId).executeTakeFirst();
  if (!media) throw badRequest({ logo_media_id: [CATALOGUE_MESSAGES.noMedia] });
  if (!media.content_type.startsWith('image/')) throw badRequest({ logo_media_id: [CATALOGUE_MESSAGES.notImage] });
}

export const stale = (row: { version: number }, version: number) => {
  if (row.version !== version) throw conflict(CATALOGUE_MESSAGES.stale);
};

export async function lockedBrand(q: ManageDb, id: number) {
  const row = await q.selectFrom('car_brands').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(CATALOGUE_MESSAGES.brandNotFound);
  return row;
}
export async function lockedModel(q: ManageDb, id: number) {
  const row = await q.selectFrom('car_models').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(CATALOGUE_MESSAGES.modelNotFound);
  return row;
}
export async function lockedType(q: ManageDb, id: number) {
  const row = await q.selectFrom('car_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(CATALOGUE_MESSAGES.typeNotFound);
  return row;
}
export const fullName = async (q: ManageDb, modelId: number) =>
  (await q.selectFrom('car_models as m').innerJoin('car_brands as b', 'b.id', 'm.brand_id').select(FULL_NAME.as('n')).where('m.id', '=', modelId).executeTakeFirstOrThrow()).n;
/** Something is added to a model only while it is active. */
export const activeModel = async (q: ManageDb, id: number) => {
  const row = await lockedModel(q, id);
  if (row.state !== 'active') throw conflict(CATALOGUE_MESSAGES.modelNotActive);
  return row;
};
