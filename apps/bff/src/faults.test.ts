import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { startTestGateway } from '@panel/gateway/testing';
import { ROLES } from '@panel/contracts/common';
import { createUpstreamHealth } from './gateway/gateway-client';
import { GATEWAY_TIMEOUT_MESSAGE } from './messages';
import { TEST_SESSION_SECRET, browserUpgradeHeaders, createTestCaller, sealedCookieHeader, startGatewayForBff } from './testing';

// Issue 17: what the BFF does when its upstream misbehaves, and when it is itself stopped.

/** A server that accepts connections and never answers: a frozen gateway. */
async function frozenServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a frozen gateway', () => {
  let frozen: Awaited<ReturnType<typeof frozenServer>>;
  beforeAll(async () => {
    frozen = await frozenServer();
  });
  afterAll(() => frozen.close());

  it('a call past the deadline answers the Persian 504 within the deadline, not minutes later', async () => {
    const caller = createTestCaller({ gatewayUrl: frozen.url, access: 'a.b.c', refresh: 'r', env: { GATEWAY_TIMEOUT_MS: 400 } });
    const started = Date.now();
    await expect(caller.auth.signIn({ username: 'staff', password: 'staff1234' })).rejects.toMatchObject({
      code: 'GATEWAY_TIMEOUT',
      message: GATEWAY_TIMEOUT_MESSAGE,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('operators read one line when the gateway is lost and one when it is back, with the outage length', () => {
    const lines: { details: object; message: string }[] = [];
    const health = createUpstreamHealth({ warn: (details, message) => lines.push({ details, message }) });
    health.failed('no answer within 400 ms');
    health.failed('no answer within 400 ms');
    health.succeeded();
    health.succeeded();
    expect(lines.map((line) => line.message)).toEqual(['gateway lost', expect.stringMatching(/^gateway back after \d+\.\d s$/)]);
    expect(lines[1]!.details).toMatchObject({ downMs: expect.any(Number) });
  });
});

describe('a real BFF stopped with SIGTERM', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  });
  afterAll(() => gateway.close());

  it('tells a watching browser to reconnect before its socket closes', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], {
      env: {
        ...process.env,
        GATEWAY_URL: gateway.url,
        BFF_PORT: String(port),
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 30_000, interval: 200 })
        .toBe(200);
      const access = await gateway.deps.tokens.signAccess({ id: 2, username: 'staff2', first_name: 'علی', last_name: 'رضایی' }, [ROLES.staff]);
      const refresh = await gateway.deps.tokens.signRefresh(2, 'sigterm');
      const wsUrl = `ws://127.0.0.1:${port}/trpc`;
      const socket = new WebSocket(wsUrl, { headers: browserUpgradeHeaders(wsUrl, await sealedCookieHeader({ access, refresh, roles: [ROLES.staff] })) });
      const types: string[] = [];
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { id?: number; result?: { type: string; data?: { data?: { type?: string } } } };
        if (message.id === 1 && message.result?.type === 'data') types.push(message.result.data?.data?.type ?? '?');
      });
      await new Promise((resolve) => socket.on('open', resolve));
      const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: { date } } }));
      await expect.poll(() => types[0], { timeout: 10_000 }).toBe('snapshot');
      const closed = new Promise((resolve) => socket.on('close', resolve));
      server.kill('SIGTERM');
      await closed;
      expect(types.at(-1)).toBe('reconnect');
      expect(await exited).toBe(0);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
