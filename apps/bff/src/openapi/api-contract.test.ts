import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { ROLES } from '@panel/contracts/common';
import { startTestPanel } from '../testing';
import { OPENAPI_PATH } from './openapi';

// Issue 18: the OpenAPI document is walked as an integrator would read it. Every operation is
// called with its documented example as a token of a role that may call it and as a token of a
// role that may not (and with no token); every answer's status must be one the document lists,
// and every success and error body must match the document's schema for it.

type Operation = {
  operationId: string;
  summary?: string;
  parameters?: { name: string; in: string; content?: Record<string, { schema: object; example?: unknown }> }[];
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: object; 'x-itemSchema'?: object }> }>;
  'x-procedure': { path: string; type: 'query' | 'mutation' | 'subscription'; access: { kind: string; roles?: string[] }; peopleOnly: boolean };
};

const PERSIAN = /[\u0600-\u06FF]/;

describe('the API as its OpenAPI document says (issue 18)', () => {
  let panel: Awaited<ReturnType<typeof startTestPanel>>;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };
  let allowed: string;
  let follower: string;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

  const trpc = async (cookie: string, path: string, input: unknown) => {
    const response = await fetch(`${panel.url}/trpc/${path}`, {
      method: 'POST',
      headers: { cookie, 'x-panel-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as { result?: { data: unknown }; error?: { message: string } } };
  };

  beforeAll(async () => {
    panel = await startTestPanel({ env: { API_TOKEN_RATE_LIMIT_PER_MINUTE: '100000' } });
    const staff = await panel.signIn('staff', 'staff1234');
    const made = async (name: string, roles: string[]) => {
      const answer = await trpc(staff, 'apiTokens.create', { name, roles, expiresInDays: 1 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.result!.data as { token: string }).token;
    };
    allowed = await made('contract-all', Object.values(ROLES));
    follower = await made('contract-follower', [ROLES.follower]);
    const response = await fetch(`${panel.url}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    document = (await response.json()) as typeof document;
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
  }, 60_000);
  afterAll(() => panel?.close());

  /** Resolves the document's `#/components/...` references through the registered copy. */
  // Compiled once per schema: an operation's answers are judged up to three times.
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const check = (schema: object, value: unknown): string | undefined => {
    const json = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
    let validate = compiled.get(json);
    if (!validate) compiled.set(json, (validate = ajv.compile(JSON.parse(json))));
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };

  async function call(path: string, operation: Operation, token: string | undefined) {
    const { type } = operation['x-procedure'];
    const query = operation.parameters?.find((p) => p.name === 'input')?.content?.['application/json'];
    const body = operation.requestBody?.content['application/json'];
    // Without a token a call is a browser's and needs the documented CSRF header.
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : { 'x-panel-request': '1' };
    const controller = new AbortController();
    let response: Response;
    if (type === 'mutation') {
      response = await fetch(`${panel.url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: body?.example === undefined ? undefined : JSON.stringify(body.example),
      });
    } else {
      const input = query?.example === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(query.example))}`;
      response = await fetch(`${panel.url}${path}${input}`, { headers: type === 'subscription' ? { ...headers, accept: 'text/event-stream' } : headers, signal: controller.signal });
    }
    if (response.headers.get('content-type')?.includes('text/event-stream')) {
      const event = await firstEvent(response);
      controller.abort();
      // A stream's refusal is its first event, with the status in it.
      if (event.event === 'serialized-error') {
        const data = event.data as { data: { httpStatus: number } };
        return { status: data.data.httpStatus, payload: { error: data }, streamed: true };
      }
      return { status: response.status, payload: event.data, streamed: true };
    }
    return { status: response.status, payload: await response.json(), streamed: false };
  }

  it('documents every procedure with a Persian summary, its access and its answers', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) {
      expect(operation.summary, operation.operationId).toMatch(PERSIAN);
      expect(operation.responses['200'], operation.operationId).toBeDefined();
      expect(operation.responses['429'], operation.operationId).toBeDefined();
      // Every answer has its schema from the contracts (`.output()` or the meta's `output`), not "anything".
      const success = operation.responses['200']!.content!;
      const answer = (success['application/json']?.schema as { properties?: { result?: { properties?: { data?: object } } } } | undefined)?.properties?.result?.properties?.data ?? eventSchema(success['text/event-stream']);
      expect(Object.keys(answer ?? {}).length, `${operation.operationId} documents no answer schema`).toBeGreaterThan(0);
      if (operation['x-procedure'].access.kind !== 'public') expect(operation.responses['401'], operation.operationId).toBeDefined();
      if (operation['x-procedure'].access.kind === 'roles') expect(operation.responses['403'], operation.operationId).toBeDefined();
    }
  });

  it('answers every operation as documented, for a token that may call it and one that may not', async () => {
    const problems: string[] = [];
    let succeeded = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        const { access, type } = operation['x-procedure'];
        if (operation.operationId === 'auth.signOut' || operation.operationId === 'auth.signIn') continue;
        const name = operation.operationId;
        const judge = (who: string, status: number, payload: unknown) => {
          const documented = operation.responses[String(status)];
          if (!documented) return problems.push(`${name} as ${who}: ${status} is not documented: ${JSON.stringify(payload).slice(0, 160)}`);
          const streamed = type === 'subscription' && status === 200;
          const content = documented.content?.[streamed ? 'text/event-stream' : 'application/json'];
          if (!content) return;
          const mismatch = check(streamed ? eventSchema(content)! : content.schema, payload);
          if (mismatch) problems.push(`${name} as ${who} (${status}): answer does not match the document: ${mismatch}`);
          if (status >= 400 && !PERSIAN.test(JSON.stringify(payload))) problems.push(`${name} as ${who}: error not in Persian`);
        };

        const right = await call(path, operation, access.kind === 'public' ? undefined : allowed);
        judge('allowed token', right.status, right.payload);
        const peopleOnly = operation['x-procedure'].peopleOnly;
        if (peopleOnly && right.status !== 403) problems.push(`${name}: only people may call it, and a token answered ${right.status}`);
        if (!peopleOnly && (right.status === 401 || right.status === 403)) problems.push(`${name}: the allowed token was refused (${right.status})`);
        if (right.status === 200) succeeded += 1;

        if (access.kind === 'public') continue;
        const anonymous = await call(path, operation, undefined);
        judge('no token', anonymous.status, anonymous.payload);
        if (anonymous.status !== 401) problems.push(`${name}: without a token answered ${anonymous.status}, not 401`);
        const other = await call(path, operation, follower);
        judge('follower token', other.status, other.payload);
        const mayCall = access.kind === 'signed-in' || access.roles!.includes(ROLES.follower);
        if (!mayCall && other.status !== 403) problems.push(`${name}: a follower's token answered ${other.status}, not 403`);
        if (mayCall && (other.status === 401 || other.status === 403)) problems.push(`${name}: a follower's token was refused (${other.status})`);
      }
    }
    expect(problems).toEqual([]);
    // Most documented examples do their job against the demo data; the rest answer a documented error.
    expect(succeeded).toBeGreaterThan(25);
  }, 120_000);
});

/** A stream's body is text (OpenAPI 3.1); each event's `data` has the schema the extension names. */
function eventSchema(content: { 'x-itemSchema'?: object } | undefined): object | undefined {
  const reference = (content?.['x-itemSchema'] as { $ref?: string } | undefined)?.$ref;
  return reference ? { $ref: reference } : undefined;
}

/** The stream's first event past `connected`: its name and its `data`, parsed. */
async function firstEvent(response: Response): Promise<{ event: string; data: unknown }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const next = await reader.read();
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
    const blocks = text.split('\n\n').slice(0, -1);
    for (const block of blocks) {
      if (block.includes('event: connected') || block.includes('event: ping')) continue;
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data) {
        await reader.cancel().catch(() => undefined);
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
        return { event, data: JSON.parse(data) };
      }
    }
  }
  await reader.cancel().catch(() => undefined);
  throw new Error(`no event within 10 s: ${text.slice(0, 200)}`);
}
