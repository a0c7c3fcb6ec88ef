import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { businessBody, cardToken, BNPL_TOKEN } from '../../helpers/checkout-fixtures';
import { decidePayLater, deliverEvents } from '../../helpers/provider-steps';
import { eventually } from '../../helpers/eventually';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';

describe('business checkout (partner storefronts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp({ env: { ADMIN_TOKEN } }));
  });
  afterAll(() => t.close());

  const start = (body: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: API_PATHS.businessCheckout, payload: body as object, headers });
  const status = (id: string) =>
    t.inject({ method: 'GET', url: buildPath(API_PATHS.businessCheckoutStatus, { id }) });
  async function pollUntilFinal(id: string) {
    const body = await eventually(
      async () => (await status(id)).json(),
      (answer) => answer.final === true,
      `A final state of checkout ${id}`,
    );
    return { body };
  }
  const fulfil = (id: string, token = ADMIN_TOKEN) =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.businessCheckoutFulfil, { id }),
      headers: { authorization: `Bearer ${token}` },
    });

  it('moves pending -> paid -> fulfilled, priced by the server with the partner price and code', async () => {
    const response = await start(businessBody());
    expect(response.statusCode).toBe(202);
    const started = response.json();
    expect(started).toMatchObject({ status: 'pending', final: false, failureMessage: null });
    // $129 partner price, 15% off, $5.95 shipping: the client's shippingCost of 1 cent is ignored.
    expect(started.order).toMatchObject({
      kind: 'business',
      businessKey: 'acme-wellness',
      subtotal: 12_900,
      discount: 1_935,
      shipping: 595,
      total: 11_560,
    });

    const { body } = await pollUntilFinal(started.id);
    expect(body).toEqual({
      id: started.id,
      status: 'paid',
      final: true,
      failureMessage: null,
      nextAction: null,
    });
    const details = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.businessCheckoutDetails, { id: started.id }),
    });
    expect(details.json()).toMatchObject({
      status: 'paid',
      payment: { status: 'succeeded', amount: 11_560 },
      paymentLabel: 'Visa •••• 4242',
    });
    // The partner's own title, as its storefront shows it, never the shop's or a renamed one.
    expect(started.order.lines.map((line: { title: string }) => line.title)).toEqual([
      'Acme Complete Panel',
    ]);
    expect(details.json().lines.map((line: { title: string }) => line.title)).toEqual([
      'Acme Complete Panel',
    ]);

    expect((await fulfil(started.id, 'wrong-token-wrong-token-wrong')).statusCode).toBe(403);
    const fulfilled = await fulfil(started.id);
    expect(fulfilled.json()).toMatchObject({ status: 'fulfilled', final: true });
    expect((await status(started.id)).json().status).toBe('fulfilled');
  });

  it("titles a partner's quote lines as its storefront does, and the shop's quote with the shop's titles", async () => {
    const quote = (businessKey: string | undefined, lookupKey: string) =>
      t.inject({
        method: 'POST',
        url: API_PATHS.checkoutQuote,
        payload: {
          items: [{ lookupKey, quantity: 1 }],
          country: 'US',
          shipUpfront: false,
          discountCode: null,
          ...(businessKey ? { businessKey } : {}),
        },
      });
    const titles = async (response: Awaited<ReturnType<typeof quote>>) => {
      expect(response.statusCode).toBe(200);
      return response.json().lines.map((line: { title: string }) => line.title);
    };
    expect(await titles(await quote('acme-wellness', 'acme_kit_one_time'))).toEqual([
      'Acme Complete Panel',
    ]);
    // No product list: the shop's title with the product name replaced by the partner's.
    expect(await titles(await quote('harbor-health', 'bloodwise_quarterly'))).toEqual([
      'Harbor Health Clinics Quarterly',
    ]);
    expect(await titles(await quote(undefined, 'bloodwise_quarterly'))).toEqual([
      'Bloodwise Quarterly',
    ]);
  });

  it('moves pending -> failed with the decline reason for a declined card, and a failed order cannot be fulfilled', async () => {
    const started = (await start(businessBody({ paymentMethod: cardToken('declined') }))).json();
    expect(started.status).toBe('pending');
    const { body } = await pollUntilFinal(started.id);
    expect(body).toMatchObject({
      status: 'failed',
      final: true,
      failureMessage: 'Your card was declined.',
    });
    expect((await fulfil(started.id)).statusCode).toBe(409);
  });

  it('pays later with a recorded consent and carries bnpl: true', async () => {
    const consent = (
      await t.inject({
        method: 'POST',
        url: API_PATHS.bnplConsents,
        payload: {
          sessionId: randomUUID(),
          email: 'employee@acme.example',
          accepted: true,
          termsVersion: '2024-01',
        },
      })
    ).json();
    const started = (
      await start(
        businessBody({
          bnpl: true,
          paymentMethod: { type: 'bnpl', consentId: consent.id, token: BNPL_TOKEN },
        }),
      )
    ).json();
    expect(started.order.bnpl).toBe(true);
    // The storefront sends the shopper through the provider's pay-later approval, then it settles.
    let status = started;
    while (!status.nextAction)
      status = (
        await t.inject({
          method: 'GET',
          url: buildPath(API_PATHS.businessCheckoutStatus, { id: started.id }),
        })
      ).json();
    expect(status).toMatchObject({ status: 'pending', final: false });
    await decidePayLater(t.app, status.nextAction.clientSecret);
    await deliverEvents(t.app);
    expect((await pollUntilFinal(started.id)).body.status).toBe('paid');
    expect(
      (
        await t.inject({ method: 'GET', url: buildPath(API_PATHS.bnplConsent, { id: consent.id }) })
      ).json()[0].orderId,
    ).toBe(started.id);
    expect((await start(businessBody({ bnpl: true }))).statusCode).toBe(400);
  });

  it('returns the same checkout for a repeated idempotency key', async () => {
    const key = randomUUID();
    const body = businessBody({ email: 'twice@acme.example' });
    const [first, second] = await Promise.all([
      start(body, { 'idempotency-key': key }),
      start(body, { 'idempotency-key': key }),
    ]);
    expect(first.json().id).toBe(second.json().id);
    expect(
      (await start({ ...body, marketingEnabled: false }, { 'idempotency-key': key })).statusCode,
    ).toBe(422);
  });

  it('refuses an unknown partner, products the partner does not sell, and 404s unknown checkouts', async () => {
    expect((await start(businessBody({ businessKey: 'no-such-partner' }))).statusCode).toBe(404);
    const outside = await start(
      businessBody({ products: [{ lookupKey: 'bloodwise_monthly', quantity: 1 }] }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe('This shop does not sell bloodwise_monthly');
    expect((await status(randomUUID())).statusCode).toBe(404);
  });

  describe('your-health-business (its product list does not override prices)', () => {
    const YHB = 'your-health-business';
    const yhbBody = (lookupKey: string) =>
      businessBody({
        businessKey: YHB,
        email: 'staff@yhb.example',
        discount: null,
        products: [{ lookupKey, quantity: 1 }],
      });

    it('charges the default price for the seeded list, which names the default lookup keys', async () => {
      const started = (await start(yhbBody('bloodwise_kit_one_time'))).json();
      // $149 default price + $5.95 shipping.
      expect(started.order).toMatchObject({
        businessKey: YHB,
        subtotal: 14_900,
        discount: 0,
        shipping: 595,
        total: 15_495,
      });
      expect((await pollUntilFinal(started.id)).body.status).toBe('paid');
    });

    it('still charges the default price when its list names a partner-only price', async () => {
      // A price of its own for the complete panel: another partner would be charged it, this one is not.
      await t.app.db
        .insertInto('prices')
        .values({
          id: 'price_yhb_kit',
          lookup_key: 'yhb_kit_one_time',
          product_key: 'bloodwise-kit',
          unit_amount_cents: 9_900,
          currency: 'usd',
          type: 'one_time',
          recurring_interval: null,
          recurring_interval_count: null,
          metadata: JSON.stringify({ partner: YHB }),
        })
        .execute();
      await t.app.customizations.upsert(YHB, {
        businessName: 'Your Health Business',
        products: [
          {
            key: 'bloodwise-kit',
            type: 'kit',
            kitType: 'full-panel',
            title: 'Complete Panel',
            quantity: 1,
            price: 'yhb_kit_one_time',
          },
        ],
      });

      // The storefront keeps the default offer's lookup key in the cart: that sells, at $149.
      const started = await start(yhbBody('bloodwise_kit_one_time'));
      expect(started.statusCode).toBe(202);
      expect(started.json().order).toMatchObject({ subtotal: 14_900, total: 15_495 });
      // The partner price itself is never charged, even when a client sends it.
      const partnerPrice = await start(yhbBody('yhb_kit_one_time'));
      expect(partnerPrice.statusCode).toBe(400);
      expect(partnerPrice.json().error.message).toBe('This shop does not sell yhb_kit_one_time');
      // A product it does not list stays refused.
      expect((await start(yhbBody('bloodwise_monthly'))).statusCode).toBe(400);
    });
  });
});
