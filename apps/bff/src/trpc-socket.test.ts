import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ownOriginOf, proxyTrust } from './http-guards';
import { browserUpgradeHeaders, startTestPanel } from './testing';

// Decision 143: the API's websocket is served off fastify's request path, and a watching
// browser's socket keeps nothing of its upgrade request (its headers held the session cookies).

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const tomorrowish = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

let panel: Awaited<ReturnType<typeof startTestPanel>>;
beforeAll(async () => {
  panel = await startTestPanel();
});
afterAll(() => panel?.close());

describe("the API's websocket", () => {
  it('keeps nothing of the upgrade request while the sheet streams', async () => {
    const cookie = await panel.signIn('staff2', 'staff1234');
    let upgrade: WeakRef<IncomingMessage> | undefined;
    const seen = (req: IncomingMessage) => void (upgrade = new WeakRef(req));
    panel.bff.server.prependListener('upgrade', seen);
    const socket = new WebSocket(panel.wsUrl, { headers: browserUpgradeHeaders(panel.wsUrl, cookie) });
    const streaming = new Promise<unknown>((resolve) =>
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { id?: number; result?: { type: string; data?: unknown } };
        if (message.id === 1 && message.result?.type === 'data') resolve(message.result.data);
      }),
    );
    await new Promise((resolve) => socket.on('open', resolve));
    panel.bff.server.off('upgrade', seen);
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: { date: tomorrowish() } } }));
    expect(await streaming).toBeDefined();
    expect(upgrade).toBeDefined();
    // A weak reference is cleared only after the job that read it: collect between turns.
    for (let i = 0; i < 5 && upgrade?.deref(); i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(upgrade?.deref()).toBeUndefined();
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('refuses an upgrade outside the API with a Persian 404', async () => {
    const wsUrl = panel.wsUrl.replace('/trpc', '/elsewhere');
    const refused = await new Promise<{ status?: number; body: string }>((resolve) => {
      const socket = new WebSocket(wsUrl, { headers: browserUpgradeHeaders(wsUrl, '') });
      socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      socket.on('error', () => undefined);
    });
    expect(refused.status).toBe(404);
    expect((JSON.parse(refused.body) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("the upgrade's own origin, taken as fastify takes a request's", () => {
  const upgradeFrom = (remoteAddress: string, headers: Record<string, string>) =>
    ({ socket: { remoteAddress }, headers: { host: 'bff:4000', ...headers } }) as unknown as IncomingMessage;
  const forwarded = { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'spoofed.example, panel.example' };

  it("reads X-Forwarded-Proto and -Host (their last entry) only from a trusted proxy", () => {
    expect(ownOriginOf(upgradeFrom('10.0.0.5', forwarded), proxyTrust(['10.0.0.0/8']))).toBe('https://panel.example');
    expect(ownOriginOf(upgradeFrom('10.0.0.5', forwarded), proxyTrust(true))).toBe('https://panel.example');
    expect(ownOriginOf(upgradeFrom('192.168.1.9', forwarded), proxyTrust(['10.0.0.0/8']))).toBe('http://bff:4000');
    expect(ownOriginOf(upgradeFrom('10.0.0.5', forwarded), proxyTrust(false))).toBe('http://bff:4000');
  });
});
