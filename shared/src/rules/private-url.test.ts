import { withoutPrivateParams } from './private-url';

describe('withoutPrivateParams', () => {
  it('drops the order id and secrets from a path and keeps the rest', () => {
    expect(withoutPrivateParams('/checkout/thank-you?order=3f6c&utm_source=mail')).toBe(
      '/checkout/thank-you?utm_source=mail',
    );
    expect(withoutPrivateParams('/checkout?employerPay=s3cret')).toBe('/checkout');
    expect(withoutPrivateParams('/reset-password?linkId=abc&x=1#top')).toBe(
      '/reset-password?x=1#top',
    );
  });

  it('keeps an absolute URL absolute', () => {
    expect(
      withoutPrivateParams('https://shop.example/shop/acme/checkout/thank-you?order=1&checkout=2'),
    ).toBe('https://shop.example/shop/acme/checkout/thank-you');
  });

  it('leaves URLs without private parameters as they are', () => {
    expect(withoutPrivateParams('/pricing?discount=SAVE10')).toBe('/pricing?discount=SAVE10');
    expect(withoutPrivateParams('/')).toBe('/');
    expect(withoutPrivateParams('')).toBe('');
  });

  it('catches encoded and repeated names', () => {
    expect(withoutPrivateParams('/x?order=1&order=2&%6Frder=3')).toBe('/x');
  });
});
