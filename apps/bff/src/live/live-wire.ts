// Serialize each event once, not once per browser, and write live events straight to the
// browsers' sockets (decisions 060, 061, 062 and 145: every live feed of the BFF goes through here).
//
// An event is the same for every browser watching its topic, so the hub encodes it once
// (`encodeOnce`) and a websocket subscription writes it inside its own envelope: the frame is the
// subscription's head (`{"id":7`, written by the API's websocket server, socket-protocol.ts) and
// a tail built once per event (`,"result":{…}}`, tRPC's wrapping of a tracked event). A live
// delta's finished frame is one buffer shared by every browser with the same head. What leaves
// the socket is character for character what tRPC's own websocket adapter writes for the event
// (live-wire.test.ts holds it to tRPC's transform of the same envelope).

const ENCODED = Symbol('live.wire.encoded');

/** An event serialized once; the text rides on a symbol. */
export interface WireMarker {
  readonly [ENCODED]: string;
}

export function encodeOnce(event: object): WireMarker {
  return { [ENCODED]: JSON.stringify(event) };
}

/**
 * Everything of a tracked event's frame after the subscription's head, as tRPC wraps it
 * (adapters/ws: `result = { type: 'data', data }`, then for `tracked()` `result.id = id` and
 * `result.data = { id, data }`), with the event's text in place.
 */
export function trackedTail(trackedId: string, marker: WireMarker): string {
  const id = JSON.stringify(trackedId);
  return `,"result":{"type":"data","data":{"id":${id},"data":${marker[ENCODED]}},"id":${id}}}`;
}

/** A subscription's head on its socket: its id, and `jsonrpc` when the client sent one. */
export function envelopeHead(id: string | number, jsonrpc: string | undefined): string {
  return `{"id":${JSON.stringify(id)}${jsonrpc === undefined ? '' : `,"jsonrpc":${JSON.stringify(jsonrpc)}`}`;
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
