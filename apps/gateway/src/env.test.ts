import { describe, expect, it } from 'vitest';
import { parseGatewayEnv } from './env';

describe('gateway environment', () => {
  it('starts on embedded defaults with no configuration', () => {
    const env = parseGatewayEnv({});
    expect(env.GATEWAY_PORT).toBe(4100);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GATEWAY_DATA_DIR).toBe('.data/gateway');
  });

  it('names every bad variable at once', () => {
    expect(() => parseGatewayEnv({ GATEWAY_PORT: 'eighty', DATABASE_URL: 'not a url', SEED: 'lots' })).toThrow(
      /GATEWAY_PORT[\s\S]*DATABASE_URL[\s\S]*SEED/,
    );
  });
});
