import type { AddressInfo } from 'node:net';
import { initTRPC, tracked, TRPCError } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { z } from 'zod';
import { SocketProtocol } from './socket-protocol';

// The API's websocket protocol (decision 145) against tRPC's own adapter: the same messages get
// the same frames, so `wsLink` (the web's, an integrator's) cannot tell them apart.

const t = initTRPC.context<{ who: string }>().create({ isDev: false });
/** What the toy subscriptions' iterators saw: started, and ended (their `finally`). */
const seen: string[] = [];
const toyRouter = t.router({
  hello: t.procedure.input(z.object({ name: z.string().min(1) })).query(({ input, ctx }) => `سلام ${input.name} از ${ctx.who}`),
  add: t.procedure.input(z.object({ a: z.number(), b: z.number() })).mutation(({ input }) => input.a + input.b),
  refused: t.procedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'دسترسی ندارید' });
  }),
  ticks: t.procedure.input(z.object({ count: z.number().int(), lastEventId: z.string().nullish() })).subscription(async function* ({ input }) {
    const from = input.lastEventId ? Number(input.lastEventId) + 1 : 1;
    for (let i = from; i <= input.count; i++) yield tracked(String(i), { tick: i });
  }),
  forever: t.procedure.input(z.object({ name: z.string() })).subscription(async function* ({ input, signal }) {
    seen.push(`start ${input.name}`);
    try {
      yield { ready: input.name };
      await new Promise((resolve) => signal?.addEventListener('abort', resolve));
    } finally {
      seen.push(`end ${input.name}`);
    }
  }),
});

interface Served {
  url: string;
  server: WebSocketServer;
  close(): Promise<void>;
}

async function listen(serve: (server: WebSocketServer) => (() => void) | void): Promise<Served> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const stop = serve(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: async () => {
      stop?.();
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const ours = (keepAlive?: { pingMs: number; pongWaitMs: number }) =>
  listen((server) => {
    const protocol = new SocketProtocol({ router: toyRouter, keepAlive });
    server.on('connection', (socket, req) => protocol.connect(socket, { who: 'ما' }, req.url));
    return () => protocol.close();
  });
const trpcs = () =>
  listen((server) => {
    applyWSSHandler({ wss: server, router: toyRouter, createContext: () => ({ who: 'ما' }) });
  });

/** A raw client: sends text messages and keeps every frame it gets. */
class Raw {
  readonly frames: string[] = [];
  readonly socket: WebSocket;
  readonly opened: Promise<unknown>;
  readonly closed: Promise<number>;
  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => this.frames.push(String(data)));
    this.opened = new Promise((resolve) => this.socket.once('open', resolve));
    this.closed = new Promise((resolve) => this.socket.once('close', resolve));
  }
  async waitFor(count: number, ms = 5000) {
    const until = Date.now() + ms;
    while (this.frames.length < count) {
      if (Date.now() > until) throw new Error(`timed out with ${this.frames.length} of ${count} frames: ${this.frames.join(' | ')}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

/** What the two servers answer to the same script, each frame as text. */
async function both(script: (string | object)[], frames: number) {
  const answers: string[][] = [];
  for (const start of [trpcs, () => ours()]) {
    const served = await start();
    const raw = new Raw(served.url);
    await raw.opened;
    for (const message of script) raw.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    await raw.waitFor(frames);
    // Nothing more comes after what was awaited.
    await new Promise((r) => setTimeout(r, 50));
    answers.push(raw.frames);
    raw.socket.terminate();
    await served.close();
  }
  return answers as [string[], string[]];
}

describe("the API's websocket speaks tRPC's protocol frame for frame", () => {
  it.each([
    ['a query', [{ id: 1, method: 'query', params: { path: 'hello', input: { name: 'سارا' } } }], 1],
    ['a mutation with jsonrpc', [{ id: 'm', jsonrpc: '2.0', method: 'mutation', params: { path: 'add', input: { a: 2, b: 3 } } }], 1],
    ['a refused input', [{ id: 2, method: 'query', params: { path: 'hello', input: { name: '' } } }], 1],
    ['a procedure that refuses', [{ id: 3, method: 'query', params: { path: 'refused' } }], 1],
    ['an unknown procedure', [{ id: 4, method: 'query', params: { path: 'nope' } }], 1],
    ['a query sent as a mutation', [{ id: 5, method: 'mutation', params: { path: 'hello', input: { name: 'x' } } }], 1],
    [
      'a batch',
      [
        [
          { id: 6, method: 'query', params: { path: 'hello', input: { name: 'الف' } } },
          { id: 7, method: 'mutation', params: { path: 'add', input: { a: 1, b: 1 } } },
        ],
      ],
      2,
    ],
    ['a subscription to its end', [{ id: 8, method: 'subscription', params: { path: 'ticks', input: { count: 3 } } }], 5],
    ['a resumed subscription', [{ id: 9, method: 'subscription', params: { path: 'ticks', input: { count: 4 }, lastEventId: '2' } }], 4],
    ['a missing id', [{ id: null, method: 'query', params: { path: 'hello', input: { name: 'x' } } }], 1],
    ['text that is not JSON', ['{nope'], 1],
    ['a message of no known method', [{ id: 10, method: 'delete', params: { path: 'hello' } }], 1],
    ['a ping', ['PING'], 1],
  ] as const)('%s', async (_name, script, frames) => {
    const [theirs, mine] = await both(script as unknown as (string | object)[], frames);
    // Queries of one batch may finish in either order.
    expect([...mine].sort()).toEqual([...theirs].sort());
    expect(mine).toHaveLength(frames);
  });

  it('stops a subscription on subscription.stop and when the socket closes', async () => {
    const served = await ours();
    const raw = new Raw(served.url);
    await raw.opened;
    raw.socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'forever', input: { name: 'a' } } }));
    raw.socket.send(JSON.stringify({ id: 2, method: 'subscription', params: { path: 'forever', input: { name: 'b' } } }));
    await raw.waitFor(4);
    // The same id twice is refused while the first runs.
    raw.socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'forever', input: { name: 'c' } } }));
    await raw.waitFor(5);
    expect(JSON.parse(raw.frames[4]!)).toMatchObject({ id: 1, error: { message: 'Duplicate id 1' } });
    raw.socket.send(JSON.stringify({ id: 1, method: 'subscription.stop' }));
    await raw.waitFor(6);
    expect(JSON.parse(raw.frames[5]!)).toEqual({ id: 1, result: { type: 'stopped' } });
    expect(seen).toEqual(['start a', 'start b', 'end a']);
    expect(seen).not.toContain('end b');
    raw.socket.terminate();
    await raw.closed;
    const until = Date.now() + 2000;
    while (!seen.includes('end b') && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toContain('end b');
    await served.close();
  });

  it('pings a silent client and cuts one that does not answer; any message counts as an answer', async () => {
    const served = await ours({ pingMs: 200, pongWaitMs: 200 });
    const answering = new Raw(served.url);
    const silent = new Raw(served.url);
    // ws answers a protocol ping itself, but tRPC's ping is a text message: this client replies.
    answering.socket.on('message', (data) => String(data) === 'PING' && answering.socket.send('PONG'));
    await Promise.all([answering.opened, silent.opened]);
    expect(await silent.closed).toBe(1006);
    expect(silent.frames).toContain('PING');
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    expect(answering.frames).toContain('PING');
    answering.socket.terminate();
    await served.close();
  });

  it('serves a client that sends its connection parameters first, and the typed client over it', async () => {
    const served = await ours();
    const client = createWSClient({ url: served.url, WebSocket: WebSocket as never, connectionParams: { token: 'ignored' } });
    const api = createTRPCClient<typeof toyRouter>({ links: [wsLink({ client })] });
    await expect(api.hello.query({ name: 'سارا' })).resolves.toBe('سلام سارا از ما');
    await expect(api.add.mutate({ a: 20, b: 22 })).resolves.toBe(42);
    const ticks: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      api.ticks.subscribe({ count: 2 }, { onData: (data) => ticks.push(data), onComplete: resolve, onError: reject });
    });
    expect(ticks).toEqual([
      { id: '1', data: { tick: 1 } },
      { id: '2', data: { tick: 2 } },
    ]);
    await client.close();
    await served.close();
  });
});
