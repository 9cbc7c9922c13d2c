import type { DispatchEvent } from '@panel/contracts/dispatch';

// Serialize each delta once, not once per browser (decision 060).
//
// tRPC's websocket adapter JSON.stringifies every event for every subscriber: with 2,000
// browsers on one date that was the BFF's largest cost (bench/fanout). A delta is the same for
// all of them, so the hub encodes it once into UTF-8 bytes here, the subscription yields a
// small marker object in its place, and the subscriber's socket splices the bytes back in where
// the marker's JSON stands. What leaves the socket is byte for byte what tRPC would have sent
// for the real event; only websocket subscribers get markers (other transports get the event).

const WIRE_KEY = '__dispatchWire';
const MARK_PREFIX = `{"${WIRE_KEY}":"`;
const MARK_SUFFIX = '"}';

/**
 * Encoded deltas by key; the hub adds one per delta and removes it when the ring lets it go.
 * `framed` holds the whole text per tRPC envelope (the envelope differs between browsers only
 * by the client's subscription id), so most sends reuse one buffer without copying.
 */
const payloads = new Map<string, { body: Buffer; framed: Map<string, Buffer> }>();
const FRAMED_PER_DELTA = 32;

export type WireMarker = { readonly [WIRE_KEY]: string };

export function registerWire(key: string, event: DispatchEvent): WireMarker {
  payloads.set(key, { body: Buffer.from(JSON.stringify(event)), framed: new Map() });
  return { [WIRE_KEY]: key };
}

export function dropWire(key: string): void {
  payloads.delete(key);
}

export function hasWire(key: string): boolean {
  return payloads.has(key);
}

/** Encoded deltas held (tests: the ring bounds it). */
export function wireCount(): number {
  return payloads.size;
}

type SendArgs = [data: unknown, options?: unknown, cb?: unknown];
interface WireSocket {
  send(...args: SendArgs): void;
  terminate(): void;
}
const installed = new WeakSet<object>();

/**
 * Makes `socket.send` expand markers. The marker's JSON is unique (a key no event has) and tRPC
 * writes it exactly as `{"__dispatchWire":"<key>"}`; anything else passes through untouched.
 */
export function installWireSend(socket: WireSocket): void {
  if (installed.has(socket)) return;
  installed.add(socket);
  const send = socket.send.bind(socket) as (...args: SendArgs) => void;
  socket.send = (data: unknown, options?: unknown, cb?: unknown) => {
    if (typeof data !== 'string') return send(data, options, cb);
    const start = data.indexOf(MARK_PREFIX);
    if (start === -1) return send(data, options, cb);
    const keyStart = start + MARK_PREFIX.length;
    const keyEnd = data.indexOf(MARK_SUFFIX, keyStart);
    const payload = payloads.get(data.slice(keyStart, keyEnd));
    if (!payload) {
      // Cannot happen while the ring holds the delta; never let a marker reach a browser:
      // the client reconnects with its last id and is replayed or gets a snapshot.
      socket.terminate();
      return;
    }
    const head = data.slice(0, start);
    const tail = data.slice(keyEnd + MARK_SUFFIX.length);
    const envelope = `${head}\u0000${tail}`;
    let frame = payload.framed.get(envelope);
    if (!frame) {
      frame = Buffer.concat([Buffer.from(head), payload.body, Buffer.from(tail)]);
      if (payload.framed.size < FRAMED_PER_DELTA) payload.framed.set(envelope, frame);
    }
    // Bytes, yet still the text frame tRPC would send.
    return send(frame, { binary: false }, typeof options === 'function' ? options : cb);
  };
}
