import { buildBff } from './app';
import { parseBffEnv } from './env';

const env = parseBffEnv();
const app = await buildBff(env);
await app.listen({ host: env.BFF_HOST, port: env.BFF_PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => process.exit(0));
  });
}
