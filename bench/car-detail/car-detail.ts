// جزئیات خودرو (decision 120): one car's lookup over 100,000 rows in each module it reads. The
// lists of bench/lists seed the modules' tables by bulk SQL (inspection orders, tickets, concierge
// sales, deals, car posts, pricing orders, sell tickets, affidavits: BENCH_ROWS each, default
// 100,000) on the demo data set, whose car-detail seed linked a few cars across modules. Then
// BENCH_REQUESTS lookups (default 100) of each case are timed through the gateway's HTTP, as the
// BFF calls it: a demo car by plate (every module), by its post token, a bench-seeded post by
// token, an unknown plate (nothing known). Baseline: the gateway's health check in the same run.
// `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm exec tsx bench/car-detail/car-detail.ts`
// measures PGlite then PostgreSQL; results in `results/car-detail.json`.
import { loadavg } from 'node:os';
import { startTestGateway } from '@panel/gateway/testing';
import { selectLists } from '../lists/catalogue';
import { percentile, recordResults } from '../lib/results';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const LISTS = 'inspection-orders,inspection-tickets,concierge-sale,deals,car-posts,pricing-orders,sell-tickets,affidavits';

async function measure(usePostgres: boolean) {
  const gateway = await startTestGateway({ LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' }, { listen: true, usePostgres, seed: 'demo' });
  try {
    const db = gateway.deps.db;
    const seedStart = performance.now();
    for (const list of selectLists(LISTS).seeded) for (const statement of list.seed(ROWS)) await db.query(statement);
    await db.query('ANALYZE');
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    const counts = Object.fromEntries(
      await Promise.all(
        ['inspections', 'tickets', 'concierge_sales', 'concierge_sale_deals', 'car_posts', 'pricing_orders', 'sell_tickets', 'affidavits'].map(async (table) => {
          const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
          return [table, row!.count] as const;
        }),
      ),
    );
    const access = await gateway.deps.tokens.signAccess({ id: 1, username: 'staff', first_name: 'سارا', last_name: 'احمدی' }, ['backoffice#staff']);
    const [demoPost] = await db.query<{ token: string }>("SELECT token FROM car_posts WHERE license_plate_code = '22 ب 365 ایران 10' AND concierge_sale_id IS NOT NULL");
    const [benchPost] = await db.query<{ token: string }>('SELECT token FROM car_posts ORDER BY id DESC LIMIT 1');
    const cases: Record<string, string> = {
      demo_car_by_plate: '/api/car-detail/lookup/?q=' + encodeURIComponent('۲۲ ب ۳۶۵ ایران ۱۰'),
      demo_car_by_post_token: `/api/car-detail/lookup/?q=${demoPost!.token}&kind=post`,
      bench_post_by_token: `/api/car-detail/lookup/?q=${benchPost!.token}&kind=post`,
      unknown_plate: '/api/car-detail/lookup/?q=' + encodeURIComponent('11 ب 111 ایران 11'),
      baseline_health: '/health',
    };
    // After the bulk seed the event loop is still catching up: the gateway sheds (503) until it has.
    for (let tries = 0; (await fetch(`${gateway.url}/health`)).status === 503 && tries < 60; tries += 1) await new Promise((r) => setTimeout(r, 1_000));
    const results: Record<string, { p50_ms: number; p99_ms: number; events: number | null; pass: boolean }> = {};
    for (const [name, path] of Object.entries(cases)) {
      const times: number[] = [];
      let events: number | null = null;
      for (let n = 0; n < REQUESTS + 5; n += 1) {
        const start = performance.now();
        const response = await fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${access}` } });
        const body = (await response.json()) as { result?: { events: unknown[] } };
        if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
        if (n >= 5) times.push(performance.now() - start);
        events = body.result ? body.result.events.length : null;
      }
      const p99 = percentile(times, 99);
      results[name] = { p50_ms: Math.round(percentile(times, 50) * 10) / 10, p99_ms: Math.round(p99 * 10) / 10, events, pass: p99 <= 100 };
    }
    return { rows: counts, seed_seconds: seedSeconds, load_1m: Math.round(loadavg()[0]! * 10) / 10, cases: results };
  } finally {
    await gateway.close();
  }
}

const drivers: Record<string, unknown> = { pglite: await measure(false) };
if (process.env.TEST_DATABASE_URL) drivers.postgres = await measure(true);
recordResults('car-detail', { rows_per_list: ROWS, requests_per_case: REQUESTS, target_p99_ms: 100, drivers });
