import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db, ListenState } from '../db/db';
import type { GatewayDeps } from '../deps';
import { HttpError } from '../errors';
import { STAFF } from '@panel/contracts/common';
import { routeAccess } from '../plugins/auth';

// The gateway's live channels (spec §7, DESIGN §6 and §8, decision 062): a module declares its
// path, how an init message names a topic, how a topic's snapshot is read and how items become
// the socket's message; this file does the rest for every module. Committed changes go through
// PostgreSQL NOTIFY, so every gateway instance sharing the database forwards them to its own
// sockets.

export interface LiveChannelDeclaration<Item> {
  /** The websocket path, e.g. `/ws/dispatch`. */
  readonly path: string;
  /** The NOTIFY channel carrying the module's committed changes between instances. */
  readonly channel: string;
  /** The topic an init message asks for, or undefined when it is not a valid init. */
  topic(message: unknown): string | undefined;
  /** What a socket is told (Persian `detail`) after a message that is not a valid init. */
  readonly invalidInit: string;
  /** The whole topic, read for a socket after its init (the socket's first message). */
  snapshot(topic: string): Promise<Item[]>;
  /** The socket's message for some items of one topic: the snapshot, then each change. */
  message(items: Item[]): unknown;
}

/** Items of one topic changed by a committed transaction. */
export interface LiveChange<Item> {
  topic: string;
  items: Item[];
}

// PostgreSQL refuses NOTIFY payloads from 8000 bytes; a larger change is sent in chunks.
const MAX_PAYLOAD_BYTES = 7000;
// A socket that cannot keep up is closed; the client reconnects and starts from a snapshot.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Close code for watchers when changes may have been missed: reconnect and start from a snapshot. */
export const LIVE_INTERRUPTED_CLOSE_CODE = 1013;

function chunks<Item>(topic: string, items: Item[]): string[] {
  const out: string[] = [];
  let current: Item[] = [];
  let size = 0;
  for (const item of items) {
    const length = Buffer.byteLength(JSON.stringify(item));
    if (current.length > 0 && size + length > MAX_PAYLOAD_BYTES) {
      out.push(JSON.stringify({ topic, items: current }));
      current = [];
      size = 0;
    }
    current.push(item);
    size += length + 1;
  }
  if (current.length > 0) out.push(JSON.stringify({ topic, items: current }));
  return out;
}

interface Client {
  socket: WebSocket;
  topic: string | null;
  /** Changes that arrived while the snapshot was being read; sent right after it. */
  pending: string[] | null;
  generation: number;
}

export function createLiveChannel<Item>(db: Db, declaration: LiveChannelDeclaration<Item>) {
  const clients = new Set<Client>();
  let unlisten: (() => Promise<void>) | undefined;
  /** False while the database's LISTEN connection is down: no change would reach a watcher. */
  let available = true;

  function interrupt(): void {
    for (const client of clients) client.socket.close(LIVE_INTERRUPTED_CLOSE_CODE, 'live changes interrupted');
    clients.clear();
  }

  /**
   * The LISTEN connection dropped: changes committed meanwhile are never heard, so every
   * watcher is closed (its client reconnects and starts again from a snapshot) and new ones are
   * refused until the connection is back.
   */
  function onListenState(state: ListenState): void {
    available = state === 'restored';
    if (state === 'lost') interrupt();
  }

  function send(client: Client, text: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return;
    }
    client.socket.send(text);
  }

  function onNotification(payload: string): void {
    let parsed: LiveChange<Item>;
    try {
      parsed = JSON.parse(payload) as LiveChange<Item>;
    } catch {
      return;
    }
    let text: string | undefined;
    for (const client of clients) {
      if (client.topic !== parsed.topic) continue;
      text ??= JSON.stringify(declaration.message(parsed.items));
      if (client.pending) client.pending.push(text);
      else send(client, text);
    }
  }

  async function init(client: Client, topic: string): Promise<void> {
    const generation = ++client.generation;
    // Registered for the topic before the snapshot is read, so no change falls between them;
    // one that lands in both is told apart by the item's version.
    client.topic = topic;
    client.pending = [];
    const items = await declaration.snapshot(topic);
    if (generation !== client.generation) return;
    send(client, JSON.stringify(declaration.message(items)));
    const pending = client.pending;
    client.pending = null;
    for (const text of pending) send(client, text);
  }

  return {
    async start(): Promise<void> {
      unlisten = await db.listen(declaration.channel, onNotification, onListenState);
    },
    async stop(): Promise<void> {
      await unlisten?.();
      for (const client of clients) client.socket.close(1001, 'gateway shutting down');
      clients.clear();
    },
    /**
     * After commit: one NOTIFY per topic (chunked), heard by every instance, this one included.
     * The change is saved whatever happens here; a NOTIFY that fails (the database went away
     * between commit and publish) leaves watchers behind, so they start again from a snapshot.
     */
    async publish(changes: readonly LiveChange<Item>[]): Promise<void> {
      try {
        for (const change of changes) {
          for (const payload of chunks(change.topic, change.items)) await db.notify(declaration.channel, payload);
        }
      } catch (error) {
        db.log?.warn({ err: error }, 'a committed change could not be published; watchers start again from a snapshot');
        interrupt();
      }
    },
    attach(socket: WebSocket): void {
      const client: Client = { socket, topic: null, pending: null, generation: 0 };
      clients.add(client);
      socket.on('message', (data) => {
        let message: unknown;
        try {
          message = JSON.parse(String(data));
        } catch {
          message = undefined;
        }
        const topic = declaration.topic(message);
        if (topic === undefined) {
          send(client, JSON.stringify({ detail: declaration.invalidInit }));
          return;
        }
        void init(client, topic).catch(() => socket.close(1011, 'snapshot failed'));
      });
      socket.on('close', () => clients.delete(client));
      socket.on('error', () => clients.delete(client));
    },
    /** Whether a new watcher would hear every change (false while LISTEN is down). */
    get available(): boolean {
      return available;
    },
    get clientCount(): number {
      return clients.size;
    },
  };
}

export type LiveChannel<Item> = ReturnType<typeof createLiveChannel<Item>>;

/**
 * Serves a module's live channel on its app: LISTEN from start to close, and the websocket path.
 * The changes carry what staff see (customer addresses, prices): a staff access token on the
 * upgrade (`Authorization: Bearer`), checked before the socket opens (decision 014); while
 * LISTEN is down the upgrade is refused with 503, as a watcher would miss changes.
 */
export async function serveLiveChannel<Item>(
  app: FastifyInstance,
  { db, tokens }: Pick<GatewayDeps, 'db' | 'tokens'>,
  declaration: LiveChannelDeclaration<Item>,
): Promise<LiveChannel<Item>> {
  const live = createLiveChannel(db, declaration);
  await live.start();
  app.addHook('onClose', () => live.stop());
  const staff = routeAccess(tokens).guard(STAFF);
  const liveUp = async () => {
    if (!live.available) throw new HttpError(503, { detail: 'جریان زنده تغییرات موقتا در دسترس نیست. لطفا چند لحظه دیگر دوباره تلاش کنید' });
  };
  app.get(declaration.path, { websocket: true, preHandler: [...staff.preHandler, liveUp] }, (socket) => live.attach(socket));
  return live;
}
