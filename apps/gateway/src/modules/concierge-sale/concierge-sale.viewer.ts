import type { Kysely } from 'kysely';
import { CITIES, ROLES } from '@panel/contracts/common';
import { SALE_MESSAGES } from '@panel/contracts/concierge-sale';
import type { CoreTables } from '../../db/core-tables';
import { HttpError, notFound } from '../../errors';
import type { Actor } from '../../workflow';
import type { ConciergeSaleTables } from './concierge-sale.tables';

// Who sees which sale (issue 15, decision 070), decided here from the verified token, and the
// tables the module's SQL runs on.

/**
 * What this module reads of other modules' tables (users of auth, the brand-model catalogue),
 * declared here as far as it reads them: modules never import each other.
 */
interface ReadTables {
  users: { id: number; username: string; first_name: string; last_name: string; phone_number: string | null; roles: string[]; is_active: boolean };
  car_models: { id: number; brand_id: number; name_fa: string };
  car_brands: { id: number; name_fa: string };
}
export type Tables = CoreTables & ReadTables & ConciergeSaleTables;
export type SaleQuery = Kysely<Tables>;

/** Who asks: the token's user and roles. Staff and supervisors see every sale, a sales expert only their own. */
export interface Viewer {
  actor: Actor & { id: number };
  roles: readonly string[];
}

export const seesAll = (viewer: Viewer) => viewer.roles.includes(ROLES.staff) || viewer.roles.includes(ROLES.supervisor);

export const refusedNotYours = () => new HttpError(403, { message: SALE_MESSAGES.notYours });

export const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());
export const cityName = (id: number) => CITIES.find((c) => c.id === id)?.name ?? String(id);

/** Sales the viewer may see (the whole table for staff and supervisors). */
export function visible(q: SaleQuery, viewer: Viewer) {
  const base = q.selectFrom('concierge_sales as s');
  return seesAll(viewer) ? base : base.where('s.sales_expert_id', '=', viewer.actor.id);
}

/** The sale row the viewer may see, or 404 / 403 (a sales expert opening another's sale). */
export async function visibleSale(q: SaleQuery, viewer: Viewer, id: number) {
  const sale = await q.selectFrom('concierge_sales').selectAll().where('id', '=', id).executeTakeFirst();
  if (!sale) throw notFound(SALE_MESSAGES.notFound);
  if (!seesAll(viewer) && sale.sales_expert_id !== viewer.actor.id) throw refusedNotYours();
  return sale;
}
