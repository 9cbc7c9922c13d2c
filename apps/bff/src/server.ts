import { startTracing, stopTracing } from '@panel/observability';
import { buildBff } from './app';
import { parseBffEnv } from './env';

const env = parseBffEnv();
// Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 121); started before the app is built.
startTracing({ serviceName: env.OTEL_SERVICE_NAME ?? 'panel-bff' });
const app = await buildBff(env);
await app.listen({ host: env.BFF_HOST, port: env.BFF_PORT, backlog: env.BFF_LISTEN_BACKLOG });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(stopTracing)
      .finally(() => process.exit(0));
  });
}
