import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { ItemKey } from './live-feed';
import type { LiveBrowser } from './live-feed.test-support';

// The guarantees every live feed of the panel gives (decision 062), as scenarios each feed's
// watch test runs against its own real gateway: a late subscriber, exact replay after a
// reconnect, and the upstream cut mid-stream. A feed's test says how to make one change and what
// the gateway holds; the scenario does the rest.

export interface LiveScenario<Item, Event extends { type: string }> {
  /** A new browser of the feed (a server-side caller or a websocket client). */
  browser: () => LiveBrowser<Item, Event>;
  topic: string;
  /** One change upstream that the feed carries as one delta. */
  change: () => Promise<void>;
  /** What the gateway holds now, keyed as the browser keys its items, in the shape of `project`. */
  truth: () => Promise<Map<ItemKey, unknown>>;
  /** What of a browser's item is compared with `truth` (default: the whole item). */
  project?: (item: Item) => unknown;
}

const held = <Item, Event extends { type: string }>(s: LiveScenario<Item, Event>, b: LiveBrowser<Item, Event>) =>
  new Map([...b.items].map(([key, item]) => [key, s.project ? s.project(item) : item]));

/** A late subscriber gets the snapshot first (the same items as an earlier one), then live deltas. */
export async function lateSubscriberScenario<Item, Event extends { type: string }>(s: LiveScenario<Item, Event>): Promise<void> {
  const first = s.browser();
  await first.open(s.topic);
  await first.waitFor(() => first.events.length > 0);
  expect(first.events[0]!.data.type).toBe('snapshot');
  await s.change();
  await first.waitFor(() => first.deltas().length === 1);

  const late = s.browser();
  await late.open(s.topic);
  await late.waitFor(() => late.events.length > 0);
  expect(late.events[0]!.data.type).toBe('snapshot');
  expect(late.items).toEqual(first.items);
  await s.change();
  await late.waitFor(() => late.deltas().length === 1);
  await first.waitFor(() => first.deltas().length === 2);
  expect(late.lastId).toBe(first.lastId);
  expect(held(s, late)).toEqual(await s.truth());
  await first.close();
  await late.close();
}

/**
 * A browser that left comes back with its last id and gets exactly the deltas it missed, in
 * order, nothing skipped; a stranger's id gets a snapshot. `missed(k)` makes the k-th missed
 * change (default: `change`), so a feed can put a removal among them. Gives the browsers for the
 * feed's own checks; the caller closes them.
 */
export async function replayScenario<Item, Event extends { type: string }>(
  s: LiveScenario<Item, Event>,
  missed: (k: number) => Promise<void> = () => s.change(),
): Promise<{ watcher: LiveBrowser<Item, Event>; leaving: LiveBrowser<Item, Event>; back: LiveBrowser<Item, Event>; stranger: LiveBrowser<Item, Event> }> {
  const watcher = s.browser();
  await watcher.open(s.topic);
  const leaving = s.browser();
  await leaving.open(s.topic);
  await leaving.waitFor(() => leaving.events.length > 0);
  await s.change();
  await leaving.waitFor(() => leaving.deltas().length === 1);
  await leaving.close();
  const lastId = leaving.lastId!;
  const [epoch, offset] = lastId.split(':') as [string, string];
  const missedIds = [1, 2, 3].map((k) => `${epoch}:${Number(offset) + k}`);
  // One change per delta (the hub merges changes that arrive within its flush window).
  for (const [k, id] of missedIds.entries()) {
    await missed(k);
    await watcher.waitFor(() => watcher.lastId === id);
  }

  const back = s.browser();
  back.lastId = lastId;
  for (const [key, item] of leaving.items) back.items.set(key, item);
  await back.open(s.topic, lastId);
  await back.waitFor(() => back.events.length >= 3);
  // Replay from the ring is exact: one event per missed delta, in order; a later live change may follow.
  expect(back.events.slice(0, 3).map((e) => e.id)).toEqual(missedIds);
  expect(back.events.slice(0, 3).map((e) => e.data.type)).toEqual(['delta', 'delta', 'delta']);
  expect(back.gaps).toEqual([]);
  expect(held(s, back)).toEqual(await s.truth());

  const stranger = s.browser();
  await stranger.open(s.topic, 'abcdef:1');
  await stranger.waitFor(() => stranger.events.length > 0);
  expect(stranger.events[0]!.data.type).toBe('snapshot');
  return { watcher, leaving, back, stranger };
}

/** The part of a live hub's feed the cut scenario drives (`hub.feed(topic)`). */
export interface CuttableFeed {
  readonly epoch: string;
  readonly upstream: string;
  dropUpstream(): void;
}

/**
 * The upstream is cut twice mid-stream while changes keep coming: every browser converges on
 * what the gateway holds, no delta is ever skipped, each was told the stream was reconnecting and
 * got a fresh snapshot per epoch (at least three epochs).
 */
export async function upstreamCutScenario<Item, Event extends { type: string }>(
  s: LiveScenario<Item, Event>,
  options: { feed: () => CuttableFeed; browsers: number; changes: number },
): Promise<LiveBrowser<Item, Event>[]> {
  const browsers = Array.from({ length: options.browsers }, () => s.browser());
  for (const b of browsers) await b.open(s.topic);
  await Promise.all(browsers.map((b) => b.waitFor(() => b.events.length > 0)));
  const feed = options.feed();
  const epochs = new Set([feed.epoch]);
  const cuts = new Set([Math.floor(options.changes / 4), Math.floor((options.changes * 2) / 3)]);
  for (let i = 0; i < options.changes; i++) {
    await s.change();
    if (cuts.has(i)) {
      await browsers[0]!.waitFor(() => feed.upstream === 'live');
      feed.dropUpstream();
    }
    await new Promise((r) => setTimeout(r, 10));
    epochs.add(feed.epoch);
  }
  await browsers[0]!.waitFor(() => feed.upstream === 'live');
  // The last reconnect may finish after the loop: its epoch counts too.
  epochs.add(feed.epoch);
  const truth = await s.truth();
  for (const b of browsers) {
    await b.waitFor(() => {
      const now = held(s, b);
      return [...truth].every(([key, value]) => isDeepStrictEqual(now.get(key), value));
    });
    expect(held(s, b)).toEqual(truth);
    // Deltas only ever follow their predecessor or a fresh snapshot.
    expect(b.gaps).toEqual([]);
    expect(b.events.some((e) => e.data.type === 'status' && (e.data as { upstream?: string }).upstream === 'reconnecting')).toBe(true);
    expect(b.events.filter((e) => e.data.type === 'snapshot').length).toBeGreaterThanOrEqual(3);
  }
  expect(epochs.size).toBeGreaterThanOrEqual(3);
  return browsers;
}
