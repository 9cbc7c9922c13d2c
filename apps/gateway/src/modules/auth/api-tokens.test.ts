import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionLogEntrySchema, ROLES } from '@panel/contracts/common';
import { ApiTokenListSchema, CreatedApiTokenSchema } from '@panel/contracts/api-tokens';
import { ORDER_WORKFLOW } from '@panel/contracts/inspection-orders';
import { startTestGateway } from '../../testing';
import { TOKENS_BY_PEOPLE_ONLY, TOKEN_ALREADY_REVOKED, TOKEN_NAME_TAKEN, TOKEN_ROLES_EXCEED, hashApiToken } from './api-tokens.service';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('API tokens on $name (issue 18)', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let staff2: string;
  let viewer: string;
  const inject = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
    gateway.app.inject({ method, url, payload, headers: { authorization } });
  const login = async (username: string, password: string) =>
    `Bearer ${(await gateway.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password } })).json().access}`;
  const create = async (authorization: string, body: object) => inject('POST', '/api/auth/api-tokens/', authorization, body);
  const made = async (name: string, roles: string[] = [ROLES.staff], days = 30) => {
    const answer = await create(staff, { name, roles, expiresInDays: days });
    expect(answer.statusCode, answer.body).toBe(201);
    return CreatedApiTokenSchema.parse(answer.json().result);
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    [staff, staff2, viewer] = await Promise.all([login('staff', 'staff1234'), login('staff2', 'staff1234'), login('viewer', 'viewer1234')]);
  });
  afterAll(() => gateway.close());

  once('creates a token shown once, keeps only its hash, and lists it without the token', async () => {
    const token = await made('crm-sync', [ROLES.staff, ROLES.follower]);
    expect(token).toMatchObject({ name: 'crm-sync', roles: [ROLES.staff, ROLES.follower], created_by: 'staff', last_used_at: null, revoked_at: null });
    expect(token.token).toMatch(/^pnl_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(token.expires_at) - Date.parse(token.created_at)).toBe(30 * 86_400_000);
    const [row] = await gateway.deps.db.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [token.id]);
    expect(row!.token_hash).toBe(hashApiToken(token.token));
    expect(JSON.stringify(row)).not.toContain(token.token);
    const list = await inject('GET', '/api/auth/api-tokens/', staff);
    expect(list.body).not.toContain(token.token);
    expect(ApiTokenListSchema.parse(list.json()).results.find((t) => t.id === token.id)).toMatchObject({ prefix: token.token.slice(0, 10) });
  });

  once('acts with the token: its roles, its last use, and its actions recorded as done by token:<name>', async () => {
    const token = await made('order-bot');
    const bearer = `Bearer ${token.token}`;
    expect((await inject('GET', '/api/auth/api-tokens/self/', bearer)).json()).toMatchObject({ name: 'order-bot', actor: 'token:order-bot', roles_in_services: [ROLES.staff] });
    expect((await inject('GET', '/api/auth/me/', bearer)).json()).toMatchObject({ username: 'token:order-bot', full_name: 'order-bot', roles_in_services: [ROLES.staff] });
    expect((await inject('GET', '/api/auth/api-tokens/self/', staff)).statusCode).toBe(404);
    const [{ pk }] = (await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price)
       VALUES ('900001', $1, 'علی رضایی', '09121110001', 1, 'پژو ۲۰۶', 'کارشناسی پایه', $2) RETURNING pk`,
      [ORDER_WORKFLOW.actions.hold.from[0], 650_000],
    )) as [{ pk: number }];
    const hold = await inject('POST', `/api/inspection/orders/${pk}/hold/`, bearer, { reason: 'مشتری خواست صبر کنیم', until: new Date(Date.now() + 3_600_000).toISOString() });
    expect(hold.statusCode, hold.body).toBe(200);
    const log = ActionLogEntrySchema.array().parse((await inject('GET', `/api/inspection/orders/${pk}/action-log/`, staff)).json().results);
    expect(log.at(-1)).toMatchObject({ action: 'hold', actor_username: 'token:order-bot', actor_fullname: 'order-bot' });
    const listed = ApiTokenListSchema.parse((await inject('GET', '/api/auth/api-tokens/', staff)).json()).results.find((t) => t.id === token.id);
    expect(listed!.last_used_at).not.toBeNull();
  });

  once('never gives a token more roles than its creator holds, and only staff make tokens', async () => {
    const staff2Beyond = await create(staff2, { name: 'too-much', roles: [ROLES.staff, ROLES.supervisor], expiresInDays: 7 });
    expect(staff2Beyond.statusCode).toBe(403);
    expect(staff2Beyond.json()).toEqual({ detail: TOKEN_ROLES_EXCEED });
    expect((await create(viewer, { name: 'viewer-bot', roles: [ROLES.follower], expiresInDays: 7 })).statusCode).toBe(403);
    expect((await inject('GET', '/api/auth/api-tokens/', viewer)).statusCode).toBe(403);
    // A token whose creator lost a role loses it too.
    const token = await made('shrinks', [ROLES.staff, ROLES.supervisor]);
    await gateway.deps.db.query(`UPDATE users SET roles = array_remove(roles, $1) WHERE username = 'staff'`, [ROLES.supervisor]);
    try {
      expect((await inject('GET', '/api/auth/me/', `Bearer ${token.token}`)).json().roles_in_services).toEqual([ROLES.staff]);
    } finally {
      await gateway.deps.db.query(`UPDATE users SET roles = array_append(roles, $1) WHERE username = 'staff'`, [ROLES.supervisor]);
    }
  });

  once('refuses bad input, a taken name, and a token managing tokens, in Persian', async () => {
    const bad = await create(staff, { name: 'a b', roles: [], expiresInDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['expiresInDays', 'name', 'roles']);
    expect((await create(staff, { name: 'x', roles: [ROLES.staff], expiresInDays: 400 })).statusCode).toBe(400);
    const first = await made('twice');
    const again = await create(staff, { name: 'twice', roles: [ROLES.staff], expiresInDays: 7 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: TOKEN_NAME_TAKEN });
    const byToken = await create(`Bearer ${first.token}`, { name: 'child', roles: [ROLES.staff], expiresInDays: 7 });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toEqual({ detail: TOKENS_BY_PEOPLE_ONLY });
  });

  it('refuses a revoked or expired token at once', async () => {
    const token = await made('short-lived');
    const bearer = `Bearer ${token.token}`;
    expect((await inject('GET', '/api/users/', bearer)).statusCode).toBe(200);
    const revoked = await inject('POST', `/api/auth/api-tokens/${token.id}/revoke/`, staff);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().result.revoked_at).not.toBeNull();
    expect((await inject('GET', '/api/users/', bearer)).statusCode).toBe(401);
    const twice = await inject('POST', `/api/auth/api-tokens/${token.id}/revoke/`, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: TOKEN_ALREADY_REVOKED });
    expect((await inject('POST', '/api/auth/api-tokens/999999/revoke/', staff)).statusCode).toBe(404);

    const expiring = await made('expiring');
    await gateway.deps.db.query(`UPDATE api_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect((await inject('GET', '/api/users/', `Bearer ${expiring.token}`)).statusCode).toBe(401);
    // Not a token at all, or one with the prefix that was never issued.
    expect((await inject('GET', '/api/users/', 'Bearer pnl_nothing')).statusCode).toBe(401);
  });
});
