import Fastify, { type FastifyInstance } from 'fastify';
import { PRIVATE_CACHE_CONTROL } from '../../src/lib/cache-control';
import { privateResponsesPlugin } from '../../src/plugins/infrastructure/private-responses';

describe('private responses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(privateResponsesPlugin);
    app.get('/private', { config: { privateResponse: true } }, async () => ({ mine: true }));
    app.get('/private-failing', { config: { privateResponse: true } }, async () => {
      throw Object.assign(new Error('not yours'), { statusCode: 404 });
    });
    app.get('/public', async () => ({ everyone: true }));
    await app.register(async (scope) => {
      // A guard that turns a caller away before the handler, as the operator API's does.
      scope.addHook('onRequest', async (_request, reply) => reply.code(404).send());
      scope.get('/guarded', { config: { privateResponse: true } }, async () => ({ mine: true }));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const cacheControlOf = async (url: string) =>
    (await app.inject({ method: 'GET', url })).headers['cache-control'];

  it('marks a route flagged privateResponse private, no-store, its errors included', async () => {
    expect(PRIVATE_CACHE_CONTROL).toBe('private, no-store');
    expect(await cacheControlOf('/private')).toBe('private, no-store');
    expect(await cacheControlOf('/private-failing')).toBe('private, no-store');
  });

  it('leaves a public route and a request turned away before the handler alone', async () => {
    expect(await cacheControlOf('/public')).toBeUndefined();
    expect(await cacheControlOf('/guarded')).toBeUndefined();
  });
});
