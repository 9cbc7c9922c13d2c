import { z } from 'zod';

export const AppEnvironmentSchema = z.enum(['development', 'test', 'staging', 'production']);
export type AppEnvironment = z.infer<typeof AppEnvironmentSchema>;

/** The public configuration the panel needs; hosts differ per deployment and are not in the spec. */
export const EnvironmentConfigSchema = z.object({
  appEnv: AppEnvironmentSchema,
  landingUrl: z.url({ protocol: /^https?$/ }),
  backofficeUrl: z.url({ protocol: /^https?$/ }),
  websocketUrl: z.url({ protocol: /^wss?$/ }),
  apiGatewayBaseUrl: z.url({ protocol: /^https?$/ }),
});
export type EnvironmentConfig = z.infer<typeof EnvironmentConfigSchema>;
