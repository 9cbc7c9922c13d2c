import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import WebSocket from 'ws';
import { ROLES } from '@panel/contracts/common';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session';
import { browserUpgradeHeaders, startTestPanel } from './testing';

// Issue 11, tried as an attacker would against a real gateway and a real BFF on loopback ports.

type Panel = Awaited<ReturnType<typeof startTestPanel>>;

const persian = /[\u0600-\u06FF]/;
const tomorrowish = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const cellsUrl = (base: string, date = tomorrowish()) => `${base}/trpc/dispatch.cells?input=${encodeURIComponent(JSON.stringify({ date }))}`;
const watchUrl = (base: string, date = tomorrowish()) => `${base}/trpc/dispatch.watch?input=${encodeURIComponent(JSON.stringify({ date }))}`;
const clearCookie = (access: string, refresh = 'anything') =>
  `${ACCESS_COOKIE}=${encodeURIComponent(JSON.stringify({ access, roles: [ROLES.staff] }))}; ${REFRESH_COOKIE}=${encodeURIComponent(JSON.stringify({ refresh }))}`;

/** Opens `dispatch.watch` over a websocket as the web app does; resolves with the first thing it gets. */
function watchOverSocket(wsUrl: string, headers: Record<string, string>, date = tomorrowish()) {
  return new Promise<{ refused?: number; data?: unknown; error?: { message: string; data?: { httpStatus?: number } } }>((resolve) => {
    const socket = new WebSocket(wsUrl, { headers });
    socket.on('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode });
      socket.terminate();
    });
    socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: { date } } })));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: number; result?: { type: string; data?: unknown }; error?: { message: string; data?: { httpStatus?: number } } };
      if (message.id !== 1) return;
      if (message.error) resolve({ error: message.error });
      else if (message.result?.type === 'data') resolve({ data: message.result.data });
      else return;
      socket.close();
    });
    socket.on('error', () => undefined);
  });
}

// One panel (default settings) serves the three describes that need no other; the session-expiry
// describe below starts its own with a short token lifetime.
let panel: Panel;
beforeAll(async () => {
  panel = await startTestPanel();
});
afterAll(() => panel?.close());

describe('a session the browser cannot forge, on every path that streams the sheet', () => {
  let staffCookie: string;
  let forged: Record<string, string>;

  beforeAll(async () => {
    staffCookie = await panel.signIn('staff2', 'staff1234');
    const claims = { user: 1, roles_in_services: [ROLES.staff], exp: 4102444800 };
    const viewerClaims = { user: { id: 3, username: 'viewer', first_name: '', last_name: '' }, roles_in_services: [ROLES.staff, ROLES.follower] };
    forged = {
      'unsigned (alg none)': clearCookie(new UnsecuredJWT(claims).encode()),
      'signed with another key': clearCookie(await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('k'.repeat(40)))),
      'expired, correctly signed': clearCookie(
        await new SignJWT({ ...claims, type: 'access' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 10).sign(new TextEncoder().encode(panel.gateway.deps.env.JWT_SECRET)),
      ),
      "a viewer's token with edited roles": clearCookie(
        (await panel.gateway.deps.tokens.signAccess(viewerClaims.user, [ROLES.follower])).replace(/\.([^.]+)\./, (_m, payload: string) => {
          const edited = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), roles_in_services: viewerClaims.roles_in_services };
          return `.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.`;
        }),
      ),
      'a sealed cookie with one character changed': staffCookie.replace(/(access_token=[^;]{40})(.)/, (_m, head: string, c: string) => head + (c === 'A' ? 'B' : 'A')),
    };
  });

  it('a real staff session reads the sheet over HTTP and streams it over the websocket', async () => {
    const read = await fetch(cellsUrl(panel.url), { headers: { cookie: staffCookie, 'x-panel-request': '1' } });
    expect(read.status).toBe(200);
    const live = await watchOverSocket(panel.wsUrl, browserUpgradeHeaders(panel.wsUrl, staffCookie));
    expect(live.data).toMatchObject({ data: { type: 'snapshot' } });
  });

  it('every forged cookie is refused over HTTP, over HTTP streaming and over the websocket', async () => {
    for (const [name, cookie] of Object.entries(forged)) {
      const read = await fetch(cellsUrl(panel.url), { headers: { cookie, 'x-panel-request': '1' } });
      expect(read.status, name).toBe(401);
      expect(((await read.json()) as { error: { message: string } }).error.message, name).toBe('لطفا دوباره وارد شوید.');

      const stream = await fetch(watchUrl(panel.url), { headers: { cookie, 'x-panel-request': '1' } });
      const text = await stream.text();
      expect(text, name).not.toContain('snapshot');
      expect(stream.status === 401 || text.includes('UNAUTHORIZED'), name).toBe(true);

      const live = await watchOverSocket(panel.wsUrl, browserUpgradeHeaders(panel.wsUrl, cookie));
      expect(live.data, name).toBeUndefined();
      expect(live.error?.data?.httpStatus, name).toBe(401);
    }
  });

  it('the gateway streams the sheet to nobody without a staff token', async () => {
    const date = tomorrowish();
    const attempt = (headers: Record<string, string>) =>
      new Promise<number | 'open'>((resolve) => {
        const socket = new WebSocket(`${panel.gateway.wsUrl}/ws/dispatch`, { headers });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => {
          socket.send(JSON.stringify({ type: 'init', data: date }));
          socket.once('message', () => {
            resolve('open');
            socket.close();
          });
        });
        socket.on('error', () => undefined);
      });
    expect(await attempt({})).toBe(401);
    const viewer = await panel.gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: '', last_name: '' }, [ROLES.follower]);
    expect(await attempt({ authorization: `Bearer ${viewer}` })).toBe(403);
  });
});

describe('request rules hold for every spelling of the path', () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = await panel.signIn('staff2', 'staff1234');
  });

  it('a cross-site request (no CSRF header, no JSON body) is refused under any encoding of /trpc', async () => {
    // Refused (403), or not the API at all (404): never answered by a procedure.
    for (const prefix of ['/trpc', '/%74rpc', '/%74%72%70%63', '//trpc', '/x/../trpc']) {
      const query = await fetch(`${panel.url}${prefix}/dispatch.dates`, { headers: { cookie } });
      expect([403, 404], prefix).toContain(query.status);
      expect(((await query.json()) as { message: string }).message, prefix).toMatch(persian);
      const signOut = await fetch(`${panel.url}${prefix}/auth.signOut`, { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: '{}' });
      expect([403, 404], prefix).toContain(signOut.status);
    }
    expect((await fetch(`${panel.url}/%74rpc/dispatch.dates`, { headers: { cookie } })).status).toBe(403);
    // Still signed in: the refused sign-out did nothing.
    expect((await fetch(`${panel.url}/trpc/dispatch.dates`, { headers: { cookie, 'x-panel-request': '1' } })).status).toBe(200);
  });

  it('a websocket opens only from the panel\'s own origin: scheme, host and port', async () => {
    const own = new URL(panel.url).origin;
    const port = new URL(panel.url).port;
    for (const prefix of ['/trpc', '/%74rpc']) {
      const wsUrl = panel.wsUrl.replace('/trpc', prefix);
      for (const origin of ['http://evil.example', `https://127.0.0.1:${port}`, `http://127.0.0.1:${Number(port) + 1}`, 'null', '']) {
        const headers: Record<string, string> = { cookie };
        if (origin) headers.origin = origin;
        const live = await watchOverSocket(wsUrl, headers);
        expect(live.refused, `${prefix} ${origin || 'no origin'}`).toBe(403);
      }
      expect((await watchOverSocket(wsUrl, { cookie, origin: own })).data, prefix).toBeDefined();
    }
  });
});

describe('every answer of the BFF is Persian, with the security headers on the page', () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = await panel.signIn('staff2', 'staff1234');
  });

  it('serves the page with a content security policy, no framing, nosniff and a referrer policy', async () => {
    for (const path of ['/', '/panel/inspection/orders/management', '/auth']) {
      const page = await fetch(`${panel.url}${path}`);
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('answers parser, size and routing failures with a Persian message in the §8 shape', async () => {
    const json = { 'content-type': 'application/json', 'x-panel-request': '1' };
    const cases: [string, Promise<Response>, number][] = [
      ['bad JSON body', fetch(`${panel.url}/trpc/auth.signIn`, { method: 'POST', headers: json, body: '{"username":' }), 400],
      ['bad JSON input', fetch(`${panel.url}/trpc/dispatch.cells?input=%7B`, { headers: { cookie, 'x-panel-request': '1' } }), 400],
      ['body too large', fetch(`${panel.url}/trpc/auth.signIn`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'x'.repeat(2_000_000) }) }), 413],
      ['unsupported media', fetch(`${panel.url}/trpc/auth.signIn`, { method: 'POST', headers: { 'content-type': 'application/xml', 'x-panel-request': '1' }, body: '<a/>' }), 415],
      ['no such procedure', fetch(`${panel.url}/trpc/nothing.here`, { headers: { 'x-panel-request': '1' } }), 404],
      ['no such API path', fetch(`${panel.url}/trpc`, { method: 'POST', headers: json, body: '{}' }), 404],
      ['headers too large', fetch(`${panel.url}/healthz`, { headers: { 'x-big': 'x'.repeat(20_000) } }), 431],
      ['a batch past the limit', fetch(`${panel.url}/trpc/${Array(300).fill('dispatch.dates').join(',')}?batch=1&input=%7B%7D`, { headers: { 'x-panel-request': '1' } }), 400],
    ];
    for (const [name, answer, status] of cases) {
      const response = await answer;
      expect(response.status, name).toBe(status);
      const body = await response.text();
      expect(body, name).toMatch(persian);
      expect(body, name).not.toMatch(/Unexpected|Error:|at .*\.ts|stack/);
    }
  });
});

describe('a stream ends when its session no longer holds', () => {
  let panel: Panel;

  beforeAll(async () => {
    panel = await startTestPanel({ gateway: { ACCESS_TOKEN_TTL_SECONDS: '2' } });
  });
  afterAll(() => panel.close());

  it('signed out elsewhere, the open websocket stream is ended with the sign-in error at the next token expiry', async () => {
    const cookie = await panel.signIn('staff2', 'staff1234');
    const socket = new WebSocket(panel.wsUrl, { headers: browserUpgradeHeaders(panel.wsUrl, cookie) });
    const seen: { type?: string; status?: number }[] = [];
    const ended = new Promise<number | undefined>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { id?: number; result?: { type: string; data?: { data?: { type?: string } } }; error?: { data?: { httpStatus?: number } } };
        if (message.id !== 1) return;
        if (message.error) resolve(message.error.data?.httpStatus);
        else if (message.result?.type === 'data') seen.push({ type: message.result.data?.data?.type });
      });
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: { date: tomorrowish() } } }));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const signedOut = await fetch(`${panel.url}/trpc/auth.signOut`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(signedOut.status).toBe(200);
    const started = Date.now();
    expect(await ended).toBe(401);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen[0]).toEqual({ type: 'snapshot' });
    socket.close();
  });
});
