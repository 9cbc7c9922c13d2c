import type { DispatchEvent } from '@panel/contracts/dispatch';

// Serialize each delta once, not once per browser (decision 060).
//
// tRPC's websocket adapter JSON.stringifies every event for every subscriber: with 2,000
// browsers on one date that was the BFF's largest cost (bench/fanout). A delta is the same for
// all of them, so the hub encodes it once, the subscription yields a small marker carrying that
// text, and the BFF's websocket encoder (tRPC's `experimental_encoder`, registered in app.ts)
// splices the text in where the marker's JSON stands. What leaves the socket is character for
// character what tRPC would have sent for the real event; only websocket subscribers get
// markers, other transports get the event itself.

const WIRE_KEY = '__dispatchWire';
const MARK = `{"${WIRE_KEY}":1}`;
const ENCODED = Symbol('dispatch.wire.encoded');

/** A delta's stand-in: serializes to `MARK`; the encoded text rides on a symbol JSON ignores. */
export interface WireMarker {
  readonly [WIRE_KEY]: 1;
  readonly [ENCODED]: string;
}

export function encodeOnce(event: DispatchEvent): WireMarker {
  return { [WIRE_KEY]: 1, [ENCODED]: JSON.stringify(event) };
}

const isMarker = (value: unknown): value is WireMarker => typeof value === 'object' && value !== null && ENCODED in value;

function markerIn(message: unknown): WireMarker | undefined {
  // tRPC's websocket envelope of a tracked subscription event: { id, result: { type: 'data', id, data: { id, data } } }.
  const tracked = (message as { result?: { data?: { data?: unknown } } } | null)?.result?.data;
  if (isMarker(tracked)) return tracked;
  return isMarker(tracked?.data) ? tracked.data : undefined;
}

/** tRPC's websocket encoder with the splice; everything without a marker is plain JSON. */
export const dispatchWireEncoder = {
  encode(message: unknown): string {
    const text = JSON.stringify(message);
    const marker = markerIn(message);
    if (!marker) return text;
    const at = text.lastIndexOf(MARK);
    return `${text.slice(0, at)}${marker[ENCODED]}${text.slice(at + MARK.length)}`;
  },
  decode(data: string | ArrayBuffer | Uint8Array): unknown {
    return JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
  },
};
