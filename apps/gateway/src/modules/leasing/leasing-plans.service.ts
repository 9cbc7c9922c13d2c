import { sql } from 'kysely';
import {
  PAYMENT_PLAN_MESSAGES,
  type LeasingProvider,
  type PaymentPlan,
  type PaymentPlanFilters,
  type PaymentPlanGroup,
  type UpdatePlanMatchingInput,
} from '@panel/contracts/leasing';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains } from '../../db/list-query';
import { badRequest, notFound } from '../../errors';
import { logAction, type Actor } from '../../workflow';
import type { LeasingDb, LeasingTablesAll } from './leasing-orders.service';

// Providers, plan groups and plans, and a plan's matching (the brand-models it applies to).

/** What this module reads of the catalogue (brand-models); modules never import each other. */
interface CatalogueTables {
  car_models: { id: number; brand_id: number; name_fa: string; vehicle_type: string };
  car_brands: { id: number; name_fa: string };
}
type PlanDb = ReturnType<typeof kyselyOf<LeasingTablesAll & CatalogueTables>>;
const catalogue = (q: LeasingDb) => q as unknown as PlanDb;

export async function listProviders(q: LeasingDb): Promise<LeasingProvider[]> {
  return q.selectFrom('leasing_providers').selectAll().orderBy('name').execute();
}

function planRows(q: PlanDb) {
  return q
    .selectFrom('leasing_plans as pl')
    .innerJoin('leasing_plan_groups as g', 'g.id', 'pl.group_id')
    .innerJoin('leasing_providers as p', 'p.id', 'g.provider_id')
    .select([
      'pl.id', 'pl.group_id', 'g.name as group_name', 'p.id as provider_id', 'p.name as provider_name', 'pl.name', 'pl.vehicle_type',
      'pl.annual_rate', 'pl.min_down_percent', 'pl.months', 'pl.is_active',
      sql<{ id: number; title: string }[]>`COALESCE((
        SELECT json_agg(json_build_object('id', m.id, 'title', b.name_fa || ' ' || m.name_fa) ORDER BY b.name_fa, m.name_fa)
          FROM leasing_plan_models pm JOIN car_models m ON m.id = pm.model_id JOIN car_brands b ON b.id = m.brand_id
         WHERE pm.plan_id = pl.id), '[]'::json)`.as('models'),
    ])
    .orderBy('p.name')
    .orderBy('g.name')
    .orderBy('pl.name');
}

const asPlan = (row: Omit<PaymentPlan, 'annual_rate'> & { annual_rate: number | string }): PaymentPlan => ({ ...row, annual_rate: Number(row.annual_rate) });

/** The plans a register form offers for a provider: active ones. */
export async function providerPlans(q: LeasingDb, providerId: number): Promise<PaymentPlan[]> {
  return (await planRows(catalogue(q)).where('p.id', '=', providerId).where('pl.is_active', '=', true).execute()).map(asPlan);
}

export async function listPlanGroups(q: LeasingDb): Promise<PaymentPlanGroup[]> {
  const [groups, plans] = await Promise.all([
    q.selectFrom('leasing_plan_groups as g').innerJoin('leasing_providers as p', 'p.id', 'g.provider_id').select(['g.id', 'g.provider_id', 'p.name as provider_name', 'g.name']).orderBy('p.name').orderBy('g.name').execute(),
    planRows(catalogue(q)).execute(),
  ]);
  return groups.map((g) => ({ ...g, plans: plans.filter((p) => p.group_id === g.id).map(asPlan) }));
}

export async function getPlanGroup(q: LeasingDb, id: number): Promise<PaymentPlanGroup> {
  const group = (await listPlanGroups(q)).find((g) => g.id === id);
  if (!group) throw notFound(PAYMENT_PLAN_MESSAGES.groupNotFound);
  return group;
}

/** The matching plans under the §9 filters: vehicle type, active or not, a brand or model search. */
export async function matchingPlans(q: LeasingDb, filter: PaymentPlanFilters): Promise<PaymentPlan[]> {
  const c = catalogue(q);
  let query = planRows(c).where('pl.vehicle_type', '=', filter.vehicleType).where('pl.is_active', '=', filter.status);
  if (filter.search) {
    const column = filter.searchField === 'brand' ? 'b.name_fa' : 'm.name_fa';
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('leasing_plan_models as pm')
          .innerJoin('car_models as m', 'm.id', 'pm.model_id')
          .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
          .select('pm.plan_id')
          .whereRef('pm.plan_id', '=', 'pl.id')
          .where(column, 'ilike', likeContains(filter.search)),
      ),
    );
  }
  return (await query.execute()).map(asPlan);
}

export async function updateMatching(db: Db, actor: Actor, input: UpdatePlanMatchingInput): Promise<PaymentPlan & { message: string }> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<LeasingTablesAll & CatalogueTables>(tx);
    const plan = await q.selectFrom('leasing_plans').select(['id', 'vehicle_type']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!plan) throw notFound(PAYMENT_PLAN_MESSAGES.notFound);
    const ids = [...new Set(input.model_ids)];
    const models = ids.length ? await q.selectFrom('car_models').select(['id', 'vehicle_type']).where('id', 'in', ids).execute() : [];
    if (models.length !== ids.length) throw badRequest({ model_ids: [PAYMENT_PLAN_MESSAGES.unknownModel] });
    if (models.some((m) => m.vehicle_type !== plan.vehicle_type)) throw badRequest({ model_ids: [PAYMENT_PLAN_MESSAGES.wrongType] });
    const before = (await q.selectFrom('leasing_plan_models').select('model_id').where('plan_id', '=', plan.id).execute()).map((r) => r.model_id);
    await q.deleteFrom('leasing_plan_models').where('plan_id', '=', plan.id).execute();
    if (ids.length) await q.insertInto('leasing_plan_models').values(ids.map((model_id) => ({ plan_id: plan.id, model_id }))).execute();
    await logAction(tx, { entity: 'leasing_plan', entityId: plan.id, action: 'update_matching', actor, details: { before, after: ids } });
    const row = await planRows(q).where('pl.id', '=', plan.id).executeTakeFirstOrThrow();
    return { ...asPlan(row), message: PAYMENT_PLAN_MESSAGES.matched };
  });
}
