import { parseGatewayEnv } from './env';
import { prepareGateway } from './start';

const env = parseGatewayEnv();
const gateway = await prepareGateway(env);
await gateway.app.listen({ host: env.GATEWAY_HOST, port: env.GATEWAY_PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void gateway.close().finally(() => process.exit(0));
  });
}
