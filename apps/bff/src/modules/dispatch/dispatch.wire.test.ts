import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { DispatchEventSchema, type Cell } from '@panel/contracts/dispatch';
import type { startTestGateway } from '@panel/gateway/testing';
import { buildBff } from '../../app';
import { sampleValue } from '@panel/observability/testing';
import { registry } from '../../metrics';
import { browserUpgradeHeaders, sealedCookieHeader, testBffEnv, startGatewayForBff } from '../../testing';
import { dispatchHub } from './dispatch.live';
import { availabilityToggler } from './dispatch.test-support';

// The once-serialized deltas (live/live-wire.ts) of the dispatch feed over the real transport: a browser's websocket
// to the BFF must carry exactly the frames tRPC's own adapter would have written for the events.

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

/** A browser's raw socket on `dispatch.watch`, keeping every text frame as received. */
class RawBrowser {
  readonly frames: string[] = [];
  private socket: WebSocket;
  constructor(url: string, cookie: string, input: object) {
    this.socket = new WebSocket(url, { headers: browserUpgradeHeaders(url, cookie) });
    this.socket.on('open', () => this.socket.send(JSON.stringify({ id: 7, method: 'subscription', params: { path: 'dispatch.watch', input } })));
    this.socket.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      const text = String(data);
      if (text !== 'PING') this.frames.push(text);
    });
  }
  /** The subscription's events: `[id, event]`, each checked against the contract. */
  events() {
    return this.frames
      .map((text) => JSON.parse(text) as { id: number; result?: { type: string; id?: string; data?: { id: string; data: unknown } } })
      .filter((m) => m.result?.type === 'data')
      .map((m) => {
        expect(m.id).toBe(7);
        expect(m.result!.id).toBe(m.result!.data!.id);
        return [m.result!.data!.id, DispatchEventSchema.parse(m.result!.data!.data)] as const;
      });
  }
  deltas() {
    return this.events().filter(([, e]) => e.type === 'delta');
  }
  async waitFor(predicate: () => boolean, ms = 8000) {
    const until = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`timed out; ${this.frames.length} frames`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  close() {
    this.socket.terminate();
  }
}

describe('dispatch.watch over the BFF websocket: deltas serialized once', () => {
  let gateway: Gateway;
  let bff: Awaited<ReturnType<typeof buildBff>>;
  let url: string;
  let cookie: string;
  let token: string;
  let date: string;
  let pool: Cell[];

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    token = await gateway.deps.tokens.signAccess(SARA, [ROLES.staff]);
    const refresh = await gateway.deps.tokens.signRefresh(1, 'wire');
    cookie = await sealedCookieHeader({ access: token, refresh, roles: [ROLES.staff] });
    bff = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl }));
    await bff.listen({ host: '127.0.0.1', port: 0 });
    const address = bff.server.address() as { port: number };
    url = `ws://127.0.0.1:${address.port}/trpc`;
    const auth = { authorization: `Bearer ${token}` };
    date = (await gateway.app.inject({ url: '/api/dispatch/dates/', headers: auth })).json().result.find((d: { type: string }) => d.type === 'tommorrow').date;
    pool = ((await gateway.app.inject({ url: `/api/dispatch/cells/?date=${date}`, headers: auth })).json().result as Cell[]).filter(
      (c) => c.state === 0 && !c.inspection,
    );
  });
  afterAll(async () => {
    await bff.close();
    await gateway.close();
  });

  const change = availabilityToggler(() => ({ gateway, token, pool }), 8);
  const truth = async () => {
    const rows = (await gateway.app.inject({ url: `/api/dispatch/cells/?date=${date}`, headers: { authorization: `Bearer ${token}` } })).json().result as Cell[];
    return new Map(rows.map((c) => [c.pk, c]));
  };

  it('live and replayed deltas reach browsers as whole events, identical for every browser', async () => {
    const a = new RawBrowser(url, cookie, { date });
    const b = new RawBrowser(url, cookie, { date });
    await a.waitFor(() => a.events().length > 0);
    await b.waitFor(() => b.events().length > 0);
    for (let i = 0; i < 3; i++) {
      await change();
      await a.waitFor(() => a.deltas().length === i + 1);
    }
    await b.waitFor(() => b.deltas().length === 3);
    // One serialization shared: the frames differ at most where the subscription's own id would.
    expect(a.frames.filter((f) => f.includes('"delta"'))).toEqual(b.frames.filter((f) => f.includes('"delta"')));
    // Each frame is what tRPC writes for `tracked(id, event)`: re-serializing what was read gives it back.
    for (const frame of a.frames) {
      const message = JSON.parse(frame) as { id: number; result: { type: string; id?: string; data?: { id: string; data: unknown } } };
      if (message.result.type !== 'data') continue;
      const { id, data } = message.result.data!;
      expect(frame).toBe(JSON.stringify({ id: 7, result: { type: 'data', data: { id, data }, id } }));
    }
    const now = await truth();
    for (const [, event] of a.deltas()) {
      for (const cell of (event as { cells: Cell[] }).cells) expect(cell.version).toBeLessThanOrEqual(now.get(cell.pk)!.version);
    }
    const last = a.deltas().at(-1)![1] as { cells: Cell[] };
    for (const cell of last.cells) expect(cell).toEqual(now.get(cell.pk));

    // A reconnect with an older id is replayed from the ring: the same bytes again.
    const [firstId] = a.deltas()[0]!;
    const back = new RawBrowser(url, cookie, { date, lastEventId: firstId });
    await back.waitFor(() => back.deltas().length === 2);
    expect(back.deltas()).toEqual(a.deltas().slice(1));
    // Replayed frames are byte for byte the live ones.
    const deltaFrames = (browser: RawBrowser) => browser.frames.filter((f) => f.includes('"delta"'));
    expect(deltaFrames(back)).toEqual(deltaFrames(a).slice(1));
    for (const browser of [a, b, back]) browser.close();
  });

  it('a browser whose socket stops draining is cut past the unsent-bytes limit, then catches up by replay', async () => {
    const tight = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl, LIVE_MAX_UNSENT_BYTES: '65536' }));
    await tight.listen({ host: '127.0.0.1', port: 0 });
    try {
      const tightUrl = `ws://127.0.0.1:${(tight.server.address() as { port: number }).port}/trpc`;
      // One socket with many subscriptions (a browser multiplexes them) that stops reading:
      // subscriptions are added until their snapshots are more than the kernel's socket buffers
      // hold (their size differs between machines) and the BFF's own buffer passes the limit.
      const socket = new WebSocket(tightUrl, { headers: browserUpgradeHeaders(tightUrl, cookie) });
      const frames: string[] = [];
      socket.on('message', (data) => String(data) !== 'PING' && frames.push(String(data)));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('open', resolve));
      (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const dropped = async () => sampleValue(await registry.metrics(), 'panel_bff_live_dropped_total', { feed: 'dispatch' }) ?? 0;
      const started = async () => sampleValue(await registry.metrics(), 'panel_bff_live_start_seconds_count', { feed: 'dispatch', stage: 'first_event' }) ?? 0;
      const droppedBefore = await dropped();
      const startedBefore = await started();
      const BATCH = 250;
      let subscriptions = 0;
      // 4,000 snapshots of this date are ~50 MB: past any socket buffers a Linux box gives loopback.
      while ((await dropped()) === droppedBefore && subscriptions < 4000) {
        for (let i = 0; i < BATCH; i++) socket.send(JSON.stringify({ id: ++subscriptions, method: 'subscription', params: { path: 'dispatch.watch', input: { date } } }));
        const until = Date.now() + 8000;
        // Each batch's snapshots are written once its sessions are confirmed.
        while ((await dropped()) === droppedBefore && Date.now() < until && (await started()) - startedBefore < subscriptions) await new Promise((r) => setTimeout(r, 20));
      }
      // The BFF cut the socket for its unsent bytes, not for a missed keep-alive.
      expect(await dropped()).toBeGreaterThan(droppedBefore);
      (socket as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await closed).toBe(1006);
      // What did arrive is whole tRPC frames; the page resumes from its last id and gets the rest.
      const seen = frames.map((f) => JSON.parse(f) as { id: number; result?: { type: string; id?: string } });
      const lastId = seen.filter((m) => m.id === 1 && m.result?.type === 'data').at(-1)?.result?.id;
      expect(lastId).toMatch(/^[0-9a-f]+:\d+$/);
      const [epoch, offset] = lastId!.split(':') as [string, string];
      const back = new RawBrowser(url, cookie, { date, lastEventId: lastId });
      // Whether the cut came before or after that delta, the next one follows the last id.
      await change();
      await back.waitFor(() => back.events().length > 0);
      // Exactly what it missed, from the ring: the delta after its last id, not a snapshot.
      const [firstId, first] = back.events()[0]!;
      expect(firstId).toBe(`${epoch}:${Number(offset) + 1}`);
      expect(first.type).toBe('delta');
      const now = await truth();
      for (const cell of (first as { cells: Cell[] }).cells) expect(cell).toEqual(now.get(cell.pk));
      back.close();
    } finally {
      await tight.close();
    }
  });

  it('browsers that fell behind by the same range share one merged delta, equal to merging it themselves', async () => {
    const viewer = new RawBrowser(url, cookie, { date });
    await viewer.waitFor(() => viewer.events().length > 0);
    const feed = dispatchHub(gateway.wsUrl).feed(date)!;
    const start = feed.offset;
    for (let i = 0; i < 3; i++) {
      await change();
      await viewer.waitFor(() => feed.offset === start + i + 1);
    }
    const merged = feed.merged(start + 1, start + 3)!;
    expect(feed.merged(start + 1, start + 3)).toBe(merged);
    const byPk = new Map<number, Cell>();
    for (const delta of feed.since(feed.epoch, start)!) for (const cell of delta.items) byPk.set(cell.pk, cell);
    expect(merged.items).toEqual([...byPk.values()]);
    expect(feed.merged(start - 5000, start)).toBeUndefined();
    viewer.close();
  });
});
