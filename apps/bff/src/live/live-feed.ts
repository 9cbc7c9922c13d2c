// What a module declares to stream a live screen to browsers (decision 062). The kit of this
// folder does the rest the same way for every screen: one upstream websocket per watched topic,
// epochs and offsets, the replay ring, merged ranges, the flush window, heartbeat and backoff,
// the lent staff token, the subscription with its slow-browser limits, the direct lane.

export type UpstreamState = 'live' | 'reconnecting';

/** The key of an item within its topic (dispatch: a cell's pk; offers: an offer's id). */
export type ItemKey = string | number;

export interface LiveFeedDeclaration<Item, Event extends object> {
  /** Names the feed in the operators' log ("gateway live stream of <name> <topic> lost"). */
  readonly name: string;
  /** The gateway's websocket path of the feed, e.g. `/ws/dispatch`. */
  readonly path: string;
  /** Sent first on every connection and reconnection of a topic's upstream. */
  init(topic: string): unknown;
  /**
   * The items of one upstream message (already JSON-parsed), or undefined for a message that is
   * not one of this feed's (it is ignored). The first message of a connection is the whole topic.
   */
  items(message: unknown): readonly Item[] | undefined;
  key(item: Item): ItemKey;
  /**
   * Grows with every change of an item, its removal included: a change no newer than the one the
   * feed holds (a change the snapshot already had) is skipped.
   */
  version(item: Item): number;
  /**
   * Whether the item is a tombstone: it left the topic. A tombstone travels in deltas like any
   * change and never appears in a snapshot. Leave it out when items are never removed.
   */
  removed?(item: Item): boolean;
  /** The browser's events, shaped by the module's contract (the same bytes as before the kit). */
  snapshot(topic: string, items: Item[], at: string): Event;
  delta(topic: string, items: Item[]): Event;
  status(topic: string, upstream: UpstreamState): Event;
  reconnect(topic: string): Event;
}
