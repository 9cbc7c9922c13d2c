// The leasing bulk update (issue 30, decision 102): one action on 1,000 orders, row by row, must
// finish within 60 s. Measured through the BFF as the orders screen sends it (parts of 25 rows,
// one request id, each part's results shown as it returns), then the retry of the same request
// (answered from the record, nothing applied twice), then the same count in one request.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm exec tsx bench/leasing-bulk/bulk.ts
//      (PGlite only without the URL; BENCH_BULK_ROWS, default 1000; BENCH_BULK_REFUSED, default 100)
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { buildBff } from '@panel/bff/app';
import { parseBffEnv } from '@panel/bff/env';
import { startTestGateway } from '@panel/gateway/testing';
import { signInThroughBff } from '../lib/panel';
import { recordResults } from '../lib/results';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 1000);
const REFUSED = Number(process.env.BENCH_BULK_REFUSED ?? 100);
const PART = 25;
const TARGET_S = 60;
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 4052);
const round = (n: number) => Math.round(n * 10) / 10;

interface BulkAnswer {
  succeeded: number;
  refused: number;
}

async function run(database: 'pglite' | 'postgres') {
  const gateway = await startTestGateway({ LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' }, { listen: true, usePostgres: database === 'postgres', seed: 'small' });
  const db = gateway.deps.db;
  // ROWS orders on one plan: the first REFUSED canceled (the action is refused for them), the rest registered.
  const ids = (
    await db.query<{ id: number }>(
      `INSERT INTO leasing_orders (state, customer_name, national_id, phone_number, city_id, provider_id, plan_id, car_title, price, down_payment,
         months, annual_rate, monthly, total, start_day, created_by)
       SELECT CASE WHEN g <= ${REFUSED} THEN 'canceled' ELSE 'registered' END, 'مشتری آزمون ' || g, '0013542419', '0935' || lpad(g::text, 7, '0'), 1, pg.provider_id, pl.id,
         'پژو ۲۰۷', 1000000000, 400000000, 36, pl.annual_rate, 20000000, 720000000, current_date, 'bench'
       FROM generate_series(1, ${ROWS}) g, (SELECT id, group_id, annual_rate FROM leasing_plans ORDER BY id LIMIT 1) pl JOIN leasing_plan_groups pg ON pg.id = pl.group_id
       RETURNING id::int AS id`,
    )
  ).map((r) => r.id);
  const bff = await buildBff(
    parseBffEnv({ BFF_HOST: '127.0.0.1', BFF_PORT: String(BFF_PORT), GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl, LOG_LEVEL: 'silent', SESSION_SECRET: randomBytes(32).toString('hex') }),
  );
  const bffUrl = await bff.listen({ host: '127.0.0.1', port: BFF_PORT });
  const cookie = await signInThroughBff(bffUrl, 'staff', 'staff1234');
  const bulk = async (input: { request_id: string; action: string; ids: number[] }): Promise<BulkAnswer> => {
    const res = await fetch(`${bffUrl}/trpc/leasing.bulkUpdate`, { method: 'POST', headers: { cookie, 'x-panel-request': '1', 'content-type': 'application/json' }, body: JSON.stringify(input) });
    if (!res.ok) throw new Error(`bulkUpdate ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { result: { data: BulkAnswer } }).result.data;
  };
  /** As the screen sends it: parts of PART rows one after another under one request id. */
  const inParts = async (requestId: string, action: string, rows: number[]) => {
    const start = performance.now();
    let firstPartMs = 0;
    const total = { succeeded: 0, refused: 0 };
    for (let at = 0; at < rows.length; at += PART) {
      const answer = await bulk({ request_id: requestId, action, ids: rows.slice(at, at + PART) });
      if (at === 0) firstPartMs = performance.now() - start;
      total.succeeded += answer.succeeded;
      total.refused += answer.refused;
    }
    return { ...total, seconds: round((performance.now() - start) / 1000), first_results_ms: round(firstPartMs) };
  };

  const requestId = randomUUID();
  const screen = await inParts(requestId, 'request_documents', ids);
  const retry = await inParts(requestId, 'request_documents', ids);
  const [{ applied }] = (await db.query<{ applied: number }>(
    `SELECT count(*)::int AS applied FROM action_log WHERE entity = 'leasing_order' AND action = 'request_documents' AND entity_id = ANY($1::bigint[])`,
    [ids],
  )) as [{ applied: number }];
  // The same rows in one request of ROWS ids (the most the contract takes): the next step for the requested ones.
  const oneStart = performance.now();
  const { succeeded, refused } = await bulk({ request_id: randomUUID(), action: 'cancel', ids });
  const oneRequest = { succeeded, refused, seconds: round((performance.now() - oneStart) / 1000) };

  await bff.close();
  await gateway.close();
  const result = {
    rows: ROWS,
    refused_by_state: REFUSED,
    screen_parts_of: PART,
    screen: { ...screen, rows_per_second: Math.round(ROWS / screen.seconds) },
    retry_same_request: { ...retry, applied_twice: applied - (ROWS - REFUSED) },
    one_request: { ...oneRequest, rows_per_second: Math.round(ROWS / oneRequest.seconds) },
    pass: screen.seconds <= TARGET_S && oneRequest.seconds <= TARGET_S && applied === ROWS - REFUSED,
  };
  console.error(`[${database}] ${JSON.stringify(result)}`);
  return result;
}

const loadBefore = loadavg()[0]!;
const pglite = await run('pglite');
const postgres = process.env.TEST_DATABASE_URL ? await run('postgres') : 'not run (TEST_DATABASE_URL unset)';
recordResults('leasing-bulk', {
  target_seconds: TARGET_S,
  load_average_1m: { before: round(loadBefore), after: round(loadavg()[0]!) },
  pglite,
  postgres,
});
