import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** This instance's stop: once begun, /readyz fails and answers close their connections. */
export interface DrainState {
  readonly draining: boolean;
  begin(): void;
}

/**
 * While the server drains, a response to a request already in flight closes its connection: a
 * kept-alive socket would otherwise hold the close open and take the client's next request.
 * Draining begins at the stop signal (before the listener closes) or at the close itself.
 */
export const drainPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate('drain', {
      get draining() {
        return draining;
      },
      begin() {
        draining = true;
      },
    } satisfies DrainState);
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'drain' },
);
