// Operator routes answer operators only. Everyone else (anonymous, a shopper, a forged role, a
// tampered session) gets exactly what an unknown path gets: 404 NOT_FOUND in the API's shape.
import { API_PATHS } from '@shop/shared/contract/paths';
import { OPS_PREFIX } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { latestMailTo } from '../../helpers/accounts';
import { operatorSession, shopperSession } from '../../helpers/operators';

const OPERATOR_TOKEN = 'local-operator-token-0123456789abcdefghij';

/** Every route the app has under the operator prefix, read from the app itself (not a list kept here). */
function operatorRoutes(t: TestApp): { method: string; url: string }[] {
  // printRoutes nests a path under its parent (4 characters a level): rebuild each full path.
  const tree = t.app.printRoutes({ commonPrefix: false });
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = url;
    parents.length = depth + 1;
    if (!url.startsWith(`${OPS_PREFIX}/`) || !match[3]) continue;
    for (const method of match[3].split(',').map((name) => name.trim()))
      if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** A concrete URL for a route: parameters get plausible values, so only the guard can refuse. */
function concrete(url: string): string {
  return url
    .replace(':remote', 'mf_catalog')
    .replace(':shopKey', 'acme-wellness')
    .replace(':id', '00000000-0000-4000-8000-000000000000');
}

const BODIES: Record<string, Record<string, unknown>> = {
  POST: {
    version: '1.0.0+abc',
    force: false,
    idempotencyKey: 'key-12345678',
    email: 'x@example.com',
  },
  PUT: { businessName: 'Hijacked' },
};

describe('operator routes refuse everyone but operators with a 404', () => {
  let t: TestApp;
  let shopper: string;
  let operator: string;
  let routes: { method: string; url: string }[];

  beforeAll(async () => {
    t = await buildTestApp({ app: { operatorToken: OPERATOR_TOKEN } });
    shopper = await shopperSession(t);
    operator = await operatorSession(t);
    routes = operatorRoutes(t);
  });
  afterAll(() => t.close());

  it('finds every operator route in the app', () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const name of ['opsReleases', 'opsOrderRefunds', 'opsPartner', 'opsOperators'] as const)
      expect(routes.map((route) => route.url)).toContain(API_PATHS[name]);
  });

  const callers: [string, () => Record<string, string>][] = [
    ['an anonymous caller', () => ({})],
    ['a shopper session', () => ({ cookie: shopper })],
    ['a cookie claiming the operator role', () => ({ cookie: 'role=operator; bw_role=operator' })],
    [
      'a header claiming the operator role',
      () => ({ 'x-shop-role': 'operator', 'x-shop-operator': 'admin' }),
    ],
    [
      'a made-up bearer token',
      () => ({ authorization: 'Bearer not-the-local-operator-token-0000' }),
    ],
    [
      'a shopper session with a forged bearer',
      () => ({ cookie: shopper, authorization: 'Bearer operator' }),
    ],
    ['a tampered operator session', () => ({ cookie: `${operator.slice(0, -2)}xx` })],
  ];

  it.each(callers)(
    'answers %s with the unknown-path 404 on every operator route',
    async (_label, headers) => {
      for (const route of routes) {
        const url = concrete(route.url);
        const unknown = await t.inject({
          method: route.method as never,
          url: `${OPS_PREFIX}/no-such-route`,
          headers: headers(),
          payload: route.method in BODIES ? BODIES[route.method] : undefined,
        });
        const response = await t.inject({
          method: route.method as never,
          url,
          headers: headers(),
          payload: route.method in BODIES ? BODIES[route.method] : undefined,
        });
        expect({ route: `${route.method} ${url}`, status: response.statusCode }).toEqual({
          route: `${route.method} ${url}`,
          status: 404,
        });
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: `No route for ${route.method} ${url}` },
        });
        expect(unknown.statusCode).toBe(404);
        // Nothing else tells the two apart: no cookie set or cleared, the same caching.
        expect(response.headers['set-cookie']).toEqual(unknown.headers['set-cookie']);
        expect(response.headers['cache-control']).toEqual(unknown.headers['cache-control']);
      }
    },
  );

  it('keeps the operator routes out of the public OpenAPI document', async () => {
    const document = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).filter((path) => path.startsWith(OPS_PREFIX))).toEqual([]);
  });

  it('answers an operator session and the local token', async () => {
    const session = await t.inject({
      method: 'GET',
      url: API_PATHS.opsSession,
      headers: { cookie: operator },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      operator: { userId: expect.any(String), name: 'ops@bloodwise.test', via: 'console' },
    });
    expect(session.headers['cache-control']).toBe('private, no-store');
    const cli = await t.inject({
      method: 'GET',
      url: API_PATHS.opsSession,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'x-shop-operator': 'alice' },
    });
    expect(cli.json()).toEqual({ operator: { userId: null, name: 'alice', via: 'cli' } });
  });

  it('adds an operator from the console: mails a set-password link and writes an audit row', async () => {
    const added = await t.inject({
      method: 'POST',
      url: API_PATHS.opsOperators,
      headers: { cookie: operator },
      payload: { email: 'Second.Ops@Example.com', name: 'Second' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ email: 'second.ops@example.com', created: true });
    const mail = await latestMailTo(t, 'second.ops@example.com');
    expect(mail.text).toMatch(/http:\/\/shop\.test\/reset-password\?linkId=/);
    const audit = await t.inject({
      method: 'GET',
      url: API_PATHS.opsAudit,
      headers: { cookie: operator },
    });
    expect(audit.json().entries[0]).toMatchObject({
      actor: 'ops@bloodwise.test',
      via: 'console',
      action: 'operator.add',
      target: 'second.ops@example.com',
      before: null,
      after: { role: 'operator', created: true },
    });
  });

  it('adds a partner once when two creates race for the same shop key: one 201, one 409, the first kept', async () => {
    const create = (businessName: string) =>
      t.inject({
        method: 'POST',
        url: API_PATHS.opsPartners,
        headers: { cookie: operator },
        payload: { shopKey: 'race-partner', businessName },
      });
    const answers = await Promise.all([create('First Partner'), create('Second Partner')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json();
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toEqual({
      error: expect.objectContaining({
        code: 'CONFLICT',
        fields: { shopKey: 'This shop key is taken' },
      }),
    });
    const stored = await t.inject({
      method: 'GET',
      url: '/api/v1/ops/partners/race-partner',
      headers: { cookie: operator },
    });
    expect(stored.json().businessName).toBe(winner.businessName);
    const again = await create('Third Partner');
    expect(again.statusCode).toBe(409);
  });

  it('refuses hostile input from an operator with a 4xx, never a 5xx', async () => {
    const cases = [
      {
        method: 'PUT',
        url: '/api/v1/ops/partners/acme-wellness',
        payload: { businessName: 'a\u0000b' },
      },
      {
        method: 'POST',
        url: API_PATHS.opsPartners,
        payload: { shopKey: 'x\uD800', businessName: 'X' },
      },
      { method: 'GET', url: `${API_PATHS.opsOrders}?q=%00` },
      { method: 'GET', url: '/api/v1/ops/orders/not-a-uuid' },
      { method: 'POST', url: '/api/v1/ops/deliveries/%00/rollback', payload: {} },
      {
        method: 'POST',
        url: '/api/v1/ops/deliveries/mf_catalog/rollback',
        payload: { version: '../../etc' },
      },
      {
        method: 'POST',
        url: '/api/v1/ops/orders/00000000-0000-4000-8000-000000000000/refunds',
        payload: { idempotencyKey: 'k\u0000eyeyeyey' },
      },
      { method: 'POST', url: API_PATHS.opsOperators, payload: { email: 'not an email' } },
      { method: 'GET', url: `${API_PATHS.opsAudit}?limit=-4` },
    ];
    for (const request of cases) {
      const response = await t.inject({
        ...request,
        method: request.method as 'GET',
        headers: { cookie: operator },
      });
      expect({
        url: request.url,
        status: response.statusCode < 500 && response.statusCode >= 400,
      }).toEqual({
        url: request.url,
        status: true,
      });
      expect(response.json()).toEqual({
        error: expect.objectContaining({ code: expect.any(String) }),
      });
    }
  });
});
