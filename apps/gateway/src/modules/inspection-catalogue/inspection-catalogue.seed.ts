import { tehranDateKey } from '@panel/contracts/common';
import type { GatewayDeps } from '../../deps';

const DAY_MS = 86_400_000;
const dayFrom = (now: Date, days: number) => tehranDateKey(new Date(now.getTime() + days * DAY_MS));

/**
 * Demo pricing rates around today (the packages and vehicle kinds are the migration's, present on
 * every database). None is in force today, so the demo's prices are today's constants; a past
 * demand peak gives the what-if something to replay. Each rate is added once (idempotent).
 */
export async function inspectionCatalogueSeed({ db }: GatewayDeps): Promise<void> {
  const now = new Date();
  const year = Number(tehranDateKey(now).slice(0, 4));
  const nowruz = tehranDateKey(now) < `${year}-03-21` ? year : year + 1;
  const rates: [condition: string, cityId: number | null, packageName: string | null, from: string, to: string, ratio: number, note: string][] = [
    ['demand_peak', 1, null, dayFrom(now, -40), dayFrom(now, -10), 1.25, 'اوج تقاضای پاییز تهران'],
    ['holiday', null, null, `${nowruz}-03-20`, `${nowruz}-04-02`, 1.2, 'تعطیلات نوروز'],
    ['promotion', 3, 'کارشناسی پایه', dayFrom(now, 7), dayFrom(now, 37), 0.9, 'طرح تشویقی مشهد'],
    ['weather', 5, null, dayFrom(now, 20), dayFrom(now, 80), 1.1, 'برف و یخبندان تبریز'],
    ['immediate_inspection', 1, 'کارشناسی فوری', dayFrom(now, 1), dayFrom(now, 60), 1.35, 'کارشناسی فوری تهران'],
  ];
  for (const [condition, cityId, packageName, from, to, ratio, note] of rates) {
    await db.query(
      `INSERT INTO pricing_rates (condition, city_id, package_id, starts_on, ends_on, ratio, note, created_by)
       SELECT $1, $2::int, (SELECT id FROM inspection_packages WHERE name = $3), $4::date, $5::date, $6, $7, 'seed'
        WHERE NOT EXISTS (SELECT 1 FROM pricing_rates WHERE note = $7)`,
      [condition, cityId, packageName, from, to, ratio, note],
    );
  }
}
