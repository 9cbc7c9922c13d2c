import { describe, expect, it } from 'vitest';
import { encodeOnce, liveWireEncoder, probe, trackedTail, WIRE_KEY } from './live-wire';

// The encoder's self-check (decision 061): the direct lane opens only when the frame tRPC built
// can be rebuilt byte for byte; the transport-level checks run on the dispatch feed
// (modules/dispatch/dispatch.wire.test.ts) and on a toy feed (live-feed.test.ts).

describe('the websocket encoder opens the direct lane only for the envelope it can rebuild', () => {
  const marker = encodeOnce({ type: 'delta', date: '2026-11-23', cells: [] });
  /** What tRPC's websocket loop hands the encoder for `tracked(id, event)` (adapters/ws). */
  const trpcEnvelope = (id: number | string, jsonrpc: '2.0' | undefined, data: unknown) => {
    const result: Record<string, unknown> = { type: 'data', data };
    result.id = 'e1:5';
    result.data = { id: 'e1:5', data };
    return { id, jsonrpc, result };
  };

  it.each([
    [7, undefined, '{"id":7'],
    ['a"b', '2.0', '{"id":"a\\"b","jsonrpc":"2.0"'],
  ] as const)('learns the head of subscription %j and rebuilds its frame exactly', (id, jsonrpc, head) => {
    const learned: string[] = [];
    const frame = liveWireEncoder.encode(trpcEnvelope(id, jsonrpc, probe(marker, (h) => learned.push(h))));
    expect(JSON.parse(frame)).toEqual({ id, jsonrpc, result: { type: 'data', id: 'e1:5', data: { id: 'e1:5', data: JSON.parse(JSON.stringify({ type: 'delta', date: '2026-11-23', cells: [] })) } } });
    expect(learned).toEqual([head]);
    expect(head + trackedTail('e1:5', marker)).toBe(frame);
  });

  it('keeps the lane shut when the envelope is not the one it knows (a changed tRPC)', () => {
    const learned: string[] = [];
    const changed = { id: 7, result: { type: 'data', id: 'e1:5', data: { id: 'e1:5', data: probe(marker, (h) => learned.push(h)) } } };
    const frame = liveWireEncoder.encode(changed);
    expect(frame).not.toContain(WIRE_KEY);
    expect(learned).toEqual([]);
  });
});
