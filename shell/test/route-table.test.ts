import { ROUTE_TABLE, resolveRoute, wantsBalance } from '../src/app/route-table';

describe('route table', () => {
  it.each([
    ['/login', 'account'],
    ['/signup', 'account'],
    ['/signup/confirm', 'account'],
    ['/reset-password', 'account'],
    ['/account', 'account'],
    ['/account/payment-methods', 'account'],
    ['/', 'catalog'],
    ['/pricing', 'catalog'],
    ['/programs/heart-health', 'catalog'],
    ['/pricing/heart-and-metabolic-program', 'catalog'],
    ['/quiz/which-test-is-right-for-me', 'catalog'],
    ['/upload-results/how-to-export', 'catalog'],
    ['/shopping-cart', 'checkout'],
    ['/checkout', 'checkout'],
    ['/checkout/thank-you', 'checkout'],
    ['/shop/acme', 'storefront'],
    ['/shop/acme/pricing/quarterly', 'storefront'],
    ['/shop/acme/checkout/thank-you', 'storefront'],
  ])('%s belongs to %s', (path, area) => {
    expect(resolveRoute(path)?.area).toBe(area);
  });

  it('gives storefront routes the partner basename', () => {
    expect(resolveRoute('/shop/acme/shopping-cart')).toMatchObject({ basename: '/shop/acme', b2bKey: 'acme' });
    expect(resolveRoute('/pricing')).toMatchObject({ basename: '', b2bKey: null });
  });

  it('has the spec routes and the nine storefront sub-routes', () => {
    expect(ROUTE_TABLE.filter((route) => route.area === 'catalog')).toHaveLength(11);
    expect(ROUTE_TABLE.filter((route) => route.area === 'storefront')).toHaveLength(10);
  });

  it('returns null for unknown routes so the shell shows its 404', () => {
    expect(resolveRoute('/nope')).toBeNull();
    expect(resolveRoute('/pricing/unknown-plan')).toBeNull();
    expect(resolveRoute('/shop/acme/unknown')).toBeNull();
  });

  it('asks for the balance only on the cart and checkout pages', () => {
    expect(wantsBalance(resolveRoute('/shopping-cart'))).toBe(true);
    expect(wantsBalance(resolveRoute('/checkout'))).toBe(true);
    expect(wantsBalance(resolveRoute('/checkout/thank-you'))).toBe(false);
    expect(wantsBalance(resolveRoute('/'))).toBe(false);
  });
});
