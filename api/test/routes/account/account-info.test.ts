import { API_PATHS } from '@shop/shared/contract/paths';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

describe('/user/cms-info, /user/is-new-customer and business/users', () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await buildTestApp();
    demo = sessionCookieFrom(
      await t.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { username: DEMO_USER.email, password: DEMO_USER.password },
      }),
    );
  });
  afterAll(() => t.close());

  it('returns null for an anonymous visitor (200, not 401)', async () => {
    const response = await t.inject({ method: 'GET', url: API_PATHS.cmsInfo });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('returns the user alone by default', async () => {
    const response = await t.inject({
      method: 'GET',
      url: API_PATHS.cmsInfo,
      headers: { cookie: demo },
    });
    expect(response.json()).toEqual({
      email: DEMO_USER.email,
      name: DEMO_USER.name,
      shopifyID: 'shopify-demo-1000',
      createdAt: expect.any(String),
    });
  });

  it('adds subscription info and the balance (in cents) only when asked', async () => {
    const response = await t.inject({
      method: 'GET',
      url: `${API_PATHS.cmsInfo}?includeSubscriptionInfo=true&includeBalance=true`,
      headers: { cookie: demo },
    });
    const body = response.json();
    expect(body.balance).toEqual({ amount: 2500, currency: 'usd' });
    expect(body.subscriptionInfo).toEqual({
      hasActiveSubscription: true,
      subscriptions: [
        {
          id: 'sub_demo_quarterly',
          status: 'active',
          lookupKey: 'bloodwise_quarterly',
          title: 'Bloodwise Quarterly',
          quantity: 1,
          unitAmount: 12900,
          currency: 'usd',
          interval: 'month',
          intervalCount: 3,
          currentPeriodEnd: expect.any(String),
        },
      ],
    });
    const onlyBalance = await t.inject({
      method: 'GET',
      url: `${API_PATHS.cmsInfo}?includeSubscriptionInfo=false&includeBalance=1`,
      headers: { cookie: demo },
    });
    expect(onlyBalance.json()).not.toHaveProperty('subscriptionInfo');
    expect(onlyBalance.json()).toHaveProperty('balance');
  });

  it('validates the flags', async () => {
    const response = await t.inject({
      method: 'GET',
      url: `${API_PATHS.cmsInfo}?includeBalance=maybe`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('includeBalance');
  });

  it('treats an expired session as anonymous', async () => {
    const cookie = sessionCookieFrom(
      await t.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { username: DEMO_USER.email, password: DEMO_USER.password },
      }),
    );
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', 'is not', null)
      .execute();
    const response = await t.inject({ method: 'GET', url: API_PATHS.cmsInfo, headers: { cookie } });
    expect(response.json()).toBeNull();
    const protectedRoute = await t.inject({
      method: 'GET',
      url: API_PATHS.paymentMethods,
      headers: { cookie },
    });
    expect(protectedRoute.statusCode).toBe(401);
    demo = sessionCookieFrom(
      await t.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { username: DEMO_USER.email, password: DEMO_USER.password },
      }),
    );
  });

  it('slides a session that is past half its life', async () => {
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 60 * 60 * 1000) })
      .execute();
    const response = await t.inject({
      method: 'GET',
      url: API_PATHS.cmsInfo,
      headers: { cookie: demo },
    });
    const refreshed = response.cookies.find((c) => c.name === 'bw_session');
    expect(new Date(refreshed!.expires!).getTime()).toBeGreaterThan(
      Date.now() + 13 * 24 * 3600 * 1000,
    );
  });

  it('is-new-customer: true without a paid order, false with one, emails normalised', async () => {
    const url = (email: string) => `${API_PATHS.isNewCustomer}?email=${encodeURIComponent(email)}`;
    expect((await t.inject({ method: 'GET', url: url('fresh@example.com') })).json()).toEqual({
      isNewCustomer: true,
    });
    await t.app.db
      .insertInto('orders')
      .values({
        kind: 'consumer',
        email: 'buyer@example.com',
        name: 'Buyer',
        status: 'paid',
        currency: 'usd',
        subtotal_cents: 14900,
        discount_cents: 0,
        shipping_cents: 595,
        total_cents: 15495,
        discount_code: null,
        ship_upfront: false,
        bnpl: false,
        bnpl_consent_id: null,
        business_key: null,
        marketing_enabled: false,
        session_id: null,
        shipping_address: JSON.stringify({}),
        payment_charge_id: null,
        payment_method_id: null,
        user_id: null,
      })
      .execute();
    expect((await t.inject({ method: 'GET', url: url(' Buyer@Example.com ') })).json()).toEqual({
      isNewCustomer: false,
    });
    expect((await t.inject({ method: 'GET', url: url('not-an-email') })).statusCode).toBe(400);
  });

  it('business/users tells whether an account exists, and requires an email', async () => {
    const url = (email: string) => `${API_PATHS.businessUsers}?email=${encodeURIComponent(email)}`;
    expect(
      (await t.inject({ method: 'GET', url: url(DEMO_USER.email.toUpperCase()) })).json(),
    ).toEqual({ exists: true });
    expect((await t.inject({ method: 'GET', url: url('nobody@example.com') })).json()).toEqual({
      exists: false,
    });
    const missing = await t.inject({ method: 'GET', url: API_PATHS.businessUsers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_ERROR');
  });
});
