import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { STAFF } from '@panel/contracts/common';
import { createCallerFactory, procedureFor, router } from '../trpc';
import type { LiveFeedDeclaration } from './live-feed';
import type { LiveView } from './live-feed.test-support';
import { watchLive } from './live-watch';

// A toy live feed whose items leave their topic (as offers leave monitoring), its procedure and a
// stand-in upstream: what the kit's own tests (live-feed.test.ts, live-share.test.ts) drive.

export type Toy = { id: string; version: number; label?: string; removed?: true };
export type ToyEvent =
  | { type: 'snapshot'; shelf: string; toys: Toy[]; at: string }
  | { type: 'delta'; shelf: string; toys: Toy[] }
  | { type: 'status'; shelf: string; upstream: 'live' | 'reconnecting' }
  | { type: 'reconnect'; shelf: string };

const ToySchema = z.object({ id: z.string(), version: z.number().int(), label: z.string().optional(), removed: z.literal(true).optional() });
const ToyMessageSchema = z.object({ toys: z.array(ToySchema) });

export const toyFeed: LiveFeedDeclaration<Toy, ToyEvent> = {
  name: 'toys',
  path: '/ws/toys',
  init: (shelf) => ({ type: 'init', shelf }),
  items(message) {
    const parsed = ToyMessageSchema.safeParse(message);
    return parsed.success ? (parsed.data.toys as Toy[]) : undefined;
  },
  key: (toy) => toy.id,
  version: (toy) => toy.version,
  removed: (toy) => toy.removed === true,
  snapshot: (shelf, toys, at) => ({ type: 'snapshot', shelf, toys, at }),
  delta: (shelf, toys) => ({ type: 'delta', shelf, toys }),
  status: (shelf, upstream) => ({ type: 'status', shelf, upstream }),
  reconnect: (shelf) => ({ type: 'reconnect', shelf }),
};

const WatchToysInputSchema = z.object({ shelf: z.string().min(1), lastEventId: z.string().nullish() });
export const toyRouter = router({
  toys: router({
    watch: procedureFor(STAFF)
      .input(WatchToysInputSchema)
      .subscription(({ ctx, input, signal }) => watchLive(toyFeed, { ctx, topic: input.shelf, lastEventId: input.lastEventId, signal })),
  }),
});
export const createToyCaller = createCallerFactory(toyRouter);
export const toyView: LiveView<Toy, ToyEvent> = { ...toyFeed, items: (event) => (event.type === 'snapshot' || event.type === 'delta' ? event.toys : undefined) };

/** The gateway side of the toy feed: a shelf's toys, the whole shelf after init, then each change. */
export class ToyUpstream {
  readonly shelves = new Map<string, Map<string, Toy>>();
  readonly authorizations: (string | undefined)[] = [];
  private readonly server: WebSocketServer;
  private readonly watchers = new Map<WebSocket, string>();
  url = '';

  constructor() {
    this.server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: toyFeed.path });
    this.server.on('connection', (socket, request) => {
      this.authorizations.push(request.headers.authorization);
      socket.on('message', (data) => {
        const { shelf } = JSON.parse(String(data)) as { shelf: string };
        this.watchers.set(socket, shelf);
        // A gateway's snapshot holds what is on the shelf now: removed toys are not in it.
        socket.send(JSON.stringify({ toys: [...this.shelf(shelf).values()].filter((toy) => !toy.removed) }));
      });
      socket.on('close', () => this.watchers.delete(socket));
    });
  }

  async listening() {
    await new Promise((resolve) => this.server.once('listening', resolve));
    this.url = `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  shelf(name: string) {
    let shelf = this.shelves.get(name);
    if (!shelf) {
      shelf = new Map();
      this.shelves.set(name, shelf);
    }
    return shelf;
  }

  /** Commits toys (a tombstone removes one) and tells the watchers of the shelf, as a NOTIFY would. */
  commit(shelf: string, ...toys: Toy[]) {
    for (const toy of toys) this.shelf(shelf).set(toy.id, toy);
    this.send(shelf, toys);
  }

  /** Sends toys without storing them: a late message the gateway's order let through. */
  send(shelf: string, toys: Toy[]) {
    for (const [socket, watched] of this.watchers) if (watched === shelf) socket.send(JSON.stringify({ toys }));
  }

  /** What a browser should hold once it has caught up. */
  truth(shelf: string) {
    return new Map([...this.shelf(shelf)].filter(([, toy]) => !toy.removed));
  }

  /** Open upstream connections watching the shelf (one per BFF, or one for replicas sharing Redis). */
  watching(shelf: string) {
    return [...this.watchers.values()].filter((watched) => watched === shelf).length;
  }

  cut() {
    for (const socket of this.watchers.keys()) socket.terminate();
  }

  close() {
    this.cut();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

