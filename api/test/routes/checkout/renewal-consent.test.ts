// An order with a recurring line needs the shopper's agreement to the automatic-renewal terms:
// without it the API answers 422 and writes nothing; with it, the terms the API rendered from its
// own prices are kept with the order (the consumer checkout and a partner's business checkout).
import { API_PATHS } from '@shop/shared/contract/paths';
import { RENEWAL_TERMS_VERSION, renewalTermsText } from '@shop/shared/subscriptions/renewal-terms';
import { createManualClock } from '../../../src/lib/clock';
import { asBrowser, buildTestApp, TEST_ORIGIN, type TestApp } from '../../helpers/build-test-app';
import {
  businessBody,
  orderBody,
  placeOrder,
  RENEWAL_CONSENT,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const MONTHLY = [{ lookupKey: 'bloodwise_monthly', quantity: 1 }];

describe('consent to automatic renewal at checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp({ app: { clockBase: createManualClock(NOW) } }));
  });
  afterAll(() => t.close());

  const consentsOf = (email: string) =>
    t.app.db.selectFrom('subscription_consents').selectAll().where('email', '=', email).execute();
  const ordersOf = (email: string) =>
    t.app.db.selectFrom('orders').select(['id', 'status']).where('email', '=', email).execute();

  it('refuses a recurring order without the consent (422, the field named) and writes nothing', async () => {
    const email = 'no-consent@example.com';
    const refused = await placeOrder(t, orderBody({ email, items: MONTHLY }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { subscriptionConsent: expect.stringContaining('automatic renewal') },
    });
    const oldTerms = await placeOrder(
      t,
      orderBody({
        email,
        items: MONTHLY,
        subscriptionConsent: { termsVersion: '2000-01-01', accepted: true },
      }),
    );
    expect(oldTerms.statusCode).toBe(422);
    expect(oldTerms.json().error.fields.subscriptionConsent).toMatch(/changed/);
    expect(await ordersOf(email)).toEqual([]);
    expect(await consentsOf(email)).toEqual([]);
  });

  it('keeps the terms it rendered, word for word, with the order, the shopper and the shop clock time', async () => {
    const email = 'consents@example.com';
    const placed = await placeOrder(
      t,
      orderBody({
        email,
        items: [...MONTHLY, { lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const shown = renewalTermsText({
      lines: [{ title: 'Bloodwise Monthly', amount: 9_900, interval: 'month' }],
      currency: 'usd',
      shopUrl: TEST_ORIGIN,
    });
    expect(shown).toContain('Bloodwise Monthly: $99 every month');
    // The kept text names the account page by its full address, never a bare path.
    expect(shown).toContain(`cancel online at any time in your account (${TEST_ORIGIN}/account).`);
    expect(await consentsOf(email)).toEqual([
      expect.objectContaining({
        order_id: order.id,
        user_id: null,
        email,
        terms_version: RENEWAL_TERMS_VERSION,
        terms_text: shown,
        accepted_at: NOW,
      }),
    ]);
  });

  it('needs no consent for an order that does not recur, and keeps none', async () => {
    const email = 'one-time@example.com';
    expect((await placeOrder(t, orderBody({ email }))).statusCode).toBe(201);
    expect(await consentsOf(email)).toEqual([]);
  });

  it('removes the consent with an order refused before any money moved', async () => {
    const email = 'refused-card@example.com';
    const refused = await placeOrder(
      t,
      orderBody({
        email,
        items: MONTHLY,
        paymentMethod: { type: 'saved', paymentMethodId: 'pm_not_yours' },
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await ordersOf(email)).toEqual([]);
    expect(await consentsOf(email)).toEqual([]);
  });

  it("asks the same of a partner's business checkout, and keeps the consent of its pending order", async () => {
    const email = 'partner-sub@example.com';
    const body = businessBody({
      email,
      businessKey: 'harbor-health',
      products: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
      discount: null,
      shippingCost: undefined,
    });
    const start = (payload: object) =>
      t.inject({ method: 'POST', url: API_PATHS.businessCheckout, payload });
    const refused = await start(body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toHaveProperty('subscriptionConsent');
    expect(await ordersOf(email)).toEqual([]);

    const started = await start({ ...body, subscriptionConsent: RENEWAL_CONSENT });
    expect(started.statusCode).toBe(202);
    const [consent] = await consentsOf(email);
    expect(consent).toMatchObject({
      order_id: started.json().order.id,
      terms_text: renewalTermsText({
        lines: [{ title: 'Harbor Health Clinics Quarterly', amount: 12_900, interval: 'quarter' }],
        currency: 'usd',
        shopUrl: TEST_ORIGIN,
      }),
      accepted_at: NOW,
    });
  });
});
