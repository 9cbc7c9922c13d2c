// The gateway of bench/lists in its own process, as deployed: it seeds the lists' rows with bulk
// SQL, then serves the BFF and the baseline until the parent says stop.
import { startKeptGateway, startTestGateway } from '@panel/gateway/testing';
import { selectLists, type Sample } from './catalogue';

const [rows, database, only] = process.argv.slice(2) as [string, 'pglite' | 'postgres', string];
// BENCH_KEEP_DATABASE=<name> (PostgreSQL): the rows stay in that database after the run and the
// next run with the same name measures them again without seeding (a million rows: ~25 minutes).
const kept = database === 'postgres' ? process.env.BENCH_KEEP_DATABASE : undefined;
const overrides = { LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' };
const gateway = kept ? await startKeptGateway(kept, overrides) : await startTestGateway(overrides, { listen: true, usePostgres: database === 'postgres', seed: 'demo' });
const db = gateway.deps.db;
if (kept) await db.query('CREATE TABLE IF NOT EXISTS bench_lists_seeded (list text PRIMARY KEY, rows int NOT NULL, seed_seconds real NOT NULL)');
const { seeded, measured } = selectLists(only || undefined);
const lists: Record<string, { rows: number; seed_seconds: number; sample: Sample }> = {};
for (const list of seeded) {
  const start = performance.now();
  const [earlier] = kept ? await db.query<{ rows: number; seed_seconds: number }>('SELECT rows, seed_seconds FROM bench_lists_seeded WHERE list = $1', [list.name]) : [];
  if (earlier && earlier.rows !== Number(rows)) throw new Error(`${kept} holds ${list.name} seeded at ${earlier.rows} rows, not ${rows}: drop it or name another`);
  if (!earlier) for (const statement of list.seed(Number(rows))) await db.query(statement);
  const seedSeconds = earlier ? earlier.seed_seconds : (performance.now() - start) / 1000;
  if (kept && !earlier) await db.query('INSERT INTO bench_lists_seeded (list, rows, seed_seconds) VALUES ($1, $2, $3)', [list.name, Number(rows), seedSeconds]);
  const [{ count }] = (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${list.table}`)) as [{ count: number }];
  const sample = list.sample ? (await db.query<Sample>(list.sample(Math.floor(Number(rows) / 2))))[0] : {};
  if (!sample) throw new Error(`${list.name}: its sample query found no seeded row`);
  lists[list.name] = { rows: count, seed_seconds: Math.round(seedSeconds * 10) / 10, sample };
}
// The baseline calls the gateway as the BFF does: with the staff user's own token and roles.
const [user] = (await db.query<{ id: number; username: string; first_name: string; last_name: string; roles: string[] }>(
  "SELECT id::int AS id, username, first_name, last_name, roles FROM users WHERE username = 'staff'",
)) as [{ id: number; username: string; first_name: string; last_name: string; roles: string[] }];
const access = await gateway.deps.tokens.signAccess({ id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name }, user.roles);

process.send!({ cmd: 'ready', url: gateway.url, wsUrl: gateway.wsUrl, access, lists, measured: measured.map((l) => l.name) });
// Gone with the parent, whatever ended it.
process.on('disconnect', () => void gateway.close().finally(() => process.exit(0)));
process.on('message', async (message: { cmd: string }) => {
  if (message.cmd !== 'stop') return;
  await gateway.close();
  process.exit(0);
});
