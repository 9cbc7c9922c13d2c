import { sql } from 'kysely';
import {
  CATALOGUE_MESSAGES,
  type InspectionPackage,
  type PackageConfigInput,
  type PackageOption,
  type UpdatePackageInput,
  type UpdateVehicleKindInput,
  type VehicleKind,
} from '@panel/contracts/inspection-catalogue';
import type { z } from 'zod';
import type { PackageInputSchema, VehicleKindInputSchema } from '@panel/contracts/inspection-catalogue';
import type { Db, Queryable } from '../../db/db';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, type Actor } from '../../workflow';
import { catalogueDb } from './quote.service';

// Packages and vehicle kinds (issue 29): small lists read whole; each change locks its row,
// refuses a stale version (409) and writes the action log, in one transaction.

type PackageValues = z.output<typeof PackageInputSchema>;
type VehicleKindValues = z.output<typeof VehicleKindInputSchema>;

export const PACKAGE_ENTITY = 'inspection_package';
export const VEHICLE_KIND_ENTITY = 'vehicle_kind';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

function packagesQuery(q: Queryable) {
  return catalogueDb(q)
    .selectFrom('inspection_packages as p')
    .innerJoin('vehicle_kinds as k', 'k.id', 'p.vehicle_kind_id')
    .select([
      'p.id', 'p.name', 'p.vehicle_kind_id', 'k.name as vehicle_kind', 'p.base_price', 'p.service_minutes', 'p.inspection_type', 'p.city_ids',
      'p.report_fields', 'p.is_active', 'p.version', 'p.updated_at',
    ]);
}

export const listPackages = (q: Queryable): Promise<InspectionPackage[]> => packagesQuery(q).orderBy('p.base_price').orderBy('p.id').execute();

export async function getPackage(q: Queryable, id: number): Promise<InspectionPackage> {
  const row = await packagesQuery(q).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CATALOGUE_MESSAGES.packageNotFound);
  return row;
}

/** What an order form offers: the packages on sale (in one city when given), cheapest first. */
export async function packageOptions(q: Queryable, cityId?: number): Promise<PackageOption[]> {
  let query = packagesQuery(q).where('p.is_active', '=', true);
  if (cityId !== undefined) query = query.where(sql<boolean>`${cityId} = ANY(p.city_ids)`);
  const rows = await query.orderBy('p.base_price').orderBy('p.id').execute();
  return rows.map(({ id, name, base_price, city_ids, vehicle_kind }) => ({ id, name, base_price, city_ids, vehicle_kind }));
}

export const listVehicleKinds = (q: Queryable): Promise<VehicleKind[]> =>
  catalogueDb(q)
    .selectFrom('vehicle_kinds as k')
    .select(['k.id', 'k.name', 'k.is_active', 'k.version', sql<number>`(SELECT count(*)::int FROM inspection_packages p WHERE p.vehicle_kind_id = k.id)`.as('packages')])
    .orderBy('k.id')
    .execute();

async function activeKind(q: Queryable, id: number): Promise<void> {
  // Shared lock: a kind being deactivated waits for this change, and this one for it.
  const kind = await catalogueDb(q).selectFrom('vehicle_kinds').select('is_active').where('id', '=', id).forShare().executeTakeFirst();
  if (!kind?.is_active) throw badRequest({ vehicle_kind_id: [CATALOGUE_MESSAGES.vehicleKind] });
}

/** Locks a row of `table` and refuses it when its version is not the one the editor read. */
async function lockVersion(tx: Queryable, table: 'inspection_packages' | 'vehicle_kinds', id: number, version: number, missing: string): Promise<void> {
  const row = await catalogueDb(tx).selectFrom(table).select('version').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(missing);
  if (row.version !== version) throw conflict(CATALOGUE_MESSAGES.stale);
}

export function catalogueService(db: Db) {
  /** A write whose unique name may collide: the Persian message beside the name field. */
  const named = async <T>(field: string, message: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest({ [field]: [message] });
      throw error;
    }
  };

  return {
    createPackage: (actor: Actor, input: PackageValues) =>
      named('name', CATALOGUE_MESSAGES.packageNameTaken, () =>
        db.transaction(async (tx) => {
          await activeKind(tx, input.vehicle_kind_id);
          const { id } = await catalogueDb(tx).insertInto('inspection_packages').values(input).returning('id').executeTakeFirstOrThrow();
          await logAction(tx, { entity: PACKAGE_ENTITY, entityId: id, action: 'create', actor, details: { ...input } });
          return getPackage(tx, id);
        }),
      ),

    /** *Update package*: every field of the edit. */
    updatePackage: (actor: Actor, { id, version, ...input }: UpdatePackageInput) =>
      named('name', CATALOGUE_MESSAGES.packageNameTaken, () =>
        db.transaction(async (tx) => {
          await lockVersion(tx, 'inspection_packages', id, version, CATALOGUE_MESSAGES.packageNotFound);
          await activeKind(tx, input.vehicle_kind_id);
          await catalogueDb(tx)
            .updateTable('inspection_packages')
            .set({ ...input, version: version + 1, updated_at: new Date().toISOString() })
            .where('id', '=', id)
            .execute();
          await logAction(tx, { entity: PACKAGE_ENTITY, entityId: id, action: 'update', actor, details: { ...input } });
          return getPackage(tx, id);
        }),
      ),

    /** The package config: the cities it is sold in and its report fields. */
    configurePackage: (actor: Actor, { id, version, city_ids, report_fields }: PackageConfigInput) =>
      db.transaction(async (tx) => {
        await lockVersion(tx, 'inspection_packages', id, version, CATALOGUE_MESSAGES.packageNotFound);
        await catalogueDb(tx)
          .updateTable('inspection_packages')
          .set({ city_ids, report_fields, version: version + 1, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await logAction(tx, { entity: PACKAGE_ENTITY, entityId: id, action: 'configure', actor, details: { city_ids, report_fields } });
        return getPackage(tx, id);
      }),

    createVehicleKind: (actor: Actor, input: VehicleKindValues) =>
      named('name', CATALOGUE_MESSAGES.vehicleKindTaken, () =>
        db.transaction(async (tx) => {
          const { id } = await catalogueDb(tx).insertInto('vehicle_kinds').values(input).returning('id').executeTakeFirstOrThrow();
          await logAction(tx, { entity: VEHICLE_KIND_ENTITY, entityId: id, action: 'create', actor, details: { ...input } });
          return (await listVehicleKinds(tx)).find((k) => k.id === id)!;
        }),
      ),

    /** Renames or (de)activates a kind; one that active packages apply to stays active. */
    updateVehicleKind: (actor: Actor, { id, version, ...input }: UpdateVehicleKindInput) =>
      named('name', CATALOGUE_MESSAGES.vehicleKindTaken, () =>
        db.transaction(async (tx) => {
          await lockVersion(tx, 'vehicle_kinds', id, version, 'نوع خودرو یافت نشد');
          if (!input.is_active) {
            // The packages are locked too, so none is activated for this kind meanwhile.
            const used = await catalogueDb(tx).selectFrom('inspection_packages').select('id').where('vehicle_kind_id', '=', id).where('is_active', '=', true).forUpdate().execute();
            if (used.length > 0) throw conflict(CATALOGUE_MESSAGES.vehicleKindInUse);
          }
          await catalogueDb(tx).updateTable('vehicle_kinds').set({ ...input, version: version + 1, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
          await logAction(tx, { entity: VEHICLE_KIND_ENTITY, entityId: id, action: 'update', actor, details: { ...input } });
          return (await listVehicleKinds(tx)).find((k) => k.id === id)!;
        }),
      ),
  };
}
