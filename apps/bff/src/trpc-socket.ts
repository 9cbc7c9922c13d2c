import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { SHED_RETRY_AFTER_SECONDS } from '@panel/observability';
import { createSocketContext, socketCallerOf, type AppState } from './context';
import type { BffEnv } from './env';
import { isAllowedOrigin, normalisedPath, ownOriginOf, proxyTrust, type TrustProxy } from './http-guards';
import { FORBIDDEN_ORIGIN_MESSAGE, OVERLOADED_MESSAGE, persianMessageFor } from './messages';
import { shed } from './metrics';
import type { AppRouter } from './router';
import { SocketProtocol, type SocketProtocolOptions } from './socket-protocol';

// The API's websocket (decision 143): a `ws` server on the HTTP server's own `upgrade` event, not
// a route of fastify. Through fastify the upgrade request, its reply and every route hook's
// closure (with its headers, the session cookies among them) lived as long as the socket: a
// watching browser cost the BFF ten times a bare broadcast's socket. The upgrade meets the same
// rules here (shedding, the API's path in any spelling, the panel's own origin), the caller's
// token or session cookies and address are copied off it, and nothing else of it is kept. The
// socket then speaks tRPC's websocket protocol (socket-protocol.ts, decision 145).

export interface TrpcSocketOptions {
  env: BffEnv;
  state: AppState;
  path: string;
  allowedOrigins: ReadonlySet<string>;
  trustProxy: TrustProxy;
  protocol: SocketProtocolOptions<AppRouter>;
}

/** Answers an upgrade it refuses with a plain HTTP answer in the §8 shape, then closes the socket. */
function refuse(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}) {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ message });
  const lines = Object.entries({ 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...headers, connection: 'close' });
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
}

/** Serves the typed API's websocket on `app`'s server; its sockets close with the app. */
export function serveTrpcSocket(app: FastifyInstance, { env, state, path, allowedOrigins, trustProxy, protocol: options }: TrpcSocketOptions): void {
  const trust = proxyTrust(trustProxy);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const protocol = new SocketProtocol(options);

  function guard(this: Duplex) {
    this.destroy();
  }
  // Defined once, out of the upgrade's scope: a closure made there would keep the caller's
  // sealed cookies for the socket's life.
  function onSocketError(this: WebSocket, error: Error) {
    app.log.error({ err: error }, 'websocket failed');
    this.terminate();
  }
  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // Node takes its own error listener off the socket before it emits `upgrade`.
    socket.on('error', guard);
    const pressure = app.pressure();
    if (pressure) {
      shed.inc({ reason: pressure });
      return refuse(socket, 503, OVERLOADED_MESSAGE, { 'retry-after': String(SHED_RETRY_AFTER_SECONDS) });
    }
    if (normalisedPath(req.url ?? '/') !== path) return refuse(socket, 404, persianMessageFor(404));
    if (!isAllowedOrigin(req.headers.origin, ownOriginOf(req, trust), allowedOrigins)) return refuse(socket, 403, FORBIDDEN_ORIGIN_MESSAGE);
    const caller = socketCallerOf(req, trust);
    // Of the request, only the URL's `connectionParams` flag is read after this.
    const url = req.url;
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off('error', guard);
      ws.on('error', onSocketError);
      protocol.connect(ws, createSocketContext(env, state, caller, ws), url, socket);
    });
  }
  app.server.on('upgrade', onUpgrade);
  // Added after the live kit's own (app.ts): watching browsers are told to reconnect first.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.close();
  });
  app.addHook('onClose', () => {
    protocol.close();
    return new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
