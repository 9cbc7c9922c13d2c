import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  isTrackedEnvelope,
  transformTRPCResponse,
  TRPCError,
  type AnyTRPCRouter,
  type inferRouterContext,
} from '@trpc/server';
// tRPC's own reading of a client's message, so that a message is refused exactly as its adapter refuses it.
import { parseTRPCMessage, type TRPCClientOutgoingMessage } from '@trpc/server/unstable-core-do-not-import';
import type { Writable } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { LiveStream, type LiveSink, type LiveWatch } from './live/live-watch';
import { encodeOnce, envelopeHead, trackedTail, type SharedFrames, type WireMarker } from './live/live-wire';

// tRPC's websocket protocol (what `wsLink` speaks: `@trpc/server/adapters/ws`), served with one
// small object a connection and one a subscription (decision 145). tRPC's own adapter keeps, for
// every connection, a set of closures, a context promise, an abort controller and two keep-alive
// timers, and for every subscription an async loop racing the iterator against its abort, two more
// controllers and their promises, for the subscription's whole life: with 2,000 watching
// browsers that was most of what a browser cost the BFF (bench/fanout). Here a live feed's
// subscription (a `LiveStream`, live/live-watch.ts) is its `LiveWatch` writing frames straight to
// the socket; keep-alive is one sweep for every connection; procedures run through tRPC's own
// `callTRPCProcedure` (the same middleware, input checks and error shapes as over HTTP). Other
// subscriptions are iterated as tRPC's adapter does; observables are not served.

const OPEN = 1;

/** The messages a client sends, as tRPC reads them. */
type ClientMessage = TRPCClientOutgoingMessage;
type CallType = 'query' | 'mutation' | 'subscription';

export interface SocketProtocolOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  /** The server pings a connection silent this long, and cuts it when the ping is not answered in `pongWaitMs`. */
  keepAlive?: { pingMs: number; pongWaitMs: number };
  onError?(opts: { error: TRPCError; path: string | undefined; type: CallType | 'unknown'; ctx: unknown; input: unknown }): void;
}

interface Subscription {
  stop(): void;
}

/** What a connection reads of its server. */
interface ProtocolCore {
  readonly router: AnyTRPCRouter;
  readonly onError: SocketProtocolOptions<AnyTRPCRouter>['onError'];
}

/** One client's socket: its context, its subscriptions and when it was last heard from. */
class Connection {
  subscriptions: Map<number | string, Subscription> | undefined;
  /** When the client last sent anything; when the server's ping went out (0: none waiting). */
  heardAt = Date.now();
  pingedAt = 0;

  constructor(
    readonly protocol: ProtocolCore,
    readonly socket: WebSocket,
    readonly ctx: unknown,
    /** The client sends its connection parameters first (its URL asked for `connectionParams=1`). */
    public awaitingParams: boolean,
    /** The socket's byte stream under the websocket, when the server has it: frames corked into one write. */
    readonly stream: Writable | undefined,
  ) {}

  respond(message: object): void {
    if (this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(transformTRPCResponse(this.protocol.router._def._config, message as never)));
  }

  respondError(id: number | string | null, jsonrpc: string | undefined, cause: unknown, type: CallType | 'unknown', path?: string, input?: unknown): void {
    const error = getTRPCErrorFromUnknown(cause);
    this.protocol.onError?.({ error, path, type, ctx: this.ctx, input });
    const shape = getTRPCErrorShape({ config: this.protocol.router._def._config, error, type, path, input, ctx: this.ctx });
    this.respond({ id, jsonrpc, error: shape });
  }

  received(data: RawData, isBinary: boolean): void {
    this.heardAt = Date.now();
    this.pingedAt = 0;
    const text = isBinary ? undefined : data.toString();
    if (text === 'PONG') return;
    if (text === 'PING') return void this.socket.send('PONG');
    if (text === undefined) return this.respondError(null, undefined, new TRPCError({ code: 'PARSE_ERROR', message: 'Unexpected binary WebSocket message' }), 'unknown');
    let messages: ClientMessage[];
    try {
      const json: unknown = JSON.parse(text);
      if (this.awaitingParams) {
        // The context is the upgrade's caller; the parameters carry nothing it reads. As tRPC's
        // adapter, a connection whose parameters are not an object is refused and closed.
        this.awaitingParams = false;
        if (typeof json === 'object' && json !== null) return;
        this.respondError(null, undefined, new TRPCError({ code: 'PARSE_ERROR', message: 'Malformed TRPCConnectionParamsMessage' }), 'unknown');
        return void this.socket.close();
      }
      messages = (Array.isArray(json) ? json : [json]).map((raw) => parseTRPCMessage(raw, this.protocol.router._def._config.transformer));
    } catch (cause) {
      this.respondError(null, undefined, new TRPCError({ code: 'PARSE_ERROR', cause }), 'unknown');
      if (this.awaitingParams) this.socket.close();
      return;
    }
    messages.forEach((message, index) => this.handle(message, index));
  }

  handle(message: ClientMessage, batchIndex: number): void {
    const { id, jsonrpc } = message;
    if (id === null) return this.respondError(id, jsonrpc, new TRPCError({ code: 'PARSE_ERROR', message: '`id` is required' }), 'unknown');
    if (message.method === 'subscription.stop') return this.subscriptions?.get(id)?.stop();
    const { path, lastEventId } = message.params;
    let { input } = message.params;
    // As tRPC's adapter: a reconnecting subscription's last event id rides in its input.
    if (lastEventId !== undefined) input = typeof input === 'object' && input !== null ? { ...input, lastEventId } : (input ?? { lastEventId });
    void this.call(id, jsonrpc, message.method, path, input, batchIndex);
  }

  async call(id: number | string, jsonrpc: string | undefined, type: CallType, path: string, input: unknown, batchIndex: number): Promise<void> {
    const abort = type === 'subscription' ? new AbortController() : undefined;
    try {
      const result = await callTRPCProcedure({ router: this.protocol.router, path, getRawInput: async () => input, ctx: this.ctx, type, signal: abort?.signal, batchIndex });
      const iterable = typeof result === 'object' && result !== null && Symbol.asyncIterator in result;
      if (type !== 'subscription') {
        if (iterable) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: `Cannot return an async iterable from a ${type} procedure with WebSockets` });
        return this.respond({ id, jsonrpc, result: { type: 'data', data: result } });
      }
      if (!iterable) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `Subscription ${path} did not return an AsyncIterable` });
      if (this.socket.readyState !== OPEN) return;
      const subscriptions = (this.subscriptions ??= new Map());
      if (subscriptions.has(id)) throw new TRPCError({ code: 'BAD_REQUEST', message: `Duplicate id ${id}` });
      const call = { id, jsonrpc, path, input };
      if (result instanceof LiveStream) {
        const sink = new SocketSink(this, call);
        subscriptions.set(id, sink);
        this.respond({ id, jsonrpc, result: { type: 'started' } });
        sink.watch = (result as LiveStream<unknown, object>).start(sink);
      } else {
        const iterated = new IteratedSubscription(this, call, abort!);
        subscriptions.set(id, iterated);
        this.respond({ id, jsonrpc, result: { type: 'started' } });
        void iterated.run(result as AsyncIterable<unknown>);
      }
    } catch (cause) {
      this.respondError(id, jsonrpc, cause, type, path, input);
    }
  }

  ended(id: number | string): void {
    this.subscriptions?.delete(id);
  }

  closed(): void {
    const subscriptions = this.subscriptions;
    this.subscriptions = undefined;
    if (subscriptions) for (const subscription of subscriptions.values()) subscription.stop();
  }
}

interface SubscriptionCall {
  readonly id: number | string;
  readonly jsonrpc: string | undefined;
  readonly path: string;
  readonly input: unknown;
}

/** A live feed's subscription on the socket: its watch writes frames here. */
class SocketSink implements LiveSink<object>, Subscription {
  readonly wire = true;
  readonly head: string;
  watch: LiveWatch<unknown, object> | undefined;
  #ended = false;

  constructor(
    private readonly connection: Connection,
    private readonly call: SubscriptionCall,
  ) {
    this.head = envelopeHead(call.id, call.jsonrpc);
  }

  send(id: string, event: object): void {
    this.sendWire(id, encodeOnce(event));
  }

  sendWire(id: string, marker: WireMarker, frames?: SharedFrames): void {
    const { socket } = this.connection;
    if (socket.readyState !== OPEN) return;
    if (frames) socket.send(frames.frame(this.head), { binary: false });
    else socket.send(this.head + trackedTail(id, marker));
  }

  together(write: () => void): void {
    const { stream } = this.connection;
    // `ws` writes each frame as it is sent; corked, the frames leave in one write when uncorked.
    stream?.cork();
    try {
      write();
    } finally {
      stream?.uncork();
    }
  }

  unsentBytes(): number {
    return this.connection.socket.bufferedAmount;
  }

  unreadEvents(): number {
    return 0;
  }

  drop(): void {
    this.connection.socket.terminate();
  }

  end(error?: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    const { id, jsonrpc, path, input } = this.call;
    this.connection.ended(id);
    if (error === undefined) this.connection.respond({ id, jsonrpc, result: { type: 'stopped' } });
    else this.connection.respondError(id, jsonrpc, error, 'subscription', path, input);
  }

  stop(): void {
    this.watch?.stop();
    this.end();
  }
}

/** Any other subscription: its iterator read as tRPC's adapter reads it. */
class IteratedSubscription implements Subscription {
  constructor(
    private readonly connection: Connection,
    private readonly call: SubscriptionCall,
    private readonly abort: AbortController,
  ) {}

  stop(): void {
    this.abort.abort();
  }

  /** The next value, or `undefined` once the subscription is stopped (no listener outlives the wait). */
  next(iterator: AsyncIterator<unknown>): Promise<IteratorResult<unknown> | undefined> {
    const { signal } = this.abort;
    if (signal.aborted) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const onAbort = () => resolve(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      iterator.next().then(
        (result) => {
          signal.removeEventListener('abort', onAbort);
          resolve(result);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  async run(iterable: AsyncIterable<unknown>): Promise<void> {
    const { connection } = this;
    const { id, jsonrpc, path, input } = this.call;
    const iterator = iterable[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await this.next(iterator);
        if (next === undefined) {
          await iterator.return?.();
          break;
        }
        if (next.done) break;
        const value = next.value;
        const result = isTrackedEnvelope(value) ? { type: 'data', data: { id: value[0], data: value[1] }, id: value[0] } : { type: 'data', data: value };
        connection.respond({ id, jsonrpc, result });
      }
      connection.respond({ id, jsonrpc, result: { type: 'stopped' } });
    } catch (cause) {
      connection.respondError(id, jsonrpc, cause, 'subscription', path, input);
      this.abort.abort();
    } finally {
      connection.ended(id);
    }
  }
}

/** Serves tRPC's websocket protocol on the sockets handed to `connect`. */
export class SocketProtocol<TRouter extends AnyTRPCRouter> implements ProtocolCore {
  readonly #connections = new Map<WebSocket, Connection>();
  readonly router: TRouter;
  readonly onError: SocketProtocolOptions<AnyTRPCRouter>['onError'];
  readonly #keepAlive: SocketProtocolOptions<TRouter>['keepAlive'];
  #sweep: NodeJS.Timeout | undefined;
  // One listener of each kind for every socket of this server (the socket is `this`), not a closure a socket.
  readonly #onMessage: (this: WebSocket, data: RawData, isBinary: boolean) => void;
  readonly #onClose: (this: WebSocket) => void;

  constructor({ router, keepAlive, onError }: SocketProtocolOptions<TRouter>) {
    this.router = router;
    this.onError = onError;
    this.#keepAlive = keepAlive;
    const connections = this.#connections;
    this.#onMessage = function (data, isBinary) {
      connections.get(this)?.received(data, isBinary);
    };
    this.#onClose = function () {
      const connection = connections.get(this);
      connections.delete(this);
      connection?.closed();
    };
    if (keepAlive) {
      this.#sweep = setInterval(() => this.#sweepSilent(), Math.max(250, Math.min(keepAlive.pingMs, keepAlive.pongWaitMs) / 2));
      this.#sweep.unref();
    }
  }

  /**
   * Serves `socket` with the caller's context; `url` is the upgrade's (its `connectionParams`
   * flag); `stream`, the upgraded connection under it, lets a subscription's first events leave in one write.
   */
  connect(socket: WebSocket, ctx: inferRouterContext<TRouter>, url: string | undefined, stream?: Writable): void {
    const awaitingParams = new URLSearchParams(url?.split('?')[1] ?? '').get('connectionParams') === '1';
    this.#connections.set(socket, new Connection(this, socket, ctx, awaitingParams, stream));
    socket.on('message', this.#onMessage);
    socket.once('close', this.#onClose);
  }

  /** Pings the connections silent for `pingMs`; cuts those that did not answer within `pongWaitMs`. */
  #sweepSilent(): void {
    const { pingMs, pongWaitMs } = this.#keepAlive!;
    const now = Date.now();
    for (const [socket, connection] of this.#connections) {
      if (socket.readyState !== OPEN) continue;
      if (connection.pingedAt) {
        if (now - connection.pingedAt >= pongWaitMs) socket.terminate();
      } else if (now - connection.heardAt >= pingMs) {
        connection.pingedAt = now;
        socket.send('PING');
      }
    }
  }

  close(): void {
    clearInterval(this.#sweep);
  }
}
