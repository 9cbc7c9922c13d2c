import type { WebSocket } from 'ws';
import { LiveInitMessageSchema, type Cell, type LiveMessage } from '@panel/contracts/dispatch';
import type { Db, ListenState } from '../../db/db';
import type { Change } from './dispatch.service';

// The live channel `/ws/dispatch` (spec §7, DESIGN §6). Committed changes go through PostgreSQL
// NOTIFY, so every gateway instance sharing the database forwards them to its own sockets.

export const DISPATCH_CHANNEL = 'dispatch_changes';
// PostgreSQL refuses NOTIFY payloads from 8000 bytes; a larger change is sent in chunks.
const MAX_PAYLOAD_BYTES = 7000;
// A socket that cannot keep up is closed; the client reconnects and starts from a snapshot.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export function toLiveMessage(cells: Cell[]): LiveMessage {
  const experts = new Map<number, LiveMessage[number]>();
  for (const cell of cells) {
    const { pk, shift_id, ...rest } = cell;
    let entry = experts.get(cell.expert_id);
    if (!entry) {
      entry = { pk: cell.expert_id, shifts: [] };
      experts.set(cell.expert_id, entry);
    }
    entry.shifts.push({ ...rest, shift_id, pk: shift_id, cell_pk: pk });
  }
  return [...experts.values()];
}

function chunks(date: string, cells: Cell[]): string[] {
  const out: string[] = [];
  let current: Cell[] = [];
  let size = 0;
  for (const cell of cells) {
    const length = Buffer.byteLength(JSON.stringify(cell));
    if (current.length > 0 && size + length > MAX_PAYLOAD_BYTES) {
      out.push(JSON.stringify({ date, cells: current }));
      current = [];
      size = 0;
    }
    current.push(cell);
    size += length + 1;
  }
  if (current.length > 0) out.push(JSON.stringify({ date, cells: current }));
  return out;
}

interface Client {
  socket: WebSocket;
  date: string | null;
  /** Deltas that arrived while the snapshot was being read; sent right after it. */
  pending: string[] | null;
  generation: number;
}

/** Close code for watchers when changes may have been missed: reconnect and start from a snapshot. */
export const LIVE_INTERRUPTED_CLOSE_CODE = 1013;

export function createLiveFeed(db: Db, snapshot: (date: string) => Promise<Cell[]>) {
  const clients = new Set<Client>();
  let unlisten: (() => Promise<void>) | undefined;
  /** False while the database's LISTEN connection is down: no change would reach a watcher. */
  let available = true;

  /**
   * The LISTEN connection dropped: changes committed meanwhile are never heard, so every
   * watcher is closed (its client reconnects and starts again from a snapshot) and new ones are
   * refused until the connection is back.
   */
  function onListenState(state: ListenState): void {
    available = state === 'restored';
    if (state !== 'lost') return;
    for (const client of clients) client.socket.close(LIVE_INTERRUPTED_CLOSE_CODE, 'live changes interrupted');
    clients.clear();
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
    let parsed: { date: string; cells: Cell[] };
    try {
      parsed = JSON.parse(payload) as { date: string; cells: Cell[] };
    } catch {
      return;
    }
    let text: string | undefined;
    for (const client of clients) {
      if (client.date !== parsed.date) continue;
      text ??= JSON.stringify(toLiveMessage(parsed.cells));
      if (client.pending) client.pending.push(text);
      else send(client, text);
    }
  }

  async function init(client: Client, date: string): Promise<void> {
    const generation = ++client.generation;
    // Registered for the date before the snapshot is read, so no change falls between them;
    // one that lands in both is told apart by the cell's version.
    client.date = date;
    client.pending = [];
    const cells = await snapshot(date);
    if (generation !== client.generation) return;
    send(client, JSON.stringify(toLiveMessage(cells)));
    const pending = client.pending;
    client.pending = null;
    for (const text of pending) send(client, text);
  }

  return {
    async start(): Promise<void> {
      unlisten = await db.listen(DISPATCH_CHANNEL, onNotification, onListenState);
    },
    async stop(): Promise<void> {
      await unlisten?.();
      for (const client of clients) client.socket.close(1001, 'gateway shutting down');
      clients.clear();
    },
    /**
     * After commit: one NOTIFY per date (chunked), heard by every instance, this one included.
     * The change is saved whatever happens here; a NOTIFY that fails (the database went away
     * between commit and publish) leaves watchers behind, so they start again from a snapshot.
     */
    async publish(changes: Change[]): Promise<void> {
      try {
        for (const change of changes) {
          for (const payload of chunks(change.date, change.cells)) await db.notify(DISPATCH_CHANNEL, payload);
        }
      } catch (error) {
        db.log?.warn({ err: error }, 'a committed change could not be published; watchers start again from a snapshot');
        for (const client of clients) client.socket.close(LIVE_INTERRUPTED_CLOSE_CODE, 'live changes interrupted');
        clients.clear();
      }
    },
    attach(socket: WebSocket): void {
      const client: Client = { socket, date: null, pending: null, generation: 0 };
      clients.add(client);
      socket.on('message', (data) => {
        let message: unknown;
        try {
          message = JSON.parse(String(data));
        } catch {
          message = undefined;
        }
        const parsed = LiveInitMessageSchema.safeParse(message);
        if (!parsed.success) {
          send(client, JSON.stringify({ detail: 'پیام نامعتبر است؛ ابتدا {type: "init", data: تاریخ} بفرستید' }));
          return;
        }
        void init(client, parsed.data.data).catch(() => socket.close(1011, 'snapshot failed'));
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

export type LiveFeed = ReturnType<typeof createLiveFeed>;
