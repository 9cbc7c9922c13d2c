import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../router';
import type { JsonSchema } from '../openapi/openapi';
import { startTestPanel } from '../testing';

// Issue 11: every BFF procedure, called over real HTTP with inputs generated from its own input
// schema (missing, wrong types, oversized, control characters, impossible dates, Persian digits,
// extra keys). No answer may be a 5xx of either server, every error must be Persian, and input
// the BFF refuses must never reach the gateway.
//
// The walk is split into `FUZZ_PARTS` files (fuzz-1.test.ts ...), each with a panel of its own, so
// Vitest's workers share it instead of one worker walking every procedure alone (issue 26). A
// procedure belongs to part (its index mod FUZZ_PARTS): lists and their exports, the costly calls,
// stand side by side in the router and so fall into different parts.

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: z.ZodType[];
}

export const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures)
  .map(([path, procedure]) => ({ path, type: procedure._def.type, input: procedure._def.inputs[0] }))
  // Signing out would end the session the other calls run in; it takes no input.
  .filter((p) => p.path !== 'auth.signOut');

const today = () => new Date(Date.now() + 3.5 * 3600_000).toISOString().slice(0, 10);

function describeInput(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const typesOf = (schema: JsonSchema | undefined): string[] => {
  if (!schema) return [];
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf), ...(schema.oneOf ?? []).flatMap(typesOf)];
};

/** A plausible value of this shape; not always valid (patterns and refinements are not read). */
function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option, name);
  const [type] = typesOf(schema);
  if (/date/i.test(name) && type === 'string') return today();
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]));
    case 'array':
      return [sample(schema.items, name)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'a';
    default:
      return undefined;
  }
}

interface Case {
  label: string;
  input: unknown;
  /** The BFF itself must refuse it: the gateway is not called. */
  bad: boolean;
}

function casesFor(schema: JsonSchema | undefined): Case[] {
  const base = sample(schema);
  const rootTypes = typesOf(schema);
  const isObject = rootTypes.includes('object');
  const cases: Case[] = [
    { label: 'missing', input: undefined, bad: false },
    { label: 'base', input: base, bad: false },
  ];
  if (!isObject) return cases;
  cases.push(
    { label: 'a string', input: 'text', bad: true },
    { label: 'a number', input: 42, bad: true },
    { label: 'an array', input: [base], bad: true },
    { label: 'extra keys', input: { ...(base as object), extra: 'x', __proto__: { polluted: true } }, bad: false },
  );
  for (const [key, field] of Object.entries(schema?.properties ?? {})) {
    const types = typesOf(field);
    const text = types.includes('string');
    const integer = types.includes('integer');
    const numeric = integer || types.includes('number');
    const date = text && /date/i.test(key);
    // One case a class of input per field type: a string of any kind is one class to a number
    // field ('a word', and Persian digits, which some number fields take), a number of any size
    // one class to a text field (-1); the date cases only where the field is a date.
    const variants: [string, unknown, boolean][] = [
      ['missing', undefined, false],
      ['null', null, !types.includes('null')],
      ['true', true, !types.includes('boolean') && !text],
      ['[1]', [1], !types.includes('array')],
      ['{}', {}, !types.includes('object')],
      ['-1', -1, false],
      ['empty', '', false],
      ['Persian digits', '۱۲', false],
    ];
    if (numeric) variants.push(['1.5', 1.5, integer && !text], ['2**31', 2 ** 31, false], ['1e308', 1e308, integer && !text]);
    if (numeric && !text) variants.push(['a word', 'abc', true]);
    if (text) variants.push(['NUL inside', 'a\u0000b', true], ['bell', '\u0007', true], ['oversized', 'x'.repeat(20_000), false], ['Arabic digits', '١٢', false]);
    if (date) variants.push(['impossible date', '2026-02-30', true], ['month 13', '2026-13-01', true]);
    for (const [label, value, bad] of variants) {
      const input = { ...(base as Record<string, unknown>) };
      if (value === undefined) delete input[key];
      else input[key] = value;
      cases.push({ label: `${key}: ${label}`, input, bad });
    }
  }
  return cases;
}

const PERSIAN = /[\u0600-\u06FF]/;
/** A refused input is answered at once; a live stream's first event comes within this too. */
const ANSWER_WITHIN_MS = 5_000;

export const FUZZ_PARTS = 3;

/** The procedures of one part of the walk, `part` from 1 to FUZZ_PARTS. */
export const proceduresOfPart = (part: number) => procedures.filter((_, index) => index % FUZZ_PARTS === part - 1);

/** Describes one part of the walk: every procedure of the part with its generated inputs. */
export function describeFuzzPart(part: number) {
  describe(`fuzz, part ${part} of ${FUZZ_PARTS}: every procedure, inputs generated from its schema`, () => {
    let panel: Awaited<ReturnType<typeof startTestPanel>>;
    let cookie: string;
    let gatewayCalls = 0;

    beforeAll(async () => {
      panel = await startTestPanel();
      cookie = await panel.signIn('staff', 'staff1234');
      panel.gateway.app.server.on('request', () => {
        gatewayCalls += 1;
      });
    });
    afterAll(() => panel.close());

    let tried = 0;
    // One test per procedure: the whole walk grows with every procedure added, each part does not.
    it.each(proceduresOfPart(part).map((procedure) => [procedure.path, procedure] as const))('%s answers every input without a 5xx, in Persian, and keeps refused input away from the gateway', { timeout: 60_000 }, async (_path, procedure) => {
      const problems: string[] = [];
      const schema = describeInput(procedure.input);
      for (const testCase of casesFor(schema)) {
        tried += 1;
        const name = `${procedure.path} ${testCase.label}`;
        const before = gatewayCalls;
        const encoded = testCase.input === undefined ? undefined : JSON.stringify(testCase.input);
        const headers = { cookie, 'x-panel-request': '1', 'content-type': 'application/json' };
        const controller = new AbortController();
        const response =
          procedure.type === 'mutation'
            ? await fetch(`${panel.url}/trpc/${procedure.path}`, { method: 'POST', headers, body: encoded, signal: controller.signal })
            : await fetch(`${panel.url}/trpc/${procedure.path}${encoded === undefined ? '' : `?input=${encodeURIComponent(encoded)}`}`, {
                headers,
                signal: controller.signal,
              });
        // A subscription that accepted its input streams on: its first event is enough.
        const streaming = response.headers.get('content-type')?.includes('text/event-stream');
        const body = streaming ? await firstChunk(response, ANSWER_WITHIN_MS) : await response.text();
        controller.abort();
        if (streaming && !body) {
          problems.push(`${name}: the stream said nothing within ${ANSWER_WITHIN_MS} ms`);
          continue;
        }
        if (response.status >= 500) problems.push(`${name}: ${response.status} ${body.slice(0, 160)}`);
        const refusedHere = body.includes('"input":true');
        const failed = response.status >= 400 || (streaming && body.includes('"error"'));
        if (failed && !PERSIAN.test(body)) problems.push(`${name}: not Persian: ${body.slice(0, 160)}`);
        if (testCase.bad && !refusedHere) problems.push(`${name}: bad input not refused by the BFF (${response.status}) ${body.slice(0, 120)}`);
        if (refusedHere && gatewayCalls !== before) problems.push(`${name}: refused input reached the gateway`);
      }
      expect(problems).toEqual([]);
    });

    it('walked every procedure of the part with its generated inputs', () => {
      // 1,946 inputs over 36 procedures when the walk was one file; it grows with every procedure.
      expect(tried).toBeGreaterThan(1_500 / FUZZ_PARTS);
    });
  });
}

/** The stream's events up to its first one past `connected` (a snapshot, or the refusal); '' when none came in time. */
async function firstChunk(response: Response, withinMs: number): Promise<string> {
  const reader = response.body!.getReader();
  let text = '';
  const decoder = new TextDecoder();
  const events = () => text.split('\n\n').filter((block) => block.trim() && !block.includes('event: connected')).length;
  const deadline = Date.now() + withinMs;
  while (events() === 0) {
    const left = deadline - Date.now();
    const next = await Promise.race([reader.read(), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), Math.max(0, left)))]);
    if (!next) {
      text = '';
      break;
    }
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text;
}
