import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { GatewayError } from './gateway-error';
import { callGateway, createGatewayClient, type TokenStore } from './gateway-client';
import { createTokenRefresher } from './token-refresher';
import { startGatewayForBff } from '../testing';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('token refresher', () => {
  it('shares one flight among concurrent callers and reuses its result for a late 401 on the old token', async () => {
    let calls = 0;
    const pending = deferred<{ access: string }>();
    const refresher = createTokenRefresher(() => {
      calls += 1;
      return pending.promise;
    });
    const waiting = Array.from({ length: 5 }, () => refresher.refresh('r1', 'old'));
    pending.resolve({ access: 'new' });
    expect(await Promise.all(waiting)).toEqual(Array(5).fill('new'));
    await expect(refresher.refresh('r1', 'old')).resolves.toBe('new');
    expect(calls).toBe(1);
  });

  it('refreshes again when the refreshed token itself is refused, and never caches a failure', async () => {
    let calls = 0;
    const refresher = createTokenRefresher(async () => {
      calls += 1;
      if (calls === 2) throw new Error('refused');
      return { access: `a${calls}` };
    });
    await expect(refresher.refresh('r1', 'old')).resolves.toBe('a1');
    await expect(refresher.refresh('r1', 'a1')).rejects.toThrow('refused');
    await expect(refresher.refresh('r1', 'a1')).resolves.toBe('a3');
    expect(calls).toBe(3);
  });

  it('keeps sessions apart and forgets them after the reuse window', async () => {
    let calls = 0;
    const refresher = createTokenRefresher(async (refresh) => ({ access: `${refresh}-${(calls += 1)}` }), { reuseMs: 0 });
    await expect(refresher.refresh('r1', 'old')).resolves.toBe('r1-1');
    await expect(refresher.refresh('r2', 'old')).resolves.toBe('r2-2');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(refresher.refresh('r1', 'old')).resolves.toBe('r1-3');
    expect(refresher.size).toBe(1);
  });
});

describe('gateway client 401 flow against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  });
  afterAll(() => gateway.close());

  const store = (tokens: { access?: string; refresh?: string }) => {
    const events: string[] = [];
    const tokenStore: TokenStore = {
      get: () => tokens,
      save: ({ access }) => {
        events.push('save');
        tokens.access = access;
      },
      clear: () => {
        events.push('clear');
        tokens.access = undefined;
        tokens.refresh = undefined;
      },
    };
    return { tokenStore, events };
  };

  it('with no tokens, clears the session and rejects without refreshing', async () => {
    let refreshes = 0;
    const refresher = createTokenRefresher(async () => {
      refreshes += 1;
      return { access: 'x' };
    });
    const { tokenStore, events } = store({});
    const client = createGatewayClient(gateway.url, tokenStore, refresher);
    await expect(client.request('/api/auth/me/')).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(['clear']);
    expect(refreshes).toBe(0);
  });

  it('retries the original request once: a refused retry is not retried and not refreshed again', async () => {
    const { refresh } = await callGateway<{ refresh: string }>(gateway.url, '/api/auth/login/', {
      method: 'POST',
      body: { username: 'staff2', password: 'staff1234' },
    });
    let refreshes = 0;
    // The upstream answers the refresh with a token it will itself refuse.
    const refresher = createTokenRefresher(async () => {
      refreshes += 1;
      return { access: 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiYWNjZXNzIn0.bad' };
    });
    const { tokenStore, events } = store({ access: 'stale', refresh });
    const client = createGatewayClient(gateway.url, tokenStore, refresher);
    const failure = await client.request('/api/auth/me/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as GatewayError).status).toBe(401);
    expect(refreshes).toBe(1);
    expect(events).toEqual(['save']);
  });

  it('rejects with the original error, not the refresh error, when the refresh is refused', async () => {
    let refreshError: unknown;
    const refresher = createTokenRefresher((refresh) =>
      callGateway<{ access: string }>(gateway.url, '/api/auth/token/refresh/', { method: 'POST', body: { refresh } }).catch(
        (error: unknown) => {
          refreshError = error;
          throw error;
        },
      ),
    );
    const { tokenStore, events } = store({ access: 'stale', refresh: 'not-a-refresh-token' });
    const client = createGatewayClient(gateway.url, tokenStore, refresher);
    const failure = await client.request('/api/auth/me/').catch((error: unknown) => error);
    expect(refreshError).toBeInstanceOf(GatewayError);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).not.toBe(refreshError);
    expect(events).toEqual(['clear']);
  });
});
