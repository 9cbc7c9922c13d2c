import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inData, inResult } from '@panel/contracts/common';
import { toTRPCError } from '../trpc';
import { GATEWAY_SHAPE_MESSAGE } from '../messages';
import { exportAll } from './export-all';
import { GatewayShapeError } from './gateway-error';
import { createGatewayClient } from './gateway-client';

// A tiny upstream that answers each path with a fixed body, and records what it was sent.
let server: Server;
let url: string;
const seen: { method: string; url: string; body: string }[] = [];
const answers: Record<string, unknown> = {
  '/api/things/?kind=car': { result: [{ pk: 1, name: 'پژو' }] },
  '/api/things/2/': { data: { pk: 2, name: 7 } },
  '/api/things/': { data: { pk: 3, name: 'سمند' } },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, body });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answers[request.url!] ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const Thing = z.object({ pk: z.number().int(), name: z.string() });
const tokens = { get: () => ({ access: 'a' }), save: () => undefined, clear: () => undefined };

describe('the typed gateway client', () => {
  it('gets and unwraps an envelope, checked against the contract once', async () => {
    const gateway = createGatewayClient(url, tokens);
    await expect(gateway.get(inResult(z.array(Thing)), '/api/things/', { kind: 'car' })).resolves.toEqual([{ pk: 1, name: 'پژو' }]);
    await expect(gateway.send(inData(Thing), 'POST', '/api/things/', { name: 'سمند' })).resolves.toEqual({ pk: 3, name: 'سمند' });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/api/things/', body: '{"name":"سمند"}' });
  });

  it('refuses an answer of the wrong shape as the upstream\'s fault: 502 with a Persian message, the path in the log only', async () => {
    const gateway = createGatewayClient(url, tokens);
    const failure = await gateway.get(inData(Thing), '/api/things/2/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayShapeError);
    expect((failure as Error).message).toContain('/api/things/2/');
    const error = toTRPCError(failure as GatewayShapeError);
    expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: GATEWAY_SHAPE_MESSAGE });
  });
});

describe('exportAll', () => {
  const list = Array.from({ length: 250 }, (_, i) => i);
  const readPage = async (page: number, pageSize: number) => ({ results: list.slice((page - 1) * pageSize, page * pageSize), count: list.length });

  it('reads every page in order', async () => {
    await expect(exportAll(readPage)).resolves.toEqual({ rows: list, truncated: false });
  });

  it('stops at the limit and says the file is short', async () => {
    const { rows, truncated } = await exportAll(readPage, 120);
    expect(rows).toEqual(list.slice(0, 120));
    expect(truncated).toBe(true);
  });
});
