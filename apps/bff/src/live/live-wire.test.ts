import { transformTRPCResponse } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { encodeOnce, envelopeHead, SharedFrames, trackedTail } from './live-wire';
import { toyRouter } from './live-toys.test-support';

// A live event's frame is built by the BFF, not by tRPC (decisions 061, 145): it must be
// character for character what tRPC's websocket adapter writes for `tracked(id, event)`, or a
// browser's `wsLink` would read something else. The transport-level checks run on the dispatch
// feed (modules/dispatch/dispatch.wire.test.ts) and on a toy feed (live-feed.test.ts).

/** What tRPC's websocket adapter writes for a tracked event (adapters/ws: its `respond`). */
function trpcFrame(id: number | string, jsonrpc: '2.0' | undefined, trackedId: string, event: unknown): string {
  const result: Record<string, unknown> = { type: 'data', data: event };
  result.id = trackedId;
  result.data = { id: trackedId, data: event };
  return JSON.stringify(transformTRPCResponse(toyRouter._def._config, { id, jsonrpc, result } as never));
}

describe('a live frame is the one tRPC writes', () => {
  const event = { type: 'delta', shelf: 'الف "ب"', toys: [{ id: 'a', version: 3 }] };
  const marker = encodeOnce(event);

  it.each([
    [7, undefined],
    ['a"b', '2.0'],
  ] as const)('for subscription %j (jsonrpc %j), alone and shared', (id, jsonrpc) => {
    const expected = trpcFrame(id, jsonrpc, 'e1:5', event);
    const head = envelopeHead(id, jsonrpc);
    expect(head + trackedTail('e1:5', marker)).toBe(expected);
    const frames = new SharedFrames('e1:5', marker);
    expect(frames.frame(head).toString()).toBe(expected);
    // One buffer for every browser with the same head.
    expect(frames.frame(head)).toBe(frames.frame(head));
  });
});
