// bench/orders-list: the inspection order list through the BFF over 100,000 seeded orders —
// with the default filters (every order-list state, time_slot ascending, page of 20) and with a
// search (a phone number, and a customer name) — against the same calls made straight to the
// gateway as the baseline (what the BFF adds). The gateway runs in its own process, as deployed.
// Runs on the embedded PGlite (what `start` runs with no configuration) and, when
// TEST_DATABASE_URL is set, on that PostgreSQL server too.
// Run: pnpm exec tsx bench/orders-list/orders-list.ts
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildBff } from '@panel/bff/app';
import { parseBffEnv } from '@panel/bff/env';
import { signInThroughBff } from '../lib/panel';
import { percentile, recordResults } from '../lib/results';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 30;
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 4502);

type Filter = Record<string, unknown>;
interface GatewayReady {
  url: string;
  wsUrl: string;
  access: string;
  refresh: string;
  count: number;
  sample: { phone_number: string; customer_name: string };
  seedSeconds: number;
}
const round = (n: number) => Math.round(n * 10) / 10;

async function run(usePostgres: boolean) {
  const child = fork(fileURLToPath(new URL('./gateway.ts', import.meta.url)), [String(ORDERS), usePostgres ? 'postgres' : 'pglite'], {
    execArgv: ['--import', 'tsx'],
  });
  const ready = await new Promise<GatewayReady>((resolve) => child.once('message', (m) => resolve(m as GatewayReady)));
  const { access, count, sample, seedSeconds } = ready;
  const gateway = { url: ready.url, wsUrl: ready.wsUrl };

  const bff = await buildBff(
    parseBffEnv({ BFF_HOST: '127.0.0.1', BFF_PORT: String(BFF_PORT), GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl, LOG_LEVEL: 'silent', SESSION_SECRET: randomBytes(32).toString('hex') }),
  );
  const bffUrl = await bff.listen({ host: '127.0.0.1', port: BFF_PORT });
  const cookie = await signInThroughBff(bffUrl, 'staff', 'staff1234');

  const scenarios: { name: string; filter: Filter; gatewayQuery: Record<string, string> }[] = [
    { name: 'default', filter: {}, gatewayQuery: {} },
    { name: 'search_phone', filter: { search: sample.phone_number }, gatewayQuery: { search: sample.phone_number } },
    { name: 'search_name', filter: { search: sample.customer_name }, gatewayQuery: { search: sample.customer_name } },
    // Sorted by each sortable column other than the default, most expensive first (descending).
    ...(['price', 'created_at', 'customer_name', 'brand_model'] as const).map((sort) => ({
      name: `sort_${sort}_desc`,
      filter: { sort, isAscending: false },
      gatewayQuery: { sort, isAscending: 'false' },
    })),
  ];

  async function viaBff(filter: Filter): Promise<number> {
    const res = await fetch(`${bffUrl}/trpc/inspectionOrders.list?input=${encodeURIComponent(JSON.stringify(filter))}`, {
      headers: { cookie, 'x-panel-request': '1' },
    });
    if (!res.ok) throw new Error(`BFF ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { result: { data: { count: number } } }).result.data.count;
  }

  async function viaGateway(query: Record<string, string>): Promise<number> {
    const res = await fetch(`${gateway.url}/api/inspection/orders?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${access}` } });
    if (!res.ok) throw new Error(`gateway ${res.status}`);
    return ((await res.json()) as { count: number }).count;
  }

  async function measure(call: () => Promise<number>): Promise<{ p50_ms: number; p99_ms: number; matched: number; samples: number[] }> {
    let matched = 0;
    for (let i = 0; i < WARMUP; i++) matched = await call();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await call();
      samples.push(performance.now() - start);
    }
    return { p50_ms: round(percentile(samples, 50)), p99_ms: round(percentile(samples, 99)), matched, samples };
  }

  const scenarioResults: Record<string, unknown> = {};
  const panelSamples: number[] = [];
  for (const scenario of scenarios) {
    const panel = await measure(() => viaBff(scenario.filter));
    const baseline = await measure(() => viaGateway(scenario.gatewayQuery));
    panelSamples.push(...panel.samples);
    scenarioResults[scenario.name] = {
      matched_orders: panel.matched,
      bff: { p50_ms: panel.p50_ms, p99_ms: panel.p99_ms },
      baseline_gateway_direct: { p50_ms: baseline.p50_ms, p99_ms: baseline.p99_ms },
    };
  }

  await bff.close();
  child.send({ cmd: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    orders: count,
    p50_ms: round(percentile(panelSamples, 50)),
    p99_ms: round(percentile(panelSamples, 99)),
    seed_seconds: Math.round(seedSeconds),
    scenarios: scenarioResults,
  };
}

const loadBefore = loadavg()[0]!;
const pglite = await run(false);
const postgres = process.env.TEST_DATABASE_URL ? await run(true) : undefined;

recordResults('orders-list', {
  orders: pglite.orders,
  seeded_by_this_module: ORDERS,
  requests_per_scenario: REQUESTS,
  // The headline is the default setup (embedded PGlite), over every request through the BFF in
  // the three scenarios; the target is p99 <= 100 ms.
  database: 'pglite',
  p50_ms: pglite.p50_ms,
  p99_ms: pglite.p99_ms,
  target_p99_ms: 100,
  seed_seconds: pglite.seed_seconds,
  scenarios: pglite.scenarios,
  postgres: postgres ?? 'not run (TEST_DATABASE_URL unset)',
  // Other work on the same cores shows up in the p99; the 1-minute load before and after says how much.
  load_average_1m: { before: round(loadBefore), after: round(loadavg()[0]!) },
});
