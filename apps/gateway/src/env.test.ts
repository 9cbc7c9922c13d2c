import { describe, expect, it } from 'vitest';
import { parseGatewayEnv } from './env';

const secret = 'a-secret-of-this-test-only-0123456789abcdef';

describe('gateway environment', () => {
  it('starts on embedded defaults with nothing configured but its secret', () => {
    const env = parseGatewayEnv({ JWT_SECRET: secret });
    expect(env.GATEWAY_PORT).toBe(4100);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GATEWAY_DATA_DIR).toBe('.data/gateway');
  });

  it('has no token secret of its own: without JWT_SECRET it refuses to start', () => {
    expect(() => parseGatewayEnv({})).toThrow(/JWT_SECRET/);
    expect(() => parseGatewayEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses in production a secret that was ever published in this repository', () => {
    const published = 'dev-only-secret-change-me-in-production-0123456789';
    expect(parseGatewayEnv({ JWT_SECRET: published }).JWT_SECRET).toBe(published);
    expect(() => parseGatewayEnv({ JWT_SECRET: published, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('names every bad variable at once', () => {
    expect(() => parseGatewayEnv({ GATEWAY_PORT: 'eighty', DATABASE_URL: 'not a url', SEED: 'lots' })).toThrow(
      /GATEWAY_PORT[\s\S]*DATABASE_URL[\s\S]*SEED/,
    );
  });
});
