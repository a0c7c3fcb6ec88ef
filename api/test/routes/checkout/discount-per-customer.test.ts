import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';

describe('discounts that depend on the customer: an email list, one use per customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const lookup = (code: string, query = '') =>
    t.inject({ method: 'GET', url: `${buildPath(API_PATHS.discount, { code })}?${query}` });
  const storefront = (code: string, query: string) =>
    t.inject({
      method: 'GET',
      url: `${buildPath(API_PATHS.storefrontDiscount, { code })}?${query}`,
    });
  const validity = (code: string, email: string) =>
    t.inject({
      method: 'GET',
      url: `${buildPath(API_PATHS.discountIsValid, { code })}?email=${encodeURIComponent(email)}&sum=14900&priceIds=bloodwise_kit_one_time`,
    });

  it('answers a code kept for a list of customers for the email asked about', async () => {
    expect((await lookup('VIPONLY', 'email=someone@example.com')).json()).toBeNull();
    expect((await lookup('VIPONLY', 'email=DEMO@bloodwise.test')).json()).toMatchObject({
      code: 'VIPONLY',
      emailRestricted: true,
    });
    // Before the shopper typed an email, the view says the code is restricted.
    expect((await lookup('VIPONLY')).json()).toMatchObject({ emailRestricted: true });
    expect(
      (await storefront('VIPONLY', 'b2bKey=acme-wellness&email=someone@example.com')).json(),
    ).toBeNull();
    expect(
      (await storefront('VIPONLY', 'b2bKey=acme-wellness&email=demo@bloodwise.test')).json(),
    ).toMatchObject({ code: 'VIPONLY' });
  });

  it('lets each email use a one-use code once: the lookup, the check and the order agree', async () => {
    const email = 'once@example.com';
    expect((await lookup('ONCEPER15', `email=${email}`)).json()).toMatchObject({
      code: 'ONCEPER15',
      oncePerCustomer: true,
    });
    const first = await placeOrder(t, orderBody({ email, discountCode: 'ONCEPER15' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ discountCode: 'ONCEPER15', discount: 2_235 });

    expect((await lookup('ONCEPER15', `email=${email.toUpperCase()}`)).json()).toBeNull();
    expect((await validity('ONCEPER15', email)).json()).toEqual({
      valid: false,
      reason: 'already_used',
      message: 'This discount code was already used with this email address.',
      discountAmount: 0,
    });
    // The order path applies the same rule, whatever the client shows.
    const second = await placeOrder(t, orderBody({ email, discountCode: 'ONCEPER15' }));
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({
      code: 'DISCOUNT_INVALID',
      fields: { discountCode: 'This discount code was already used with this email address.' },
    });

    // Another customer still has their one use.
    expect((await lookup('ONCEPER15', 'email=other@example.com')).json()).toMatchObject({
      code: 'ONCEPER15',
    });
    expect((await validity('ONCEPER15', 'other@example.com')).json()).toMatchObject({
      valid: true,
      discountAmount: 2_235,
    });
  });
});
