import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the server drains, a response to a request already in flight closes its connection: a
 * kept-alive socket would otherwise hold the close open and take the client's next request.
 */
export const drainPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'drain' },
);
