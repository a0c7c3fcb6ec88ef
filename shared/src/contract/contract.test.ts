import { employerPaymentBodySchema } from './checkout';
import { addressSchema, emailInputSchema, httpUrlSchema, queryListSchema } from './common';
import { customizationInputSchema, imageUrlSchema } from './customization';
import { discountCodeSchema } from './discounts';
import { errorBodySchema } from './errors';
import { API_PATHS, buildPath, CONNECT_PREFIXES, CONTENT_PREFIX, PAYMENTS_PREFIX } from './paths';
import { paymentMethodInputSchema, providerTokenSchema } from './payment';
import { miniPanelUpgradeQuerySchema, isMissingPaymentId } from './upgrades';
import { passwordSchema } from './auth';

describe('API contract', () => {
  it('puts every path under one of the three clients (or the operations paths)', () => {
    const prefixes = [
      ...CONNECT_PREFIXES,
      PAYMENTS_PREFIX,
      CONTENT_PREFIX,
      '/dev',
      '/docs',
      '/healthz',
      '/readyz',
      '/metrics',
    ];
    for (const path of Object.values(API_PATHS)) {
      expect(prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))).toBe(
        true,
      );
    }
  });

  it('fills path parameters, encoding them, and refuses a missing one', () => {
    expect(buildPath(API_PATHS.customization, { shopKey: 'acme-wellness' })).toBe(
      '/api/v1/customization/acme-wellness',
    );
    expect(buildPath(API_PATHS.discount, { code: 'A/B' })).toBe(
      '/payments/stripe-subscriptions/discounts/A%2FB',
    );
    expect(() => buildPath(API_PATHS.paymentMethod)).toThrow('Missing path parameter "id"');
  });

  it('normalises emails and refuses bad ones', () => {
    expect(emailInputSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailInputSchema.safeParse('ada@').success).toBe(false);
    expect(emailInputSchema.safeParse('').error?.issues[0]?.message).toBe(
      'Please enter your email',
    );
  });

  it('accepts only http(s) links and hex colours in a customization', () => {
    expect(httpUrlSchema.safeParse('https://example.com/x').success).toBe(true);
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://x.example',
    ]) {
      expect(httpUrlSchema.safeParse(link).success).toBe(false);
    }
    expect(imageUrlSchema.safeParse('/assets/logo.png').success).toBe(true);
    expect(imageUrlSchema.safeParse('data:image/png;base64,iVBORw0KGgo=').success).toBe(true);
    expect(imageUrlSchema.safeParse('data:image/svg+xml,<svg onload=alert(1)>').success).toBe(
      false,
    );
    const parsed = customizationInputSchema.parse({ businessName: 'Partner' });
    expect(parsed).toMatchObject({
      primaryColor: '#3cbab5',
      pricingMode: 'pricing-table',
      redirectLink: null,
      aboutPoints: [],
    });
    expect(
      customizationInputSchema.safeParse({ businessName: 'P', bannerColor: 'expression(alert(1))' })
        .success,
    ).toBe(false);
  });

  it('takes a provider token in place of card details, never the card itself', () => {
    expect(providerTokenSchema.parse(' tok_abc123XYZ ')).toBe('tok_abc123XYZ');
    expect(providerTokenSchema.safeParse('ctoken_1N2b3C4d5E').success).toBe(true);
    expect(providerTokenSchema.safeParse('pm_1N2b3C4d5E').success).toBe(true);
    expect(providerTokenSchema.safeParse('4242424242424242').success).toBe(false);
    const card = { number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' };
    const parsed = paymentMethodInputSchema.parse({ type: 'token', token: 'tok_abc123', card });
    expect(parsed).toEqual({ type: 'token', token: 'tok_abc123', save: false });
  });

  it('takes an employer payment by token only, never saving the card', () => {
    expect(
      employerPaymentBodySchema.parse({ paymentMethod: { type: 'token', token: 'tok_abc123' } }),
    ).toEqual({ paymentMethod: { type: 'token', token: 'tok_abc123', save: false } });
    const refused = (paymentMethod: unknown) =>
      employerPaymentBodySchema
        .safeParse({ paymentMethod })
        .error?.issues.map((issue) => issue.path);
    expect(refused({ type: 'bnpl', consentId: 'x' })).toContainEqual(['paymentMethod', 'type']);
    expect(refused({ type: 'token', token: 'tok_abc123', save: true })).toEqual([
      ['paymentMethod', 'save'],
    ]);
  });

  it("checks US and Canadian postal codes and regions, with the country's own words", () => {
    const base = { name: 'A', line1: 'B', city: 'C', state: 'NY' };
    expect(addressSchema.safeParse({ ...base, postal_code: '10001', country: 'US' }).success).toBe(
      true,
    );
    expect(
      addressSchema.safeParse({ ...base, state: 'ON', postal_code: 'K1A 0B1', country: 'CA' })
        .success,
    ).toBe(true);
    const canadianWithUsState = addressSchema.safeParse({
      ...base,
      postal_code: '10001',
      country: 'CA',
    });
    expect(
      canadianWithUsState.error?.issues.map((issue) => [issue.path[0], issue.message]),
    ).toEqual([
      ['postal_code', 'Enter a postal code such as K1A 0B1'],
      ['state', 'Enter a Canadian province or territory, such as ON or Ontario'],
    ]);
    expect(
      addressSchema.safeParse({ ...base, postal_code: 'K1A 0B1', country: 'US' }).success,
    ).toBe(false);
  });

  it('has shared password rules, list and JSON query parsing, codes and the error shape', () => {
    expect(passwordSchema.safeParse('abcdefghij1').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefghijk').success).toBe(false);
    expect(queryListSchema.parse('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(miniPanelUpgradeQuerySchema.parse({ lookupKeys: '["a","b"]' }).lookupKeys).toEqual([
      'a',
      'b',
    ]);
    expect(miniPanelUpgradeQuerySchema.safeParse({ lookupKeys: '{"a":1}' }).success).toBe(false);
    expect(discountCodeSchema.parse(' welcome10 ')).toBe('WELCOME10');
    expect(isMissingPaymentId('undefined')).toBe(true);
    expect(isMissingPaymentId('pi_1')).toBe(false);
    expect(errorBodySchema.safeParse({ error: { code: 'NOT_FOUND', message: 'x' } }).success).toBe(
      true,
    );
    expect(
      errorBodySchema.safeParse({ error: { code: 'SOMETHING_ELSE', message: 'x' } }).success,
    ).toBe(false);
  });
});
