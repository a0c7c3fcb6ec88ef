import { waitFor } from '@testing-library/react';
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import { testRegistry } from '@shop/shared/shell-contract/test-area-routes';
import { areaTableOf, type AreaTable } from '@shop/shared/shell-contract/area-routes';
import { createRegistrySource } from '../src/app/registry-source';
import { likelyNextArea, routeOf, wantsBalance } from '../src/app/route-table';

const LIVE = testRegistry();
const AREAS: AreaTable = areaTableOf(LIVE);

describe('routing by the registry', () => {
  // Every page of the spec, each in the area it was in when the shell listed pages itself.
  it.each([
    ['/login', 'account'],
    ['/signup', 'account'],
    ['/signup/confirm', 'account'],
    ['/reset-password', 'account'],
    ['/account', 'account'],
    ['/account/payment-methods', 'account'],
    ['/', 'catalog'],
    ['/pricing', 'catalog'],
    ['/programs', 'catalog'],
    ['/programs/heart-health', 'catalog'],
    ['/pricing/heart-and-metabolic-program', 'catalog'],
    ['/products', 'catalog'],
    ['/quiz/which-test-is-right-for-me', 'catalog'],
    ['/understand-your-health', 'catalog'],
    ['/advanced-cholesterol', 'catalog'],
    ['/upload-results', 'catalog'],
    ['/upload-results/how-to-export', 'catalog'],
    ['/shopping-cart', 'checkout'],
    ['/checkout', 'checkout'],
    ['/checkout/thank-you', 'checkout'],
    ['/shop/acme', 'storefront'],
    ['/shop/acme/pricing/quarterly', 'storefront'],
    ['/shop/acme/checkout/thank-you', 'storefront'],
  ])('%s belongs to %s', (path, area) => {
    expect(routeOf(path, AREAS)?.area).toBe(area);
  });

  it('hands paths inside a prefix to its area, which owns its pages and its 404', () => {
    expect(routeOf('/programs/sleep', AREAS)).toEqual({
      area: 'catalog',
      basename: '',
      b2bKey: null,
    });
    expect(routeOf('/pricing/unknown-plan', AREAS)?.area).toBe('catalog');
    expect(routeOf('/shop/acme/unknown', AREAS)?.area).toBe('storefront');
  });

  it('gives storefront routes the partner basename and key from the matched prefix', () => {
    expect(routeOf('/shop/acme/shopping-cart', AREAS)).toEqual({
      area: 'storefront',
      basename: '/shop/acme',
      b2bKey: 'acme',
    });
    expect(routeOf('/pricing', AREAS)).toMatchObject({ basename: '', b2bKey: null });
  });

  it('returns null for a path no area claims, so the shell shows its own 404', () => {
    expect(routeOf('/nope', AREAS)).toBeNull();
    expect(routeOf('/shop', AREAS)).toBeNull();
    expect(routeOf('/pricingx', AREAS)).toBeNull();
    // An area that is not live claims nothing.
    expect(routeOf('/login', areaTableOf(testRegistry({ mf_catalog: ['/'] })))).toBeNull();
  });

  it('routes a new prefix as soon as the registry lists it', () => {
    expect(routeOf('/sleep', AREAS)).toBeNull();
    const withSleep = areaTableOf(testRegistry({ mf_catalog: ['/', '/sleep'] }));
    expect(routeOf('/sleep/week-1', withSleep)?.area).toBe('catalog');
  });

  it('asks for the balance only on the cart and checkout pages', () => {
    expect(wantsBalance('/shopping-cart')).toBe(true);
    expect(wantsBalance('/checkout')).toBe(true);
    expect(wantsBalance('/checkout/')).toBe(true);
    expect(wantsBalance('/checkout/thank-you')).toBe(false);
    expect(wantsBalance('/shop/acme/checkout')).toBe(false);
    expect(wantsBalance('/')).toBe(false);
  });

  it('warms up the upgrade offers on the checkout page', () => {
    expect(likelyNextArea(routeOf('/checkout', AREAS), '/checkout')).toBe('upgrades');
    expect(likelyNextArea(routeOf('/shopping-cart', AREAS), '/shopping-cart')).toBeNull();
    expect(likelyNextArea(routeOf('/pricing', AREAS), '/pricing')).toBeNull();
    expect(likelyNextArea(undefined, '/checkout')).toBeNull();
  });
});

describe('registry source', () => {
  it('reads the registry once for the loader and the router, and tells the router when it is in', async () => {
    const fetchRegistry = jest.fn(async () => LIVE);
    const source = createRegistrySource(fetchRegistry);
    const changes = jest.fn();
    source.subscribe(changes);
    expect(source.areas()).toEqual({ status: 'loading' });
    source.load();
    await expect(source.read()).resolves.toBe(LIVE);
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    expect(source.areas()).toEqual({ status: 'ready', table: AREAS });
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback for a slow read, and the read that still arrives replaces it', async () => {
    let answer!: (registry: RegistryDocument) => void;
    const fetchRegistry = jest.fn(
      () => new Promise<RegistryDocument>((resolve) => (answer = resolve)),
    );
    const source = createRegistrySource(fetchRegistry, () => 0);
    source.load();
    await waitFor(() => expect(source.areas()).toEqual({ status: 'failed' }));
    // Try again while the read is still under way does not send another.
    source.load();
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    answer(LIVE);
    await waitFor(() => expect(source.areas()).toEqual({ status: 'ready', table: AREAS }));
  });

  it('forgets a failed read, so Try again reads it anew', async () => {
    const fetchRegistry = jest
      .fn<Promise<RegistryDocument>, []>()
      .mockRejectedValueOnce(new Error('/remotes.json answered 503'))
      .mockResolvedValueOnce(LIVE);
    const source = createRegistrySource(fetchRegistry);
    await expect(source.read()).rejects.toThrow('503');
    expect(source.areas()).toEqual({ status: 'failed' });
    source.load();
    expect(source.areas()).toEqual({ status: 'loading' });
    await source.read();
    expect(source.areas()).toEqual({ status: 'ready', table: AREAS });
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
  });
});
