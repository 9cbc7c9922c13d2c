import { startTracing, stopTracing } from '@panel/observability';
import { parseGatewayEnv } from './env';
import { prepareGateway } from './start';

const env = parseGatewayEnv();
// Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 121); started before the app is built.
startTracing({ serviceName: env.OTEL_SERVICE_NAME ?? 'panel-gateway' });
const gateway = await prepareGateway(env);
await gateway.app.listen({ host: env.GATEWAY_HOST, port: env.GATEWAY_PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void gateway
      .close()
      .then(stopTracing)
      .finally(() => process.exit(0));
  });
}
