import { describe, expect, it } from 'vitest';
import { EnvironmentConfigSchema } from './environment';

describe('EnvironmentConfigSchema', () => {
  const config = {
    appEnv: 'production',
    landingUrl: 'https://example.ir',
    backofficeUrl: 'https://panel.example.ir',
    websocketUrl: 'wss://ws.example.ir',
    apiGatewayBaseUrl: 'https://api.example.ir',
  };

  it('parses a deployment config', () => {
    expect(EnvironmentConfigSchema.parse(config)).toEqual(config);
  });

  it('needs a websocket scheme for the websocket URL', () => {
    expect(EnvironmentConfigSchema.safeParse({ ...config, websocketUrl: 'https://ws.example.ir' }).success).toBe(false);
  });
});
