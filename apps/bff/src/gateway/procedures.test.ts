import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES, defineAccess, defineListFilter, listField, paginated } from '@panel/contracts/common';
import type { Context } from '../context';
import { proceduresOf } from '../openapi/openapi';
import { createCallerFactory, router } from '../trpc';
import type { GatewayClient, Query } from './gateway-client';
import { data, gatewayProcedures, results } from './procedures';

// The declared procedures against a recording gateway: the path filled from the input, the rest
// sent as the query or the body, the envelope checked and unwrapped, the access line enforced.

const Thing = z.object({ id: z.number().int(), name: z.string() });
const ACCESS = defineAccess({ read: [ROLES.staff], change: [ROLES.supervisor] });
const filter = defineListFilter({ search: listField.text() });
const { read, change } = gatewayProcedures(ACCESS, '/api/things');
const things = router({
  ...read.list('/', filter, paginated(Thing), { list: 'فهرست', export: 'همه برای CSV' }, { row: (t) => ({ ...t, name: t.name.trim() }) }),
  detail: read.get('/:id/', z.object({ id: z.number().int() }), data(Thing), 'یکی'),
  kinds: read.get('/kinds/', results(z.array(z.string())), { summary: 'گونه‌ها', description: 'همه گونه‌ها' }),
  move: change.post('/:id/moves/:to/', z.object({ id: z.number().int(), to: z.string(), reason: z.string() }), data(Thing), 'جابه‌جایی'),
  remove: change.delete('/:id/', z.object({ id: z.number().int(), version: z.number().int() }), data(z.object({ message: z.string() })), 'حذف'),
  rename: change.put('/:id/', z.object({ id: z.number().int(), name: z.string() }), data(Thing), 'نام تازه', { body: ({ name }) => ({ title: name }), map: (t) => ({ ...t, name: `«${t.name}»` }) }),
});

type Call = { method: string; path: string; query?: Query; body?: unknown };

function recording(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const gateway = {
    get: async (schema: z.ZodType, path: string, query?: Query) => (calls.push({ method: 'GET', path, query }), schema.parse(answers[path])),
    send: async (schema: z.ZodType, method: string, path: string, body?: unknown) => (calls.push({ method, path, body }), schema.parse(answers[path])),
  } as unknown as GatewayClient;
  return { calls, gateway };
}

const callerAs = (roles: string[], gateway: GatewayClient) =>
  createCallerFactory(things)({ gateway, session: { open: async () => undefined, user: { username: 'u' }, roles } } as unknown as Context);

describe('a procedure declared once', () => {
  it('fills the path from the input and sends the rest as the query of a GET and a DELETE, the body of a POST', async () => {
    const { calls, gateway } = recording({
      '/api/things/7/': { data: { id: 7, name: 'پژو' } },
      '/api/things/7/moves/done/': { data: { id: 7, name: 'پژو' } },
      '/api/things/7/?version=3': { data: { message: 'حذف شد' } },
    });
    const caller = callerAs([ROLES.staff, ROLES.supervisor], gateway);
    await expect(caller.detail({ id: 7 })).resolves.toEqual({ id: 7, name: 'پژو' });
    await expect(caller.move({ id: 7, to: 'done', reason: 'پایان' })).resolves.toEqual({ id: 7, name: 'پژو' });
    await expect(caller.remove({ id: 7, version: 3 })).resolves.toEqual({ message: 'حذف شد' });
    expect(calls).toEqual([
      { method: 'GET', path: '/api/things/7/', query: {} },
      { method: 'POST', path: '/api/things/7/moves/done/', body: { reason: 'پایان' } },
      { method: 'DELETE', path: '/api/things/7/?version=3', body: undefined },
    ]);
  });

  it('sends the body it is given and hands on the answer as `map` changes it', async () => {
    const { calls, gateway } = recording({ '/api/things/7/': { data: { id: 7, name: 'سمند' } } });
    await expect(callerAs([ROLES.supervisor], gateway).rename({ id: 7, name: 'سمند' })).resolves.toEqual({ id: 7, name: '«سمند»' });
    expect(calls).toEqual([{ method: 'PUT', path: '/api/things/7/', body: { title: 'سمند' } }]);
  });

  it('pages a list by its filter and exports every page of it, each row as `row` changes it', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, name: ` ${i + 1} ` }));
    const calls: Call[] = [];
    const gateway = {
      get: async (schema: z.ZodType, path: string, query?: Query) => {
        calls.push({ method: 'GET', path, query });
        const page = Number(query?.page ?? 1);
        const pageSize = Number(query?.pageSize ?? 20);
        return schema.parse({ results: rows.slice((page - 1) * pageSize, page * pageSize), count: rows.length, page, pageSize });
      },
    } as unknown as GatewayClient;
    const caller = callerAs([ROLES.staff], gateway);
    const page = await caller.list({ search: 'پ' });
    expect(page.results[0]).toEqual({ id: 1, name: '1' });
    expect(calls[0]).toEqual({ method: 'GET', path: '/api/things/', query: { search: 'پ' } });
    const all = await caller.export({ search: 'پ' });
    expect(all.rows).toHaveLength(150);
    expect(all.rows[149]).toEqual({ id: 150, name: '150' });
    expect(all.truncated).toBe(false);
  });

  it("refuses a caller without its access line's role before any gateway call", async () => {
    const { calls, gateway } = recording({});
    await expect(callerAs([ROLES.staff], gateway).move({ id: 7, to: 'done', reason: '' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(calls).toEqual([]);
  });

  it('documents the summary, the unwrapped answer and the access in the reference', () => {
    const entries = Object.fromEntries(proceduresOf(things).map((p) => [p.path, p]));
    expect(entries.kinds!.meta).toMatchObject({ summary: 'گونه‌ها', description: 'همه گونه‌ها', access: { kind: 'roles', roles: [ROLES.staff] } });
    expect(z.toJSONSchema(entries.kinds!.output!)).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(entries.move!.type).toBe('mutation');
    expect(entries.detail!.type).toBe('query');
    expect(z.toJSONSchema(entries.export!.output!)).toMatchObject({ type: 'object', properties: { rows: { type: 'array' }, truncated: { type: 'boolean' } } });
  });
});
