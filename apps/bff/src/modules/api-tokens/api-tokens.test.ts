import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { buildBff } from '../../app';
import { dropTestRedisKeys, startTestPanel, testBffEnv } from '../../testing';
import { NO_ACCESS_MESSAGE, SIGN_IN_AGAIN_MESSAGE } from '../../messages';

// Issue 18: machine calls with an API token, through the real BFF and gateway over HTTP.

const today = () => new Date(Date.now() + 3.5 * 3600_000).toISOString().slice(0, 10);

// With a Redis server the panel's BFF shares it, so a second replica can be started beside it.
const redisUrl = process.env.TEST_REDIS_URL;
const shared: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test:${randomUUID()}:` } : {};

describe('API tokens through the BFF (issue 18)', () => {
  let panel: Awaited<ReturnType<typeof startTestPanel>>;
  let staff: string;
  let staff2: string;

  const asPerson = async (cookie: string, path: string, input?: unknown) => {
    const response = await fetch(`${panel.url}/trpc/${path}`, {
      method: 'POST',
      headers: { cookie, 'x-panel-request': '1', 'content-type': 'application/json' },
      body: input === undefined ? undefined : JSON.stringify(input),
    });
    return { status: response.status, text: await response.text() };
  };
  const read = async (cookie: string, path: string) => {
    const response = await fetch(`${panel.url}/trpc/${path}`, { headers: { cookie, 'x-panel-request': '1' } });
    return response.text();
  };
  const asToken = (token: string, path: string, input?: unknown) =>
    fetch(`${panel.url}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  const create = async (name: string, roles: string[] = [ROLES.staff], by = staff) => {
    const answer = await asPerson(by, 'apiTokens.create', { name, roles, expiresInDays: 30 });
    expect(answer.status, answer.text).toBe(200);
    return JSON.parse(answer.text).result.data as { id: number; token: string; name: string };
  };
  /** Opens the live sheet as the token (on the BFF at `base`); resolves each event's name and data as they come. */
  function follow(token: string, base = panel.url) {
    const controller = new AbortController();
    const events: { event: string; data: string }[] = [];
    let ended = false;
    const done = (async () => {
      const response = await fetch(`${base}/trpc/dispatch.watch?input=${encodeURIComponent(JSON.stringify({ date: today() }))}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) break;
        text += decoder.decode(next.value, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (event !== 'ping') events.push({ event, data });
        }
      }
      ended = true;
    })();
    const waitFor = async (test: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!test() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return test();
    };
    return { events, waitFor, ended: () => ended, stop: () => controller.abort(), done };
  }

  beforeAll(async () => {
    panel = await startTestPanel({ env: { API_TOKEN_RATE_LIMIT_PER_MINUTE: '40', ...shared } });
    [staff, staff2] = await Promise.all([panel.signIn('staff', 'staff1234'), panel.signIn('staff2', 'staff1234')]);
  }, 60_000);
  afterAll(async () => {
    await panel?.close();
    // The live sheet watched below leaves its topic's keys under the prefix.
    if (redisUrl) await dropTestRedisKeys(redisUrl, shared.REDIS_KEY_PREFIX!);
  });

  it('shows a token once: the list never carries it again', async () => {
    const token = await create('shown-once');
    expect(token.token).toMatch(/^pnl_/);
    const list = await read(staff, 'apiTokens.list');
    expect(list).toContain('"name":"shown-once"');
    expect(list).not.toContain(token.token);
    expect(list).not.toContain(token.token.slice(12));
  });

  it('calls as a machine with no cookie and no CSRF header, with the roles it was given, as token:<name>', async () => {
    const token = await create('reader', [ROLES.staff]);
    const session = await asToken(token.token, 'auth.session');
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ result: { data: { user: { username: 'token:reader' }, roles: [ROLES.staff] } } });
    expect((await asToken(token.token, 'dispatch.cells', { date: today() })).status).toBe(200);
    // A cookie call still needs the CSRF header (or a JSON body).
    const forged = await fetch(`${panel.url}/trpc/auth.signOut`, { method: 'POST', headers: { cookie: staff, 'content-type': 'text/plain' }, body: '' });
    expect(forged.status).toBe(403);
    // A token with the follower role alone is refused where staff is needed.
    const follower = await create('follower-only', [ROLES.follower]);
    const refused = await asToken(follower.token, 'dispatch.cells', { date: today() });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(NO_ACCESS_MESSAGE);
    // Tokens are made by people: a token cannot make one.
    const byToken = await fetch(`${panel.url}/trpc/apiTokens.create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'child', roles: [ROLES.staff], expiresInDays: 1 }),
    });
    expect(byToken.status).toBe(403);
  });

  it('never gives a token more roles than its creator', async () => {
    const beyond = await asPerson(staff2, 'apiTokens.create', { name: 'beyond', roles: [ROLES.staff, ROLES.supervisor], expiresInDays: 7 });
    expect(beyond.status).toBe(403);
    expect(beyond.text).toContain('توکن نمی‌تواند نقشی بیش از نقش‌های سازنده‌اش داشته باشد.');
    expect(await read(staff, 'apiTokens.list')).not.toContain('"name":"beyond"');
  });

  it('refuses a revoked token at once, also on its open stream', async () => {
    const token = await create('revoked-soon');
    expect((await asToken(token.token, 'dispatch.serverTime')).status).toBe(200);
    const stream = follow(token.token);
    expect(await stream.waitFor(() => stream.events.some((e) => e.data.includes('"snapshot"')), 10_000)).toBe(true);
    const revoked = await asPerson(staff, 'apiTokens.revoke', { id: token.id });
    expect(revoked.status, revoked.text).toBe(200);
    const answer = await asToken(token.token, 'dispatch.serverTime');
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain(SIGN_IN_AGAIN_MESSAGE);
    // The stream is refused within a moment, not at its next scheduled check.
    expect(await stream.waitFor(() => stream.events.some((e) => e.event === 'serialized-error'), 3_000)).toBe(true);
    expect(stream.events.find((e) => e.event === 'serialized-error')!.data).toContain('"httpStatus":401');
    stream.stop();
    await stream.done;
  });

  it('refuses an expired token at once, also on its open stream when it expires', async () => {
    const token = await create('expires-soon');
    await panel.gateway.deps.db.query(`UPDATE api_tokens SET created_at = now() - interval '1 day', expires_at = now() + interval '2 seconds' WHERE id = $1`, [token.id]);
    const stream = follow(token.token);
    expect(await stream.waitFor(() => stream.events.some((e) => e.data.includes('"snapshot"')), 10_000)).toBe(true);
    expect(await stream.waitFor(() => stream.events.some((e) => e.event === 'serialized-error'), 6_000)).toBe(true);
    stream.stop();
    await stream.done;
    expect((await asToken(token.token, 'dispatch.serverTime')).status).toBe(401);
  });

  it('limits each token on its own: past the limit 429 with Retry-After, other tokens unaffected', async () => {
    const busy = await create('busy');
    const calm = await create('calm');
    let last: Response | undefined;
    for (let i = 0; i < 41; i++) last = await asToken(busy.token, 'dispatch.serverTime');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.text()).toContain('تعداد درخواست‌های این توکن بیش از حد مجاز است.');
    expect((await asToken(calm.token, 'dispatch.serverTime')).status).toBe(200);
  });

  it.runIf(redisUrl)('a token revoked through one BFF replica ends its open stream on another at once (Redis)', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'panel-web-'));
    const replica = await buildBff(testBffEnv({ GATEWAY_URL: panel.gateway.url, GATEWAY_WS_URL: panel.gateway.wsUrl, WEB_DIST: webDist, ...shared }));
    try {
      const replicaUrl = await replica.listen({ host: '127.0.0.1', port: 0 });
      const token = await create('two-replicas');
      const stream = follow(token.token, replicaUrl);
      expect(await stream.waitFor(() => stream.events.some((e) => e.data.includes('"snapshot"')), 10_000)).toBe(true);
      // Revoked through the first BFF: the replica hears it on the Redis channel, not at its
      // next scheduled check (five minutes away).
      const revoked = await asPerson(staff, 'apiTokens.revoke', { id: token.id });
      expect(revoked.status, revoked.text).toBe(200);
      expect(await stream.waitFor(() => stream.events.some((e) => e.event === 'serialized-error'), 3_000)).toBe(true);
      expect(stream.events.find((e) => e.event === 'serialized-error')!.data).toContain('"httpStatus":401');
      stream.stop();
      await stream.done;
    } finally {
      await replica.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
