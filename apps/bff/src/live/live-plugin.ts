import type { FastifyInstance } from 'fastify';
import { shutdownHubs, shutdownShare } from './live-hub';
import type { LiveShare } from './live-share';

/**
 * Ties the live hubs of every feed to the BFF's life: before the server closes its sockets,
 * every watching browser gets its feed's `reconnect` event (so it resumes on another replica
 * with its last id) and the upstream connections are closed. Register once in the app:
 * `await app.register(livePlugin, { live: state.live })`. A replica sharing Redis (decision 129)
 * shuts down only its own hubs and gives up its leases, so another replica takes over at once.
 */
export async function livePlugin(app: FastifyInstance, options: { live?: LiveShare } = {}): Promise<void> {
  const { live } = options;
  app.addHook('preClose', async () => {
    if (live) shutdownShare(live);
    else shutdownHubs();
    // Lets the notices leave before the websocket server terminates the connections.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  if (live) app.addHook('onClose', () => live.close());
}
(livePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
