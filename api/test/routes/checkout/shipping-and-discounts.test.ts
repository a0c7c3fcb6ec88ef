import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

describe('shipping cost, discounts and quotes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const shipping = (query: string) =>
    t.inject({ method: 'GET', url: `${API_PATHS.shippingCost}?${query}` });
  const validity = (code: string, query: string) =>
    t.inject({ method: 'GET', url: `${buildPath(API_PATHS.discountIsValid, { code })}?${query}` });

  it('prices shipping for the US and Canada, per extra kit and for shipping upfront, in usd by default', async () => {
    expect((await shipping('country=US&lookupKeys=bloodwise_quarterly')).json()).toEqual({
      shippingCost: 595,
    });
    expect(
      (
        await shipping(
          'country=us&lookupKeys=bloodwise_quarterly,mini_panel_upgrade&currency=usd&consolidated=0',
        )
      ).json(),
    ).toEqual({ shippingCost: 795 });
    expect((await shipping('country=CA&lookupKeys=bloodwise_quarterly')).json()).toEqual({
      shippingCost: 1_495,
    });
    expect(
      (await shipping('country=US&lookupKeys=bloodwise_quarterly&consolidated=1')).json(),
    ).toEqual({ shippingCost: 995 });
    expect(
      (await shipping('country=CA&lookupKeys=bloodwise_quarterly&consolidated=1')).json(),
    ).toEqual({ shippingCost: 2_495 });
    expect((await shipping('country=US&lookupKeys=')).json()).toEqual({ shippingCost: 0 });
  });

  it('answers an unsupported country with a clear 400', async () => {
    const response = await shipping('country=FR&lookupKeys=bloodwise_quarterly');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'UNSUPPORTED_COUNTRY',
      message: 'We ship to the US and Canada only, not to "FR".',
      fields: { country: 'We ship to the US and Canada only' },
    });
    expect((await shipping('country=France&lookupKeys=x')).statusCode).toBe(400);
    expect((await shipping('country=US&lookupKeys=unknown_thing')).statusCode).toBe(400);
  });

  it("looks a code up (case-insensitively) and answers null for unknown codes or another partner's code", async () => {
    const found = await t.inject({
      method: 'GET',
      url: `${buildPath(API_PATHS.discount, { code: 'welcome10' })}?email=a@example.com`,
    });
    expect(found.json()).toMatchObject({
      code: 'WELCOME10',
      kind: 'percent',
      percentOff: 10,
      emailRestricted: false,
    });
    expect(
      (
        await t.inject({ method: 'GET', url: buildPath(API_PATHS.discount, { code: 'NOPE' }) })
      ).json(),
    ).toBeNull();
    expect(
      (
        await t.inject({ method: 'GET', url: buildPath(API_PATHS.discount, { code: 'ACME15' }) })
      ).json(),
    ).toBeNull();
    const acme = await t.inject({
      method: 'GET',
      url: `${buildPath(API_PATHS.discount, { code: 'ACME15' })}?businessKey=acme-wellness`,
    });
    expect(acme.json()).toMatchObject({ code: 'ACME15', businessKey: 'acme-wellness' });
    const vip = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.discount, { code: 'VIPONLY' }),
    });
    expect(vip.json()).toMatchObject({ emailRestricted: true });
    expect(JSON.stringify(vip.json())).not.toContain('demo@bloodwise.test');
  });

  it('answers the storefront lookup by b2bKey the same way, and refuses a lookup without one', async () => {
    const storefront = (code: string, query: string) =>
      t.inject({
        method: 'GET',
        url: `${buildPath(API_PATHS.storefrontDiscount, { code })}?${query}`,
      });
    expect(
      (await storefront('acme15', 'b2bKey=acme-wellness&email=a@example.com')).json(),
    ).toMatchObject({ code: 'ACME15', businessKey: 'acme-wellness' });
    expect((await storefront('ACME15', 'b2bKey=harbor-health')).json()).toBeNull();
    expect((await storefront('WELCOME10', 'b2bKey=acme-wellness')).json()).toMatchObject({
      code: 'WELCOME10',
      percentOff: 10,
    });
    const expired = await t.inject({
      method: 'GET',
      url: `${buildPath(API_PATHS.discount, { code: 'EXPIRED10' })}?businessKey=acme-wellness`,
    });
    expect((await storefront('EXPIRED10', 'b2bKey=acme-wellness')).json()).toEqual(expired.json());
    const missing = await storefront('ACME15', 'email=a@example.com');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('b2bKey');
  });

  it.each([
    [
      'EXPIRED10',
      'sum=14900&priceIds=price_bloodwise_kit_one_time',
      'expired',
      'This discount code has expired.',
    ],
    [
      'KITONLY20',
      'sum=12900&priceIds=price_bloodwise_quarterly',
      'not_for_products',
      'This discount code does not apply to the products in your cart.',
    ],
    [
      'VIPONLY',
      'email=someone@example.com&sum=14900&priceIds=bloodwise_kit_one_time',
      'not_for_email',
      'This discount code is not available for this email address.',
    ],
    [
      'BIGORDER25',
      'sum=14900&priceIds=bloodwise_kit_one_time',
      'below_minimum',
      'This discount code needs an order of at least $250 before shipping.',
    ],
    [
      'ACME15',
      'sum=14900&priceIds=bloodwise_kit_one_time',
      'not_for_business',
      'This discount code is not valid in this shop.',
    ],
    [
      'NOSUCHCODE',
      'sum=14900&priceIds=bloodwise_kit_one_time',
      'not_found',
      'We could not find this discount code.',
    ],
  ])('says why %s is not valid: %s', async (code, query, reason, message) => {
    const response = await validity(code, query);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false, reason, message, discountAmount: 0 });
  });

  it('accepts a valid code and says what it takes off, capped at the sum', async () => {
    expect(
      (await validity('WELCOME10', 'sum=14900&priceIds=price_bloodwise_kit_one_time')).json(),
    ).toEqual({ valid: true, reason: null, message: null, discountAmount: 1_490 });
    expect((await validity('SAVE20', 'sum=1500&priceIds=mini_panel_upgrade')).json()).toMatchObject(
      { valid: true, discountAmount: 1_500 },
    );
    expect(
      (
        await validity(
          'VIPONLY',
          'email=DEMO@bloodwise.test&sum=14900&priceIds=bloodwise_kit_one_time',
        )
      ).json(),
    ).toMatchObject({ valid: true, discountAmount: 5_000 });
    expect(
      (await validity('BIGORDER25', 'sum=25000&priceIds=bloodwise_kit_one_time')).json(),
    ).toMatchObject({ valid: true, discountAmount: 6_250 });
    expect(
      (
        await validity('ACME15', 'sum=12900&priceIds=acme_kit_one_time&businessKey=acme-wellness')
      ).json(),
    ).toMatchObject({ valid: true, discountAmount: 1_935 });
    expect(
      (
        await validity(
          'KITONLY20',
          'sum=27800&priceIds=bloodwise_kit_one_time,price_bloodwise_quarterly',
        )
      ).json(),
    ).toMatchObject({ valid: true, discountAmount: 2_980 });
  });

  it('quotes a cart with the same maths the order uses, and reports a code that does not apply', async () => {
    const quote = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutQuote,
      payload: {
        items: [
          { lookupKey: 'bloodwise_kit_one_time', quantity: 1 },
          { lookupKey: 'bloodwise_twice_year', quantity: 1 },
        ],
        country: 'CA',
        discountCode: 'KITONLY20',
      },
    });
    expect(quote.json()).toEqual({
      currency: 'usd',
      lines: [
        {
          lookupKey: 'bloodwise_kit_one_time',
          priceId: 'price_bloodwise_kit_one_time',
          title: 'Bloodwise Complete Panel',
          quantity: 1,
          unitAmount: 14_900,
          amount: 14_900,
          interval: null,
        },
        {
          lookupKey: 'bloodwise_twice_year',
          priceId: 'price_bloodwise_twice_year',
          title: 'Bloodwise Twice a Year',
          quantity: 1,
          unitAmount: 13_900,
          amount: 13_900,
          interval: 'twice-year',
        },
      ],
      subtotal: 28_800,
      discount: 2_980,
      shipping: 1_495 + 500,
      total: 28_800 - 2_980 + 1_995,
      discountCode: 'KITONLY20',
      discountProblem: null,
    });
    const refused = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutQuote,
      payload: {
        items: [{ lookupKey: 'mini_panel_upgrade', quantity: 1 }],
        discountCode: 'BIGORDER25',
      },
    });
    expect(refused.json()).toMatchObject({
      discount: 0,
      total: 3_900 + 595,
      discountCode: null,
      discountProblem: { reason: 'below_minimum' },
    });
    const partnerPrice = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutQuote,
      payload: { items: [{ lookupKey: 'acme_kit_one_time', quantity: 1 }] },
    });
    expect(partnerPrice.statusCode).toBe(400);
  });
});
