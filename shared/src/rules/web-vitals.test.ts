import { rateVital, routePatternOf } from './web-vitals';

describe('routePatternOf', () => {
  it.each([
    ['/', '/'],
    ['/pricing?utm_source=mail#plans', '/pricing'],
    ['/pricing/', '/pricing'],
    ['//Pricing', '/pricing'],
    ['/shop/acme-wellness/pricing', '/shop/:b2bKey/pricing'],
    ['/shop/acme-wellness', '/shop/:b2bKey'],
    ['/checkout/thank-you/8f14e45f-ceea-467f-a0e6-0b2c3d4e5f60', '/checkout/thank-you/:id'],
    ['/account/orders/123', '/account/orders/:id'],
    ['/account/ada@example.com', '/account/:id'],
    ['/reset-password/%41bc', '/reset-password/:id'],
    ['/a/b/c/d/e/f/g/h', '/a/b/c/d/e/f/*'],
  ])('files %s as %s', (path, pattern) => {
    expect(routePatternOf(path)).toBe(pattern);
  });
});

describe('rateVital', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
  ] as const)('rates %s %p as %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});
