import WebSocket from 'ws';
import type { UpstreamHealth } from '../gateway/gateway-client';

// The upstream link of a live topic (DESIGN §6, decision 062): one websocket to the gateway,
// opened with a watching browser's session, kept alive by pings and reopened forever with
// jittered backoff when it is lost.

/** The upstream is pinged this often; one that has not answered the previous ping is dropped. */
const HEARTBEAT_MS = 3_000;
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 10_000;
/** A token this close to its expiry is renewed before it is used for a new upstream connection. */
const CREDENTIAL_MARGIN_MS = 5_000;

/**
 * A watching browser's session, lent to the upstream connection of its topic: the gateway's
 * live paths take a staff access token on the upgrade (decision 014), and the connection
 * outlives any one browser, so it uses the freshest token among the browsers watching the topic.
 */
export interface UpstreamCredential {
  /** The session's access token and its expiry (ms since the epoch), if it has one. */
  current(): { token: string; expiresAt: number } | undefined;
  /** Confirms the session with the gateway, renewing an expired token; throws when it no longer holds. */
  renew(): Promise<void>;
}

/** What the topic does with its link. */
export interface UpstreamHandlers {
  /** A new connection is being opened: its first message will be the whole topic. */
  connecting(): void;
  /** The message the topic is subscribed with, sent once the connection opens. */
  init(): unknown;
  message(text: string): void;
  /** The open connection was lost; the link reconnects by itself. */
  lost(): void;
}

export class UpstreamLink {
  private readonly credentials = new Set<UpstreamCredential>();
  /** The gateway refused the last token: renew before the next attempt. */
  private refused = false;
  /** No watching browser could lend a token (or none came yet): the next one to arrive connects. */
  private waitingForCredential = true;
  private socket: WebSocket | undefined;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private alive = true;
  private closed = false;

  constructor(
    readonly url: string,
    private readonly handlers: UpstreamHandlers,
    private readonly health?: UpstreamHealth,
  ) {}

  /** Lends a browser's session to the upstream connection for as long as it watches. */
  lend(credential: UpstreamCredential): void {
    this.credentials.add(credential);
    if (this.waitingForCredential) {
      this.waitingForCredential = false;
      clearTimeout(this.retry);
      this.connect();
    }
  }

  unlend(credential: UpstreamCredential): void {
    this.credentials.delete(credential);
  }

  /** Cuts the connection as a network failure would (tests and chaos runs). */
  drop(): void {
    this.socket?.terminate();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    this.socket?.terminate();
  }

  /** The freshest token of a watching browser, renewed first when it is refused or about to expire. */
  private async credential(): Promise<string | undefined> {
    const now = Date.now();
    let best: { token: string; expiresAt: number } | undefined;
    for (const credential of this.credentials) {
      const current = credential.current();
      if (current && (!best || current.expiresAt > best.expiresAt)) best = current;
    }
    if (best && !this.refused && best.expiresAt > now + CREDENTIAL_MARGIN_MS) return best.token;
    for (const credential of [...this.credentials]) {
      try {
        await credential.renew();
      } catch {
        continue;
      }
      const renewed = credential.current();
      if (renewed && renewed.expiresAt > Date.now()) return renewed.token;
    }
    return undefined;
  }

  private connect(): void {
    if (this.closed) return;
    void this.credential().then(
      (token) => this.open(token),
      () => this.open(undefined),
    );
  }

  private open(token: string | undefined): void {
    if (this.closed) return;
    if (!token) {
      // Nobody watching can lend a session now; whoever subscribes next starts the connection.
      this.waitingForCredential = true;
      this.scheduleRetry();
      return;
    }
    // A gateway that accepts the connection but never answers (frozen) is given up on too.
    const socket = new WebSocket(this.url, { headers: { authorization: `Bearer ${token}` }, handshakeTimeout: HEARTBEAT_MS * 2 });
    this.socket = socket;
    this.handlers.connecting();
    socket.on('open', () => {
      this.health?.succeeded();
      this.refused = false;
      this.attempt = 0;
      this.alive = true;
      socket.send(JSON.stringify(this.handlers.init()));
      this.heartbeat = setInterval(() => {
        if (!this.alive) {
          socket.terminate();
          return;
        }
        this.alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('message', (data) => {
      this.alive = true;
      this.handlers.message(String(data));
    });
    socket.on('close', () => this.onLost(socket));
    socket.on('error', (error) => {
      // `ws` reports a refused upgrade as "Unexpected server response: 401".
      if (/: 40[13]$/.test(error.message)) this.refused = true;
      socket.terminate();
    });
  }

  private onLost(socket: WebSocket): void {
    clearInterval(this.heartbeat);
    if (socket !== this.socket || this.closed) return;
    this.health?.failed(this.refused ? 'the gateway refused the credential' : 'connection closed');
    this.handlers.lost();
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    // Forever, with full jitter so many BFF replicas do not reconnect in step.
    const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 16);
    this.retry = setTimeout(() => this.connect(), BACKOFF_BASE_MS / 2 + Math.random() * cap);
  }
}
