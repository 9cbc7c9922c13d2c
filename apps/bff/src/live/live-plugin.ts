import type { FastifyInstance } from 'fastify';
import { shutdownHubs } from './live-hub';

/**
 * Ties the live hubs of every feed to the BFF's life: before the server closes its sockets,
 * every watching browser gets its feed's `reconnect` event (so it resumes on another replica
 * with its last id) and the upstream connections are closed. Register once in the app:
 * `await app.register(livePlugin)`.
 */
export async function livePlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preClose', async () => {
    shutdownHubs();
    // Lets the notices leave before the websocket server terminates the connections.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}
(livePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
