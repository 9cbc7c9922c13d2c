// Serialize each event once, not once per browser, and write live deltas straight to the
// browsers' sockets (decisions 060, 061 and 062: every live feed of the BFF goes through here).
//
// tRPC's websocket adapter JSON.stringifies every event for every subscriber and runs its
// per-event promise machinery for each: with 2,000 browsers on one topic that was most of the
// BFF's work (bench/fanout). An event is the same for all of them, so the hub encodes it once,
// the subscription yields a small marker carrying that text, and the BFF's websocket encoder
// (tRPC's `experimental_encoder`, registered in app.ts) splices the text in where the marker's
// JSON stands. What leaves the socket is character for character what tRPC would have sent for
// the real event; only websocket subscribers get markers, other transports get the event itself.
//
// The direct lane: once a browser's first frame has gone out through tRPC, the encoder has seen
// that subscription's envelope head (`{"id":7`). Live deltas are then written to the socket as
// `head + tail`, where the tail (`,"result":{…}}`, tRPC's wrapping of a tracked event) is built
// once per delta and the finished frame is one buffer shared by every browser with the same head.
// The encoder only opens the lane after checking that the frame tRPC built equals the frame the
// lane would build; if a tRPC upgrade ever changed its envelope, the lane stays shut and every
// event goes through tRPC as before.

export const WIRE_KEY = '__liveWire';
const MARK = `{"${WIRE_KEY}":1}`;
const ENCODED = Symbol('live.wire.encoded');
const LEARN = Symbol('live.wire.learn');
/** Where the envelope's own fields (`id`, `jsonrpc`) end: a JSON string cannot hold an unescaped quote, so the first match is the key. */
const RESULT_KEY = ',"result":';

/** An event's stand-in: serializes to `MARK`; the encoded text rides on a symbol JSON ignores. */
export interface WireMarker {
  readonly [WIRE_KEY]: 1;
  readonly [ENCODED]: string;
  /** Set on the marker a subscription yields: told the envelope head once the frame is checked. */
  readonly [LEARN]?: (head: string) => void;
}

export function encodeOnce(event: object): WireMarker {
  return { [WIRE_KEY]: 1, [ENCODED]: JSON.stringify(event) };
}

/** The same text, for one subscription: the encoder reports its envelope head through `learn`. */
export function probe(marker: WireMarker, learn: (head: string) => void): WireMarker {
  return { [WIRE_KEY]: 1, [ENCODED]: marker[ENCODED], [LEARN]: learn };
}

const isMarker = (value: unknown): value is WireMarker => typeof value === 'object' && value !== null && ENCODED in value;

type Envelope = { result?: { id?: unknown; data?: { data?: unknown } } } | null;

function markerIn(message: unknown): WireMarker | undefined {
  // tRPC's websocket envelope of a tracked subscription event: { id, result: { type: 'data', data: { id, data }, id } }.
  const tracked = (message as Envelope)?.result?.data;
  if (isMarker(tracked)) return tracked;
  return isMarker(tracked?.data) ? tracked.data : undefined;
}

function splice(text: string, marker: WireMarker): string {
  const at = text.lastIndexOf(MARK);
  return `${text.slice(0, at)}${marker[ENCODED]}${text.slice(at + MARK.length)}`;
}

/**
 * Everything of a tracked event's frame after the subscription's head, as tRPC's loop wraps it
 * (adapters/ws: `result = { type: 'data', data }`, then for `tracked()` `result.id = id` and
 * `result.data = { id, data }`), with `MARK` where the event goes. The encoder checks it against
 * tRPC's own frame before the lane opens.
 */
function envelopeTail(trackedId: string): string {
  return `${RESULT_KEY}${JSON.stringify({ type: 'data', data: { id: trackedId, data: { [WIRE_KEY]: 1 } }, id: trackedId })}}`;
}

/** The tail of a tracked event's frame with the event's text in place. */
export function trackedTail(trackedId: string, marker: WireMarker): string {
  return splice(envelopeTail(trackedId), marker);
}

/** One live delta's frames, built once per envelope head for all the browsers sharing it. */
export class SharedFrames {
  private tail: string | undefined;
  private readonly byHead = new Map<string, Buffer>();
  constructor(
    readonly trackedId: string,
    readonly marker: WireMarker,
  ) {}

  frame(head: string): Buffer {
    let frame = this.byHead.get(head);
    if (!frame) {
      this.tail ??= trackedTail(this.trackedId, this.marker);
      frame = Buffer.from(head + this.tail);
      this.byHead.set(head, frame);
    }
    return frame;
  }
}

/** tRPC's websocket encoder with the splice; everything without a marker is plain JSON. */
export const liveWireEncoder = {
  encode(message: unknown): string {
    const text = JSON.stringify(message);
    const marker = markerIn(message);
    if (!marker) return text;
    const learn = marker[LEARN];
    const trackedId = (message as Envelope)?.result?.id;
    if (learn && typeof trackedId === 'string') {
      // Compared before the splice, which both sides would get alike: small texts, even for a snapshot.
      const head = text.slice(0, text.indexOf(RESULT_KEY));
      if (head + envelopeTail(trackedId) === text) learn(head);
    }
    return splice(text, marker);
  },
  decode(data: string | ArrayBuffer | Uint8Array): unknown {
    return JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
  },
};
