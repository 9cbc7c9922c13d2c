import { CITIES, TEHRAN_CITY_ID, toPersianDigits } from '@panel/contracts/common';
import type { GatewayDeps } from '../../deps';
import { SHIFT_TIMES, WINDOW_OFFSETS, dateWindow, slotLabel } from './dispatch.days';
import { BRAND_MODELS, OTHER_CITY_AREAS, TEHRAN_DISTRICTS, address, personName, phoneNumber, random, type Random } from './dispatch.seed-data';
import { createDispatchService } from './dispatch.service';

// A realistic dispatch week around the current Tehran day: SEED_EXPERTS experts (300 by
// default, 5,000 for benchmarks) with levels, types and areas; every cell's availability; the
// day's inspections on cells in every state; and orders still without expert for the picker.
// Everything goes in with a few multi-row statements so a fresh seed stays fast.

const TEHRAN_AREA_BASE = 1000;
const cityName = (id: number) => CITIES.find((c) => c.id === id)?.name ?? '';

function buildAreas() {
  const areas: { id: number; name: string; city: number }[] = TEHRAN_DISTRICTS.map((district, i) => ({
    id: TEHRAN_AREA_BASE + i + 1,
    name: `منطقه ${toPersianDigits(String(i + 1))} - ${district}`,
    city: TEHRAN_CITY_ID,
  }));
  let id = 2000;
  for (const [city, names] of Object.entries(OTHER_CITY_AREAS)) {
    for (const name of names) areas.push({ id: ++id, name, city: Number(city) });
  }
  return areas;
}

/** The state of an inspection on a cell, by how far its day is from today and its slot. */
function assignedState(r: Random, offset: number, slot: number): string {
  if (r.chance(0.06)) return 'F';
  if (offset < 0) return r.pick(['D', 'D', 'D', 'Q', 'W']);
  if (offset > 0) return 'O';
  if (slot <= 1) return r.pick(['D', 'Q', 'W', 'S']);
  if (slot === 2) return r.pick(['E', 'I', 'S']);
  return r.pick(['O', 'O', 'E']);
}

function visitTime(r: Random, slot: number): string {
  const hour = 8 + slot * 2 + r.int(2);
  return `${String(hour).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}`;
}

export async function dispatchSeed({ db, env }: GatewayDeps): Promise<void> {
  const r = random(20250321);
  const areas = buildAreas();
  await db.query(
    `INSERT INTO dispatch_areas (id, name, city_id) SELECT * FROM unnest($1::int[], $2::text[], $3::int[]) ON CONFLICT (id) DO NOTHING`,
    [areas.map((a) => a.id), areas.map((a) => a.name), areas.map((a) => a.city)],
  );

  // Most experts work in Tehran, the rest spread over the other cities.
  const cityIds = CITIES.map((c) => c.id);
  const experts = Array.from({ length: env.SEED_EXPERTS }, () => {
    const city = r.chance(0.6) ? TEHRAN_CITY_ID : r.pick(cityIds);
    const local = areas.filter((a) => a.city === city);
    const chosen = new Set<number>();
    const count = Math.min(local.length, 1 + r.int(3));
    while (chosen.size < count) chosen.add(r.pick(local).id);
    const mechanic = r.chance(0.15);
    const motor = r.chance(0.1);
    return {
      name: personName(r),
      level: r.int(6),
      car: !mechanic || r.chance(0.3),
      motor,
      concierge: r.chance(0.2),
      carMechanic: mechanic,
      motorMechanic: mechanic && motor,
      leasing: r.chance(0.1),
      city,
      areas: `{${[...chosen].join(',')}}`,
    };
  });
  await db.query(
    `INSERT INTO experts (report_name, level, is_car_expert, is_motor_cycle_expert, is_concierge_sale_expert, is_car_mechanic,
       is_motor_cycle_mechanic, is_leasing_expert, city_id, areas)
     SELECT n, l, a, b, c, d, e, f, city, areas::int[]
     FROM unnest($1::text[], $2::int[], $3::bool[], $4::bool[], $5::bool[], $6::bool[], $7::bool[], $8::bool[], $9::int[], $10::text[])
       AS t(n, l, a, b, c, d, e, f, city, areas)`,
    [
      experts.map((e) => e.name),
      experts.map((e) => e.level),
      experts.map((e) => e.car),
      experts.map((e) => e.motor),
      experts.map((e) => e.concierge),
      experts.map((e) => e.carMechanic),
      experts.map((e) => e.motorMechanic),
      experts.map((e) => e.leasing),
      experts.map((e) => e.city),
      experts.map((e) => e.areas),
    ],
  );

  // The expert app's accounts: expert1, expert2, ... (decision 033).
  await db.query(`UPDATE experts SET username = 'expert' || pk WHERE username IS NULL`);

  const window = dateWindow();
  const service = createDispatchService(db, { holdTtlSeconds: env.HOLD_TTL_SECONDS });
  await service.ensureDays(window.map((d) => d.date));

  // Availability: mostly free; a few experts off all week, and here and there a shift off or
  // reserved outside the sheet. By a hash of the cell: one expert's cells lie a fixed stride of
  // pks apart, so a modulo of the pk gave every cell of an expert the same state.
  await db.query(
    `UPDATE expert_timeslots SET state = CASE
       WHEN (expert_id * 7919) % 100 < 5 THEN 1
       WHEN abs(hashtext('availability' || pk)) % 100 < 7 THEN 1
       WHEN abs(hashtext('availability' || pk)) % 100 < 9 THEN 3
       WHEN abs(hashtext('availability' || pk)) % 100 < 11 THEN 4
       ELSE 0 END`,
  );

  const cells = await db.query<{ pk: number; city: number; date: string; slot: number; areas: number[] }>(
    `SELECT c.pk, e.city_id AS city, s.date, s.slot, e.areas
     FROM expert_timeslots c JOIN experts e ON e.pk = c.expert_id JOIN dispatch_shifts s ON s.pk = c.shift_id
     WHERE c.state = 0 ORDER BY c.pk`,
  );
  const offsetOf = new Map(window.map((d, i) => [d.date, WINDOW_OFFSETS[i]!]));
  const areaName = new Map(areas.map((a) => [a.id, a.name.replace(/^منطقه [۰-۹]+ - /, '')]));

  // The catalogue's packages on sale in the order's city (inspection-catalogue's migration 1600,
  // on every database), at their base prices: a seeded order's package is one the catalogue can
  // price again (change package, change pricing conditions).
  const packages = await db.query<{ name: string; price: number; cities: number[] }>(
    'SELECT name, base_price::int AS price, city_ids AS cities FROM inspection_packages WHERE is_active ORDER BY id',
  );
  const packagesIn = (city: number) => packages.filter((p) => p.cities.includes(city));

  const rows: {
    code: string; state: string; customer: string; phone: string; city: number; place: string; brand: string;
    pkg: string; date: string; time: string; slot: string; price: number; cell: number | null;
  }[] = [];
  let serial = 0;
  const nextCode = () => `6${String(++serial).padStart(6, '0')}`;
  const order = (city: number, area: string, date: string, slot: number, state: string, cell: number | null) => {
    const sold = packagesIn(city);
    if (sold.length === 0) return;
    const pkg = r.pick(sold);
    rows.push({
      code: nextCode(),
      state,
      customer: personName(r),
      phone: phoneNumber(r),
      city,
      place: address(r, cityName(city), area),
      brand: r.pick(BRAND_MODELS),
      pkg: pkg.name,
      date,
      time: state === 'T' && r.chance(0.3) ? '' : visitTime(r, slot),
      slot: slotLabel(slot),
      price: pkg.price,
      cell,
    });
  };

  for (const cell of cells) {
    if (!r.chance(0.25)) continue;
    const areaId = cell.areas[0];
    order(cell.city, areaName.get(areaId ?? 0) ?? '', cell.date, cell.slot, assignedState(r, offsetOf.get(cell.date) ?? 1, cell.slot), cell.pk);
  }
  // Orders still waiting for an expert, for the picker and the statistics.
  const perShift = Math.max(3, Math.round(env.SEED_EXPERTS / 25));
  for (const day of window) {
    if (day.type === 'yesterday') continue;
    for (const { slot } of SHIFT_TIMES) {
      for (let i = 0; i < perShift; i++) {
        const city = r.chance(0.6) ? TEHRAN_CITY_ID : r.pick(cityIds);
        const local = areas.filter((a) => a.city === city);
        order(city, r.pick(local).name.replace(/^منطقه [۰-۹]+ - /, ''), day.date, slot, r.chance(0.8) ? 'T' : 'M', null);
      }
    }
  }

  const inserted = await db.query<{ pk: number; code: string }>(
    `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, visit_place, brand_model, package,
       visit_date, visit_time, time_slot, price, is_canceled, request_type)
     SELECT code, state, customer, phone, city, place, brand, pkg, date::date, NULLIF(time, ''), slot, price, state = 'F', 'dispatch'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::text[], $11::text[], $12::bigint[]) AS t(code, state, customer, phone, city, place, brand, pkg, date, time, slot, price)
     ON CONFLICT (code) DO NOTHING
     RETURNING pk, code`,
    [
      rows.map((o) => o.code), rows.map((o) => o.state), rows.map((o) => o.customer), rows.map((o) => o.phone),
      rows.map((o) => o.city), rows.map((o) => o.place), rows.map((o) => o.brand), rows.map((o) => o.pkg),
      rows.map((o) => o.date), rows.map((o) => o.time), rows.map((o) => o.slot), rows.map((o) => o.price),
    ],
  );
  const cellOf = new Map(rows.filter((o) => o.cell !== null).map((o) => [o.code, o.cell!]));
  const attached = inserted.filter((i) => cellOf.has(i.code));
  await db.query(
    `UPDATE expert_timeslots c SET inspection_id = t.inspection, state = 2
     FROM unnest($1::bigint[], $2::bigint[]) AS t(cell, inspection) WHERE c.pk = t.cell`,
    [attached.map((i) => cellOf.get(i.code)!), attached.map((i) => i.pk)],
  );
  await db.query(
    `UPDATE inspections i SET expert_id = c.expert_id FROM expert_timeslots c WHERE c.inspection_id = i.pk AND i.expert_id IS NULL`,
  );
}
