import type { RegistryDocument, RegistryEntry } from '../releases/registry-document';
import { areaRoutesProblem, areaTableOf, resolveArea, type AreaTable } from './area-routes';
import { testRegistry } from './test-area-routes';

const TABLE: AreaTable = areaTableOf(testRegistry());

describe('resolveArea', () => {
  it.each([
    ['/login', 'account', '/login'],
    ['/signup/confirm', 'account', '/signup'],
    ['/account/payment-methods', 'account', '/account'],
    ['/', 'catalog', '/'],
    ['/pricing/heart-and-metabolic-program', 'catalog', '/pricing'],
    ['/quiz/which-test-is-right-for-me', 'catalog', '/quiz'],
    ['/programs/sleep', 'catalog', '/programs'],
    ['/checkout/thank-you', 'checkout', '/checkout'],
    ['/shopping-cart', 'checkout', '/shopping-cart'],
    ['/shop/acme/pricing/quarterly', 'storefront', '/shop/:b2bKey'],
  ])('%s belongs to %s through %s', (pathname, area, prefix) => {
    expect(resolveArea(pathname, TABLE)).toMatchObject({ area, prefix });
  });

  it('matches "/" only exactly, and a prefix only at a segment boundary', () => {
    expect(resolveArea('/nope', TABLE)).toBeNull();
    expect(resolveArea('/pricingx', TABLE)).toBeNull();
    expect(resolveArea('/shop', TABLE)).toBeNull();
    expect(resolveArea('/pricing/', TABLE)?.area).toBe('catalog');
    expect(resolveArea('/PRICING', TABLE)?.area).toBe('catalog');
  });

  it('gives a prefix with a parameter the matched path as basename, and the parameter decoded', () => {
    expect(resolveArea('/shop/acme/shopping-cart', TABLE)).toEqual({
      area: 'storefront',
      prefix: '/shop/:b2bKey',
      basename: '/shop/acme',
      params: { b2bKey: 'acme' },
    });
    expect(resolveArea('/shop/acme%20co', TABLE)).toMatchObject({
      basename: '/shop/acme%20co',
      params: { b2bKey: 'acme co' },
    });
    expect(resolveArea('/pricing', TABLE)).toMatchObject({ basename: '', params: {} });
  });

  it('lets the longest prefix win, and a fixed segment beat a parameter', () => {
    const table: AreaTable = [
      { area: 'catalog', prefixes: ['/programs', '/shop/:b2bKey'] },
      { area: 'account', prefixes: ['/programs/members', '/shop/mine'] },
    ];
    expect(resolveArea('/programs/members/today', table)?.area).toBe('account');
    expect(resolveArea('/programs/membership', table)?.area).toBe('catalog');
    expect(resolveArea('/shop/mine/orders', table)?.area).toBe('account');
    expect(resolveArea('/shop/yours', table)?.area).toBe('catalog');
  });
});

describe('area table from the registry', () => {
  const entry = (name: string, areaRoutes: unknown): RegistryEntry =>
    ({
      name,
      version: '1.0.0+x',
      manifestUrl: `/remotes/${name}/1.0.0%2Bx/mf-manifest.json`,
      contractVersion: '1.0.0',
      areaRoutes,
    }) as RegistryEntry;

  it("repeats each live remote's prefixes and skips an entry without usable ones", () => {
    const registry: Pick<RegistryDocument, 'remotes'> = {
      remotes: {
        mf_storefront: entry('mf_storefront', ['/shop/:b2bKey']),
        mf_catalog: entry('mf_catalog', ['/', '/pricing']),
        mf_account: entry('mf_account', undefined),
        mf_checkout: entry('mf_checkout', ['checkout']),
      },
    };
    expect(areaTableOf(registry)).toEqual([
      { area: 'catalog', prefixes: ['/', '/pricing'] },
      { area: 'storefront', prefixes: ['/shop/:b2bKey'] },
    ]);
  });
});

describe('areaRoutesProblem', () => {
  it('accepts prefixes and names what is wrong with anything else', () => {
    expect(areaRoutesProblem(['/', '/pricing', '/shop/:b2bKey', '/upload-results'])).toBeNull();
    expect(areaRoutesProblem([])).toBeNull();
    expect(areaRoutesProblem('/pricing')).toMatch(/not a list/);
    expect(areaRoutesProblem(['pricing'])).toMatch(/"pricing" is not a path/);
    expect(areaRoutesProblem(['/pricing/'])).toMatch(/empty or unusable segment/);
    expect(areaRoutesProblem(['/a b'])).toMatch(/unusable/);
    expect(areaRoutesProblem([3])).toMatch(/3 is not a path/);
  });
});
