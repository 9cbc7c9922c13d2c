import { CITIES } from '@panel/contracts/common';
import { CODE_ALPHABET, DISCOUNT_SERVICE_LIST, discountOf } from '@panel/contracts/discounts';
import type { Db } from '../../db/db';
import { seededRandom } from '../../db/seed-random';
import type { GatewayDeps } from '../../deps';

// Demo discount codes (decision 117): a few campaigns of unique single-use codes with Persian
// names, and codes made by hand for the company's services, over the last months and the months
// ahead (some expired, some not yet valid, a few paused or deactivated), many partly used with
// their uses recorded (the counts are the uses' own). Runs once per database; every row passes
// the tables' checks.

const CAMPAIGNS = [
  { name: 'جشنواره پاییز', prefix: 'PAYIZ', kind: 'percent', value: 15, max: 150_000, from: -60, to: 20 },
  { name: 'شب یلدا', prefix: 'YALDA', kind: 'amount', value: 80_000, max: null, from: 15, to: 40 },
  { name: 'بازگشت مشتریان قدیمی', prefix: 'BACK', kind: 'percent', value: 20, max: 200_000, from: -120, to: -10 },
  { name: 'همکاری با بیمه', prefix: 'BIME', kind: 'amount', value: 100_000, max: null, from: -30, to: 90 },
] as const;
const MANUAL = ['KARSHENAS', 'HAMRAH', 'LEASING', 'GHOLNAME', 'GHEYMAT', 'VIP', 'TEHRAN', 'SHIRAZ', 'STAFF', 'NEWUSER'];
const SEED_BY = 'discounts-seed';
const DAY = 86_400_000;

export async function seedDiscounts(db: Db, size: number): Promise<void> {
  if (size <= 0) return;
  const [existing] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM discount_codes WHERE origin <> $1) AS any', ['refund']);
  if (existing?.any) return;
  const rand = seededRandom(33_117);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const now = Date.now();
  const made = (offset: number) => day(Math.min(offset, -Math.floor(rand() * 10) - 1));
  const day = (offset: number) => new Date(Math.floor((now + offset * DAY) / DAY) * DAY - 12_600_000).toISOString();
  const randomText = (n: number) => Array.from({ length: n }, () => pick([...CODE_ALPHABET])).join('');
  const perCampaign = Math.max(1, Math.floor(size / 2 / CAMPAIGNS.length));

  await db.transaction(async (tx) => {
    const codes: Record<string, unknown>[] = [];
    for (const c of CAMPAIGNS) {
      const createdAt = made(c.from - 3);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO discount_campaigns (name, prefix, total, done, state, kind, value, max_discount, min_order, valid_from, valid_until, usage_limit, per_user_limit, services, city_id, created_by, created_at, finished_at)
         VALUES ($1, $2, $3, $3, 'done', $4, $5, $6, 0, $7, $8, 1, 1, ARRAY['inspection'], NULL, $9, $10, $10) RETURNING id`,
        [c.name, c.prefix, perCampaign, c.kind, c.value, c.max, day(c.from), day(c.to), SEED_BY, createdAt],
      );
      const seen = new Set<string>();
      while (seen.size < perCampaign) seen.add(`${c.prefix}${randomText(8)}`);
      for (const code of seen) {
        codes.push({ code, kind: c.kind, value: c.value, max_discount: c.max, min_order: 0, valid_from: day(c.from), valid_until: day(c.to), usage_limit: 1, per_user_limit: 1, services: ['inspection'], city_id: null, state: 'active', origin: 'campaign', campaign_id: row!.id, created_at: createdAt });
      }
    }
    for (let i = 0; codes.length < size; i++) {
      const percent = rand() < 0.6;
      const from = Math.floor(rand() * 200) - 170;
      const to = from + 14 + Math.floor(rand() * 90);
      const services = DISCOUNT_SERVICE_LIST.filter(() => rand() < 0.4);
      const state = rand() < 0.08 ? 'deactivated' : rand() < 0.08 ? 'paused' : 'active';
      codes.push({
        code: `${pick(MANUAL)}${percent ? pick([5, 10, 15, 20, 25, 30]) : pick([50, 100, 150, 200])}${randomText(3)}`,
        kind: percent ? 'percent' : 'amount',
        value: percent ? pick([5, 10, 15, 20, 25, 30]) : pick([50_000, 100_000, 150_000, 200_000]),
        max_discount: percent ? pick([100_000, 200_000, 300_000, null]) : null,
        min_order: pick([0, 0, 300_000, 500_000, 1_000_000]),
        valid_from: day(from),
        valid_until: day(to),
        usage_limit: pick([10, 50, 100, 200, 500, 1000]),
        per_user_limit: pick([1, 1, 1, 2, 3]),
        services: services.length ? services : ['inspection'],
        city_id: rand() < 0.25 ? pick(CITIES).id : null,
        state,
        origin: 'manual',
        campaign_id: null,
        created_at: made(from - 2),
      });
    }
    const inserted = await tx.query<{ id: number; code: string; kind: 'percent' | 'amount'; value: number; max_discount: number | null; usage_limit: number; per_user_limit: number; services: string[]; valid_from: string; valid_until: string; city_id: number | null }>(
      `INSERT INTO discount_codes (code, kind, value, max_discount, min_order, valid_from, valid_until, usage_limit, per_user_limit, services, city_id, state, origin, campaign_id, created_by, created_at, updated_at)
       SELECT r.code, r.kind, r.value, r.max_discount, r.min_order, r.valid_from, r.valid_until, r.usage_limit, r.per_user_limit,
              ARRAY(SELECT json_array_elements_text(r.services)), r.city_id, r.state, r.origin, r.campaign_id, '${SEED_BY}', r.created_at, r.created_at
         FROM json_to_recordset($1::json) AS r(code text, kind text, value bigint, max_discount bigint, min_order bigint, valid_from timestamptz, valid_until timestamptz,
              usage_limit int, per_user_limit int, services json, city_id int, state text, origin text, campaign_id bigint, created_at timestamptz)
       ON CONFLICT (code) DO NOTHING
       RETURNING id, code, kind, value, max_discount, usage_limit, per_user_limit, services, valid_from, valid_until, city_id`,
      [JSON.stringify(codes)],
    );
    // Uses of the codes whose window has begun: each a customer's, confirmed; the counts follow them.
    const uses: Record<string, unknown>[] = [];
    for (const code of inserted) {
      const started = Date.parse(code.valid_from);
      if (started > now || rand() < 0.35) continue;
      const count = code.usage_limit === 1 ? 1 : Math.floor(rand() * Math.min(code.usage_limit, 12));
      for (let n = 0; n < count; n++) {
        const amount = pick([450_000, 690_000, 890_000, 1_250_000, 2_400_000]);
        const at = Math.min(now, Date.parse(code.valid_until)) - Math.floor(rand() * Math.max(1, Math.min(now, Date.parse(code.valid_until)) - started));
        uses.push({
          code_id: code.id,
          phone: `09${String(120_000_000 + Math.floor(rand() * 800_000_000))}`,
          amount,
          discount: discountOf(code, amount),
          service: code.services[0],
          city_id: code.city_id,
          at: new Date(Math.max(at, started + 60_000)).toISOString(),
        });
      }
    }
    await tx.query(
      `INSERT INTO discount_redemptions (code_id, phone, amount, discount, service, city_id, state, created_by, created_at, settled_at)
       SELECT r.code_id, r.phone, r.amount, r.discount, r.service, r.city_id, 'confirmed', 'sara.ahmadi', r.at, r.at
         FROM json_to_recordset($1::json) AS r(code_id bigint, phone text, amount bigint, discount bigint, service text, city_id int, at timestamptz)`,
      [JSON.stringify(uses)],
    );
    await tx.query(
      `UPDATE discount_codes d SET used = u.n FROM (SELECT code_id, count(*)::int AS n FROM discount_redemptions GROUP BY code_id) u
        WHERE u.code_id = d.id AND d.created_by = '${SEED_BY}'`,
    );
  });
}

/** Sized by `SEED_DISCOUNTS` (300 by default, 20 in the small profile). */
export async function discountsSeed(deps: GatewayDeps): Promise<void> {
  await seedDiscounts(deps.db, deps.env.SEED_DISCOUNTS);
}
