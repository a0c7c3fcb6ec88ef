import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { TEST_CARDS } from '@shop/payments-sandbox';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';
import { createTestToken } from '../../helpers/test-tokens';

const nextYear = new Date().getUTCFullYear() + 2;
const address = {
  name: 'Ada Shopper',
  line1: '10 Elm St',
  line2: 'Apt 2',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};

describe('/user/management-portal: saved cards and shipping address', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  async function signup(email: string): Promise<string> {
    const response = await signUpAndConfirm(t, {
      email,
      name: email.split('@')[0]!,
      password: 'a-good-password-1',
    });
    return sessionCookieFrom(response);
  }
  const as = (cookie: string) => ({ cookie });

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signup('alice@example.com');
    bob = await signup('bob@example.com');
  });
  afterAll(() => t.close());

  it('answers 401 with the standard body when logged out', async () => {
    const response = await t.inject({ method: 'GET', url: API_PATHS.paymentMethods });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Please log in to continue' },
    });
  });

  it('starts empty', async () => {
    const response = await t.inject({
      method: 'GET',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
    });
    expect(response.json()).toEqual({
      paymentMethodsAndAddresses: { paymentMethods: [], shippingAddress: null },
      email: 'alice@example.com',
    });
  });

  it('adds a 4242 card through the provider, keeping only brand, last4 and expiry; the first card is the default', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
      payload: { token: await createTestToken(t.app, '4242424242424242') },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().paymentMethodsAndAddresses.paymentMethods).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: nextYear,
        isDefault: true,
      },
    ]);
    const stored = JSON.stringify(
      await t.app.db.selectFrom('payment_methods').selectAll().execute(),
    );
    expect(stored).not.toContain(TEST_CARDS.succeeds);
  });

  it('refuses the declined test card with its reason and saves nothing', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
      payload: { token: await createTestToken(t.app, TEST_CARDS.declined) },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
    const list = await t.inject({
      method: 'GET',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
    });
    expect(list.json().paymentMethodsAndAddresses.paymentMethods).toHaveLength(1);
  });

  it.each([
    // Card details themselves are refused: only the provider's element takes them.
    [{ card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }, 'token'],
    [{ token: '4242424242424242' }, 'token'],
    [{ token: 'tok_' }, 'token'],
    [{}, 'token'],
  ])('accepts only a provider token, not %j', async (payload, field) => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty([field]);
  });

  it('sets another card as default, then removes one, keeping a default', async () => {
    const added = await t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
      payload: { token: await createTestToken(t.app, '5555555555554444') },
    });
    const methods = added.json().paymentMethodsAndAddresses.paymentMethods;
    const mastercard = methods.find((m: { brand: string }) => m.brand === 'mastercard');
    expect(mastercard.isDefault).toBe(false);

    const setDefault = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.paymentMethodDefault, { id: mastercard.id }),
      headers: as(alice),
    });
    expect(setDefault.statusCode).toBe(200);
    const afterDefault = setDefault.json().paymentMethodsAndAddresses.paymentMethods;
    expect(
      afterDefault
        .filter((m: { isDefault: boolean }) => m.isDefault)
        .map((m: { id: string }) => m.id),
    ).toEqual([mastercard.id]);

    const removed = await t.inject({
      method: 'DELETE',
      url: buildPath(API_PATHS.paymentMethod, { id: mastercard.id }),
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(200);
    const remaining = removed.json().paymentMethodsAndAddresses.paymentMethods;
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toMatchObject({ last4: '4242', isDefault: true });
  });

  it('edits the shipping address, validating it', async () => {
    const saved = await t.inject({
      method: 'PUT',
      url: API_PATHS.shippingAddress,
      headers: as(alice),
      payload: address,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().paymentMethodsAndAddresses.shippingAddress).toEqual(address);
    const canadian = { ...address, country: 'CA', state: 'ON', postal_code: 'K1A 0B1' };
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: API_PATHS.shippingAddress,
          headers: as(alice),
          payload: canadian,
        })
      ).json().paymentMethodsAndAddresses.shippingAddress,
    ).toEqual(canadian);
    const bad = await t.inject({
      method: 'PUT',
      url: API_PATHS.shippingAddress,
      headers: as(alice),
      payload: { ...address, postal_code: 'ABC', country: 'US' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('postal_code');
    const elsewhere = await t.inject({
      method: 'PUT',
      url: API_PATHS.shippingAddress,
      headers: as(alice),
      payload: { ...address, country: 'FR' },
    });
    expect(elsewhere.json().error.fields.country).toContain('US and Canada');
  });

  it("keeps one user away from another's cards and address", async () => {
    const aliceList = await t.inject({
      method: 'GET',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
    });
    const aliceCard = aliceList.json().paymentMethodsAndAddresses.paymentMethods[0].id;

    const bobView = await t.inject({
      method: 'GET',
      url: API_PATHS.paymentMethods,
      headers: as(bob),
    });
    expect(bobView.json()).toEqual({
      paymentMethodsAndAddresses: { paymentMethods: [], shippingAddress: null },
      email: 'bob@example.com',
    });

    // Bob, without a customer record yet, then with one.
    for (let round = 0; round < 2; round += 1) {
      const setDefault = await t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.paymentMethodDefault, { id: aliceCard }),
        headers: as(bob),
      });
      const remove = await t.inject({
        method: 'DELETE',
        url: buildPath(API_PATHS.paymentMethod, { id: aliceCard }),
        headers: as(bob),
      });
      expect(setDefault.statusCode).toBe(404);
      expect(remove.statusCode).toBe(404);
      expect(remove.json().error.code).toBe('NOT_FOUND');
      await t.inject({
        method: 'POST',
        url: API_PATHS.paymentMethods,
        headers: as(bob),
        payload: { token: await createTestToken(t.app, TEST_CARDS.succeeds) },
      });
    }
    const aliceAfter = await t.inject({
      method: 'GET',
      url: API_PATHS.paymentMethods,
      headers: as(alice),
    });
    expect(aliceAfter.json().paymentMethodsAndAddresses.paymentMethods).toEqual(
      aliceList.json().paymentMethodsAndAddresses.paymentMethods,
    );
  });

  it('refuses a cross-site request carrying the session cookie (CSRF)', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: { ...as(alice), origin: 'https://evil.example' },
      payload: { token: await createTestToken(t.app, TEST_CARDS.succeeds) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_ORIGIN_REJECTED');
  });
});
