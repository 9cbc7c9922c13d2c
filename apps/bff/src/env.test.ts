import { describe, expect, it } from 'vitest';
import { parseBffEnv } from './env';

describe('BFF environment', () => {
  it('derives the websocket host from the gateway URL', () => {
    expect(parseBffEnv({ GATEWAY_URL: 'https://api.example.com' }).GATEWAY_WS_URL).toBe('wss://api.example.com');
    expect(parseBffEnv({}).GATEWAY_WS_URL).toBe('ws://127.0.0.1:4100');
  });

  it('names every bad variable at once', () => {
    expect(() => parseBffEnv({ BFF_PORT: '-1', GATEWAY_URL: 'nope', COOKIE_SECURE: 'maybe' })).toThrow(
      /BFF_PORT[\s\S]*GATEWAY_URL[\s\S]*COOKIE_SECURE/,
    );
  });

  it('refuses to start in production without the key that seals sessions', () => {
    expect(() => parseBffEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => parseBffEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(parseBffEnv({ NODE_ENV: 'production', SESSION_SECRET: 'k'.repeat(32) }).SESSION_SECRET).toBe('k'.repeat(32));
  });
});
