import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

describe('error shape, validation, request ids and headers', () => {
  let t: TestApp;
  const logged: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await buildTestApp({
      app: {
        logger: {
          level: 'error',
          stream: { write: (line: string) => logged.push(JSON.parse(line)) },
        },
      },
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret detail: connection string postgres://user:pw@db');
        });
        app.get('/api/test/teapot', async () => {
          throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
        });
      },
    });
  });
  afterAll(() => t.close());

  it('hides the details of a 5xx from the client and logs them with the request id', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'boom-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      },
    });
    expect(response.body).not.toContain('secret');
    const entry = logged.find((line) => line.reqId === 'boom-1' && line.err);
    expect(JSON.stringify(entry)).toContain('secret detail');
  });

  it('passes other 4xx errors through in the standard shape', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'I am a teapot' } });
  });

  it('answers an unknown path with the standard 404 body', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nothing-here' },
    });
  });

  it('gives every response a request id, honouring a safe incoming one', async () => {
    const generated = await t.inject({ method: 'GET', url: API_PATHS.healthz });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const honoured = await t.inject({
      method: 'GET',
      url: API_PATHS.healthz,
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    expect(honoured.headers['x-request-id']).toBe('trace-abc.123');
    const unsafe = await t.inject({
      method: 'GET',
      url: API_PATHS.healthz,
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(unsafe.headers['x-request-id']).not.toContain('bad id');
  });

  it('sends helmet headers and a CSP that allows only same-origin scripts', async () => {
    const response = await t.inject({ method: 'GET', url: API_PATHS.healthz });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('reports every invalid field at once', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: { email: 'x', name: '', password: 'p' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        fields: {
          email: expect.any(String),
          name: expect.any(String),
          password: expect.any(String),
        },
      },
    });
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.inject({ method: 'GET', url: API_PATHS.healthz })).json()).toEqual({
      status: 'ok',
    });
    expect((await t.inject({ method: 'GET', url: API_PATHS.readyz })).json()).toEqual({
      status: 'ok',
      database: 'up',
    });
  });

  it('serves the OpenAPI document generated from the zod contract', async () => {
    const response = await t.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/auth2/login/password'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(spec.paths['/api/v1/customization/{shopKey}'].get.responses).toHaveProperty('404');
    expect(spec.paths).not.toHaveProperty('/dev/outbox');
    const ui = await t.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
