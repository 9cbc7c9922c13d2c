// The gateway of bench/orders-list in its own process, as deployed: it seeds the orders, then
// serves the BFF and the baseline until the parent says stop.
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '@panel/gateway/testing';

const [orders, database] = process.argv.slice(2) as [string, 'pglite' | 'postgres'];
const seedStart = performance.now();
const gateway = await startTestGateway(
  { SEED_ORDERS: orders, SEED_EXPERTS: '40', LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' },
  { listen: true, usePostgres: database === 'postgres' },
);
const seedSeconds = (performance.now() - seedStart) / 1000;
const [{ count }] = (await gateway.deps.db.query<{ count: number }>('SELECT count(*)::int AS count FROM inspections')) as [{ count: number }];
const [sample] = (await gateway.deps.db.query<{ phone_number: string; customer_name: string }>(
  // An order the default view lists, from the middle of the table.
  "SELECT phone_number, customer_name FROM inspections WHERE state NOT IN ('D', 'F') ORDER BY pk OFFSET $1 LIMIT 1",
  [Math.floor(Number(orders) / 2)],
)) as [{ phone_number: string; customer_name: string }];
const user = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const access = await gateway.deps.tokens.signAccess(user, [ROLES.staff]);
const refresh = await gateway.deps.tokens.signRefresh(1, 'bench');

process.send!({ cmd: 'ready', url: gateway.url, wsUrl: gateway.wsUrl, access, refresh, count, sample, seedSeconds });
process.on('message', async (message: { cmd: string }) => {
  if (message.cmd !== 'stop') return;
  await gateway.close();
  process.exit(0);
});
