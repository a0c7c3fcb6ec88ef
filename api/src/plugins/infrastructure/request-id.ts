import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
const INSTANCE_HEADER = 'x-shop-instance';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Honours a caller's (or proxy's) x-request-id when it is safe to log, else makes one. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    // Which instance answered, only when the operator names them: behind a load balancer it
    // tells them apart in logs and tests, and an unnamed shop discloses nothing about its hosts.
    const instanceId = app.config.instanceId;
    app.addHook('onSend', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (instanceId) reply.header(INSTANCE_HEADER, instanceId);
    });
  },
  { name: 'request-id' },
);
