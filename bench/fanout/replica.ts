// One BFF replica of bench/fanout's replicas mode, in a process of its own as deployed (issue 34,
// decision 129): the panel's BFF sharing Redis with the other replicas. The parent reads its
// memory, its /metrics (the Redis hop) and kills it to time the reconnect storm.
import { buildBff } from '@panel/bff/app';
import { parseBffEnv } from '@panel/bff/env';

const [gatewayUrl, gatewayWsUrl, redisUrl, prefix, secret, metricsToken] = process.argv.slice(2) as [string, string, string, string, string, string];
const gc = (globalThis as { gc?: () => void }).gc;
const env = parseBffEnv({
  BFF_HOST: '127.0.0.1',
  BFF_PORT: '0',
  GATEWAY_URL: gatewayUrl,
  GATEWAY_WS_URL: gatewayWsUrl,
  LOG_LEVEL: 'silent',
  SESSION_SECRET: secret,
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: prefix,
  METRICS_TOKEN: metricsToken,
  // The bench's clients are many on one box: no shedding for a busy loop.
  SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
  ...(process.env.BFF_LISTEN_BACKLOG ? { BFF_LISTEN_BACKLOG: process.env.BFF_LISTEN_BACKLOG } : {}),
});
const bff = await buildBff(env);
// As server.ts listens (BFF_LISTEN_BACKLOG, here from the bench's own environment).
const url = await bff.listen({ host: '127.0.0.1', port: 0, backlog: env.BFF_LISTEN_BACKLOG });

const memory = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};
let cpu0 = process.cpuUsage();
process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'memory') process.send!({ cmd: 'memory', bytes: memory() });
  if (msg.cmd === 'cpu-start') cpu0 = process.cpuUsage();
  if (msg.cmd === 'cpu') {
    const cpu = process.cpuUsage(cpu0);
    process.send!({ cmd: 'cpu', us: cpu.user + cpu.system });
  }
  if (msg.cmd === 'close') void bff.close().then(() => process.exit(0));
});
process.send!({ cmd: 'up', url });
