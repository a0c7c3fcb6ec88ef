import { UNAUTHORIZED_REDIRECT_EXCEPTIONS, shouldRedirectOn401 } from './unauthorized-redirect';

describe('UNAUTHORIZED_REDIRECT_EXCEPTIONS', () => {
  it('lists the six exceptions', () => {
    expect(UNAUTHORIZED_REDIRECT_EXCEPTIONS).toEqual([
      '/auth2',
      '/login',
      '/payment-methods',
      '/management-portal/subscriptions',
      '/cms-info',
      '/log-page-view',
    ]);
  });
});

describe('shouldRedirectOn401', () => {
  it.each([
    ['/auth2/login/password'],
    ['/auth2/logout'],
    ['/login'],
    ['/user/management-portal/payment-methods'],
    ['/user/management-portal/subscriptions/sub_1/payment-method'],
    ['/user/cms-info?includeSubscriptionInfo=true&includeBalance=true'],
    ['/impact/log-page-view'],
    ['https://api.example/connect/user/cms-info'],
    ['http://localhost:8080/auth2/signup'],
  ])('does not redirect for the excepted call %p', (url) => {
    expect(shouldRedirectOn401(url)).toBe(false);
  });

  it.each([
    ['/user/is-new-customer?email=a%40b.c'],
    ['/payments/stripe-subscriptions/checkout/start'],
    ['/payments/stripe-subscriptions/business/checkout/42/status'],
    ['https://api.example/kits/products/has-scheduled?ids=1'],
    ['/user/invitation'],
  ])('redirects for the protected call %p', (url) => {
    expect(shouldRedirectOn401(url)).toBe(true);
  });

  it('looks only at the path, not the query or hash', () => {
    expect(shouldRedirectOn401('/user/orders?next=/login')).toBe(true);
    expect(shouldRedirectOn401('/user/orders#/cms-info')).toBe(true);
  });

  it('falls back to the raw string for a url the parser rejects', () => {
    expect(shouldRedirectOn401('http://[bad-host/auth2/login')).toBe(false);
    expect(shouldRedirectOn401('http://[bad-host/orders')).toBe(true);
  });

  it.each([[undefined], [null], ['']])('redirects when the url is unknown (%p)', (url) => {
    expect(shouldRedirectOn401(url)).toBe(true);
  });
});
