// The panel of bench/cold-load, as deployed: `gateway` (demo data, its own process) or `bff` (the
// built web app from WEB_DIST, plus the baseline page beside it on the same origin, so the
// baseline's websocket is the app's own: same cookies, same origin check, same feed).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ROLES } from '@panel/contracts/common';
import { pickDefaultDateOption } from '@panel/contracts/dispatch';

const send = (message: unknown) => process.send!(message);
const [mode, ...args] = process.argv.slice(2) as ['gateway' | 'bff', ...string[]];

if (mode === 'gateway') {
  const { startTestGateway } = await import('@panel/gateway/testing');
  const gateway = await startTestGateway(
    { LOG_LEVEL: 'silent' },
    // The demo profile with as many experts as the start command seeds by default (env 300), or BENCH_EXPERTS.
    { listen: true, seed: { SEED_EXPERTS: args[0] ?? '300' }, usePostgres: Boolean(process.env.TEST_DATABASE_URL) },
  );
  // The date the sheet opens on (the same rule the screen applies to dispatch.dates).
  const access = await gateway.deps.tokens.signAccess({ id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' }, [ROLES.staff]);
  const dates = (await gateway.app.inject({ url: '/api/dispatch/dates/', headers: { authorization: `Bearer ${access}` } })).json().result;
  send({ url: gateway.url, wsUrl: gateway.wsUrl, date: pickDefaultDateOption(dates)!.date });
  process.on('message', async () => {
    await gateway.close();
    process.exit(0);
  });
} else {
  const [gatewayUrl, gatewayWsUrl, webDist, port] = args as [string, string, string, string];
  const { buildBff } = await import('@panel/bff/app');
  const { parseBffEnv } = await import('@panel/bff/env');
  const bff = await buildBff(
    parseBffEnv({ BFF_HOST: '127.0.0.1', BFF_PORT: port, GATEWAY_URL: gatewayUrl, GATEWAY_WS_URL: gatewayWsUrl, WEB_DIST: webDist, LOG_LEVEL: 'silent', SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? randomBytes(32).toString('hex'), NODE_ENV: 'production' }),
  );
  // The baseline: a static document and one script (the BFF's CSP allows only same-origin scripts).
  const baselineScript = await readFile(new URL('./baseline.js', import.meta.url), 'utf8');
  bff.get('/cold-baseline', (_req, reply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send('<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>baseline</title></head><body><div id="root"></div><script type="module" src="/cold-baseline.js"></script></body></html>'),
  );
  bff.get('/cold-baseline.js', (_req, reply) => reply.type('text/javascript').header('cache-control', 'no-cache').send(baselineScript));
  await bff.listen({ host: '127.0.0.1', port: Number(port) });
  send({ url: `http://127.0.0.1:${port}` });
  process.on('message', async () => {
    await bff.close();
    process.exit(0);
  });
}
