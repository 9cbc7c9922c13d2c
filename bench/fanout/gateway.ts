// The gateway of bench/fanout in its own process, as deployed: it seeds, serves the BFF and the
// baseline, and commits the benchmark's changes itself (availability toggles of free cells).
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '@panel/gateway/testing';

const [experts, rateText, secondsText] = process.argv.slice(2) as [string, string, string];
const gateway = await startTestGateway({ LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' }, {
  listen: true,
  // The bench measures scale: its own number of experts on top of the demo profile.
  seed: { SEED_EXPERTS: experts },
  // The deployed store is a PostgreSQL server (DESIGN §8); PGlite when none is configured.
  usePostgres: Boolean(process.env.TEST_DATABASE_URL),
});
const user = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const access = await gateway.deps.tokens.signAccess(user, [ROLES.staff]);
const refresh = await gateway.deps.tokens.signRefresh(1, 'bench');
const auth = { authorization: `Bearer ${access}` };
const date = (await gateway.app.inject({ url: '/api/dispatch/dates/', headers: auth })).json().result.find((d: { type: string }) => d.type === 'tommorrow').date;
type Row = { pk: number; expert_id: number; shift_id: number; state: number; inspection: unknown };
const cells = ((await gateway.app.inject({ url: `/api/dispatch/cells/?date=${date}`, headers: auth })).json().result as Row[])
  .filter((c) => c.state === 0 && !c.inspection)
  .slice(0, 50);

let finalVersions: Record<string, number> = {};

/** `rate` committed changes per second for `seconds`, paced on the clock. */
async function drive(seconds = Number(secondsText)): Promise<{ made: number; elapsed_ms: number; final: Record<string, number> }> {
  const rate = Number(rateText);
  const total = rate * seconds;
  const states = new Map<number, number>();
  let made = 0;
  const start = Date.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const k = i % cells.length;
    const next = (states.get(k) ?? 0) === 0 ? 1 : 0;
    states.set(k, next);
    const cell = cells[k]!;
    // On schedule, not after the previous one: a slow commit must not lower the rate.
    inFlight.push(
      gateway.app
        .inject({
          method: 'PATCH',
          url: `/api/dispatch/experts/${cell.expert_id}/shifts/${cell.shift_id}/availability/`,
          payload: { state: next },
          headers: auth,
        })
        .then((res) => {
          if (res.statusCode === 200) made += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const rows = await gateway.deps.db.query<{ expert_id: number; shift_id: number; version: number }>(
    'SELECT expert_id::int AS expert_id, shift_id::int AS shift_id, version::int AS version FROM expert_timeslots WHERE pk = ANY($1::bigint[])',
    [cells.map((c) => c.pk)],
  );
  // Keyed as the clients key what they saw: `expert_id:shift_id` reads the same in both modes.
  finalVersions = Object.fromEntries(rows.map((r) => [`${r.expert_id}:${r.shift_id}`, r.version]));
  return { made, elapsed_ms: Date.now() - start, final: finalVersions };
}

process.on('message', async (msg: { cmd: string; seconds?: number }) => {
  if (msg.cmd === 'drive') process.send!({ cmd: 'driven', ...(await drive(msg.seconds)) });
  if (msg.cmd === 'close') {
    await gateway.close();
    process.exit(0);
  }
});
process.send!({ cmd: 'up', url: gateway.url, wsUrl: gateway.wsUrl, access, refresh, date });
