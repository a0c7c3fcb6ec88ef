import { isHttpUrl, safeAfterAuthRedirect, safeSameOriginRedirect } from './safe-redirect';

const origin = 'https://shop.example';

describe('safeSameOriginRedirect', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/checkout?discount=SAVE10#pay', '/checkout?discount=SAVE10#pay'],
    ['/shop/acme/pricing', '/shop/acme/pricing'],
    ['checkout', '/checkout'],
    ['https://shop.example/account?tab=cards', '/account?tab=cards'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin target %p as %p', (target, expected) => {
    expect(safeSameOriginRedirect(target, origin)).toBe(expected);
  });

  it.each([
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    [' //evil.example'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://evil.example/'],
    ['http://shop.example/checkout'],
    ['https://shop.example:8443/checkout'],
    ['https://shop.example.evil.example/'],
    ['https://user@evil.example'],
  ])('rejects %p', (target) => {
    expect(safeSameOriginRedirect(target, origin)).toBe('/');
  });

  it.each([[''], ['   '], [null], [undefined], [42]])(
    'falls back for the empty or non-string target %p',
    (target) => {
      expect(safeSameOriginRedirect(target, origin)).toBe('/');
    },
  );

  it('uses the given fallback', () => {
    expect(safeSameOriginRedirect('//evil.example', origin, '/account')).toBe('/account');
  });

  it('falls back when the origin itself is not a URL', () => {
    expect(safeSameOriginRedirect('/checkout', 'not a url')).toBe('/');
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://partner.example'],
    ['http://partner.example/path?x=1'],
    ['HTTPS://PARTNER.EXAMPLE'],
  ])('accepts %p', (value) => {
    expect(isHttpUrl(value)).toBe(true);
  });

  it.each([
    ['javascript:alert(1)'],
    ['  javascript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:msgbox(1)'],
    ['ftp://partner.example'],
    ['mailto:someone@partner.example'],
    ['/relative/path'],
    ['//partner.example'],
    ['partner.example'],
    [''],
    [null],
    [undefined],
    [{ href: 'https://partner.example' }],
  ])('rejects %p', (value) => {
    expect(isHttpUrl(value)).toBe(false);
  });
});

describe('safeAfterAuthRedirect', () => {
  it.each([
    ['/checkout?step=pay', '/checkout?step=pay'],
    ['/account', '/account'],
    ['/login?redirect=%2Fcheckout', '/account'],
    ['/signup/confirm?token=x', '/account'],
    ['/reset-password', '/account'],
    ['//evil.example', '/account'],
    [null, '/account'],
  ])('turns %p into %p', (target, expected) => {
    expect(safeAfterAuthRedirect(target, origin, '/account')).toBe(expected);
  });
});
