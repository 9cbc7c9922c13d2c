import { sql } from 'kysely';
import {
  CATALOGUE_MESSAGES,
  type InspectionPackage,
  type PackageConfigInput,
  type PackageListFilter,
  type PackageOption,
  type PackagePage,
  type UpdatePackageInput,
  type UpdateVehicleKindInput,
  type VehicleKind,
  type VehicleKindListFilter,
  type VehicleKindPage,
} from '@panel/contracts/inspection-catalogue';
import type { z } from 'zod';
import type { PackageInputSchema, VehicleKindInputSchema } from '@panel/contracts/inspection-catalogue';
import type { Db, Queryable } from '../../db/db';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, type Actor } from '../../workflow';
import { catalogueDb } from './quote.service';

// Packages and vehicle kinds (issue 29): paged lists (the list kit's); each change locks its row,
// refuses a stale version (409) and writes the action log, in one transaction.

type PackageValues = z.output<typeof PackageInputSchema>;
type VehicleKindValues = z.output<typeof VehicleKindInputSchema>;

export const PACKAGE_ENTITY = 'inspection_package';
export const VEHICLE_KIND_ENTITY = 'vehicle_kind';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

const PACKAGE_COLUMNS = [
  'p.id', 'p.name', 'p.vehicle_kind_id', 'k.name as vehicle_kind', 'p.base_price', 'p.service_minutes', 'p.inspection_type', 'p.city_ids',
  'p.report_fields', 'p.is_active', 'p.version', 'p.updated_at',
] as const;

function packagesQuery(q: Queryable) {
  return catalogueDb(q).selectFrom('inspection_packages as p').innerJoin('vehicle_kinds as k', 'k.id', 'p.vehicle_kind_id').select(PACKAGE_COLUMNS);
}

const PACKAGE_SORTS = { base_price: ['p.base_price', 'p.id'], name: ['p.name', 'p.id'], service_minutes: ['p.service_minutes', 'p.id'] } as const;

/** A page of packages (the packages list): a name search, kind, type, on sale, a city; cheapest first by default. */
export function listPackages(q: Queryable, filter: PackageListFilter): Promise<PackagePage> {
  let query = catalogueDb(q).selectFrom('inspection_packages as p');
  if (filter.search) query = query.where('p.name', 'ilike', likeContains(filter.search));
  if (filter.kind !== undefined) query = query.where('p.vehicle_kind_id', '=', filter.kind);
  if (filter.type) query = query.where('p.inspection_type', '=', filter.type);
  if (filter.onSale !== undefined) query = query.where('p.is_active', '=', filter.onSale);
  if (filter.city !== undefined) query = query.where(sql<boolean>`p.city_ids @> ARRAY[${filter.city}]::int[]`);
  return pagedList(query, {
    key: 'p.id',
    order: sortOrder(PACKAGE_SORTS, filter.sort, filter.isAscending),
    columns: (s) => s.innerJoin('vehicle_kinds as k', 'k.id', 'p.vehicle_kind_id').select(PACKAGE_COLUMNS),
  }, filter);
}

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

const KIND_COLUMNS = ['k.id', 'k.name', 'k.is_active', 'k.version', sql<number>`(SELECT count(*)::int FROM inspection_packages p WHERE p.vehicle_kind_id = k.id)`.as('packages')] as const;

/** A page of vehicle kinds (the vehicle list): a name search, active or not; by name. */
export function listVehicleKinds(q: Queryable, filter: VehicleKindListFilter): Promise<VehicleKindPage> {
  let query = catalogueDb(q).selectFrom('vehicle_kinds as k');
  if (filter.search) query = query.where('k.name', 'ilike', likeContains(filter.search));
  if (filter.active !== undefined) query = query.where('k.is_active', '=', filter.active);
  return pagedList(query, { key: 'k.id', order: sql`k.name, k.id`, columns: (s) => s.select(KIND_COLUMNS) }, filter);
}

async function getVehicleKind(q: Queryable, id: number): Promise<VehicleKind> {
  return catalogueDb(q).selectFrom('vehicle_kinds as k').select(KIND_COLUMNS).where('k.id', '=', id).executeTakeFirstOrThrow();
}

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
          return getVehicleKind(tx, id);
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
          return getVehicleKind(tx, id);
        }),
      ),
  };
}
