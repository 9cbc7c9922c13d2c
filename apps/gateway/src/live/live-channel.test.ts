import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '../testing';
import { serveLiveChannel, type LiveChannel, type LiveChannelDeclaration } from './live-channel';
import { TEST_DRIVERS, onOneDriver } from '../test-drivers';

// A module's live channel as the kit serves it, with a toy module whose items leave their shelf
// (as offers leave monitoring): the staff token on the upgrade, init, the snapshot first, then
// each published change of the socket's topic only, tombstones and large changes included.

type Toy = { id: string; version: number; label?: string; removed?: true };

const shelves = new Map<string, Toy[]>();
const toyChannel: LiveChannelDeclaration<Toy> = {
  path: '/ws/toys',
  channel: 'toy_changes',
  topic: (message) => {
    const shelf = (message as { type?: unknown; shelf?: unknown } | undefined)?.shelf;
    return (message as { type?: unknown })?.type === 'init' && typeof shelf === 'string' ? shelf : undefined;
  },
  invalidInit: 'پیام نامعتبر است؛ ابتدا قفسه را بگویید',
  snapshot: async (shelf) => (shelves.get(shelf) ?? []).filter((toy) => !toy.removed),
  message: (toys) => ({ toys }),
};

const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(TEST_DRIVERS)('a live channel declared by a module, on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let app: FastifyInstance;
  let live: LiveChannel<Toy>;
  let url = '';
  let staff = '';

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    app = Fastify();
    await app.register(websocket);
    live = await serveLiveChannel(app, gateway.deps, toyChannel);
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${toyChannel.path}`;
    staff = `Bearer ${await gateway.deps.tokens.signAccess(SARA, [ROLES.staff])}`;
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  /** A watcher of the channel, keeping every message. */
  function watch(authorization?: string) {
    const messages: unknown[] = [];
    const socket = new WebSocket(url, { headers: authorization ? { authorization } : {} });
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const refused = new Promise<string>((resolve) => socket.on('error', (error) => resolve(error.message)));
    const opened = new Promise((resolve) => socket.on('open', resolve));
    const waitFor = async (count: number) => {
      const until = Date.now() + 8000;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`${messages.length} of ${count} messages`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    return { socket, messages, refused, opened, waitFor };
  }

  once('refuses an upgrade without a staff token', async () => {
    expect(await watch().refused).toMatch(/: 401$/);
    const viewer = `Bearer ${await gateway.deps.tokens.signAccess(SARA, [])}`;
    expect(await watch(viewer).refused).toMatch(/: 403$/);
  });

  once('answers anything but an init with the declared Persian message', async () => {
    const watcher = watch(staff);
    await watcher.opened;
    watcher.socket.send(JSON.stringify({ type: 'hello' }));
    await watcher.waitFor(1);
    expect(watcher.messages).toEqual([{ detail: toyChannel.invalidInit }]);
    watcher.socket.close();
  });

  it('sends the topic first, then each published change of that topic only, removals included', async () => {
    shelves.set('top', [
      { id: 'a', version: 1 },
      { id: 'b', version: 1, removed: true },
    ]);
    const watcher = watch(staff);
    await watcher.opened;
    watcher.socket.send(JSON.stringify({ type: 'init', shelf: 'top' }));
    await watcher.waitFor(1);
    expect(watcher.messages[0]).toEqual({ toys: [{ id: 'a', version: 1 }] });

    await live.publish([{ topic: 'other', items: [{ id: 'x', version: 1 }] }]);
    const gone: Toy = { id: 'a', version: 2, removed: true };
    await live.publish([{ topic: 'top', items: [gone] }]);
    await watcher.waitFor(2);
    // NOTIFY keeps the order of publishing: had the other shelf's change reached it, it came first.
    expect(watcher.messages[1]).toEqual({ toys: [gone] });

    // Past PostgreSQL's NOTIFY limit a change goes out in several messages, every item in one of them.
    const many = Array.from({ length: 40 }, (_, k): Toy => ({ id: `t${k}`, version: 3, label: 'ا'.repeat(200) }));
    await live.publish([{ topic: 'top', items: many }]);
    const until = Date.now() + 8000;
    const received = () => watcher.messages.slice(2).flatMap((m) => (m as { toys: Toy[] }).toys);
    while (received().length < many.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(watcher.messages.length).toBeGreaterThan(3);
    expect(received()).toEqual(many);
    watcher.socket.close();
  });
});
