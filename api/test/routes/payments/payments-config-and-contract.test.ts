import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

/** Card details that only the provider's own element may ever receive. */
const CARD_FIELDS = /^(number|card_?number|cvc|cvv|exp(iry)?(_?month|_?year|Month|Year)?|card)$/i;

type Schema = { properties?: Record<string, Schema>; items?: Schema } & Record<string, unknown>;

/** Every property name in a schema, however deep (objects, arrays, unions, refs resolved). */
function propertyNames(
  schema: unknown,
  resolve: (ref: string) => unknown,
  seen = new Set<unknown>(),
): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Schema;
  if (typeof node.$ref === 'string') return propertyNames(resolve(node.$ref), resolve, seen);
  const own = Object.keys(node.properties ?? {});
  const nested = Object.values(node).flatMap((value) =>
    Array.isArray(value)
      ? value.flatMap((item) => propertyNames(item, resolve, seen))
      : propertyNames(value, resolve, seen),
  );
  return [...own, ...nested];
}

describe('payments configuration and the card-free contract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('tells the browser which provider element to load, publicly and briefly cached', async () => {
    const response = await t.inject({ method: 'GET', url: API_PATHS.paymentsConfig });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'test',
      elementUrl: expect.stringContaining('/test-provider/element'),
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('accepts no card number, expiry or CVC in any request body of the API', async () => {
    const document = (await t.inject({ method: 'GET', url: '/docs/json' })).json();
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], document);
    const offenders: string[] = [];
    let bodies = 0;
    for (const [path, operations] of Object.entries<Record<string, { requestBody?: unknown }>>(
      document.paths,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.requestBody) continue;
        bodies += 1;
        for (const name of propertyNames(operation.requestBody, resolve))
          if (CARD_FIELDS.test(name)) offenders.push(`${method.toUpperCase()} ${path}: ${name}`);
      }
    }
    expect(bodies).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
