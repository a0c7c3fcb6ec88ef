import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { TEST_CARDS } from '@shop/payments-sandbox';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';
import { authenticate } from '../../helpers/provider-steps';
import { createTestToken, TEST_EXPIRY } from '../../helpers/test-tokens';

interface MethodView {
  id: string;
  last4: string;
  isDefault: boolean;
}

describe('adding a card the bank wants confirmed', () => {
  let t: TestApp;
  let carol: string;
  let dave: string;

  async function signup(email: string): Promise<string> {
    const response = await signUpAndConfirm(t, {
      email,
      name: 'Card Tester',
      password: 'a-good-password-1',
    });
    return sessionCookieFrom(response);
  }
  const methodsOf = async (cookie: string): Promise<MethodView[]> =>
    (await t.inject({ method: 'GET', url: API_PATHS.paymentMethods, headers: { cookie } })).json()
      .paymentMethodsAndAddresses.paymentMethods;
  const addCard = async (cookie: string, number: string, makeDefault = false) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: { cookie },
      payload: { token: await createTestToken(t.app, number), makeDefault },
    });
  const confirm = (cookie: string | null, id: string, makeDefault?: boolean) =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.paymentMethodConfirmation, { id }),
      headers: cookie ? { cookie } : {},
      ...(makeDefault === undefined ? {} : { payload: { makeDefault } }),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    carol = await signup('carol@example.com');
    dave = await signup('dave@example.com');
  });
  afterAll(() => t.close());

  it("answers 202 with the setup's client secret and keeps the card only once the provider says it succeeded", async () => {
    const pending = await addCard(carol, TEST_CARDS.requiresAction);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({
      status: 'requires_confirmation',
      confirmationId: expect.stringMatching(/^seti_/),
      clientSecret: expect.stringContaining('_secret_'),
      message: expect.any(String),
    });
    expect(await methodsOf(carol)).toEqual([]);
    // The browser claiming it is done is not enough: the provider has not seen the bank's answer.
    const early = await confirm(carol, pending.json().confirmationId);
    expect(early.statusCode).toBe(402);
    expect(await methodsOf(carol)).toEqual([]);

    await authenticate(t.app, pending.json().clientSecret);
    const confirmed = await confirm(carol, pending.json().confirmationId);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().paymentMethodsAndAddresses.paymentMethods).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: 'visa',
        last4: '3184',
        expMonth: TEST_EXPIRY.expMonth,
        expYear: TEST_EXPIRY.expYear,
        isDefault: true,
      },
    ]);
    // Replaying the confirmation does not add the card twice.
    expect((await confirm(carol, pending.json().confirmationId)).statusCode).toBe(201);
    expect(await methodsOf(carol)).toHaveLength(1);
  });

  it('makes a confirmed card the default when the shopper asked for it before the bank step', async () => {
    const erin = await signup('erin@example.com');
    const first = await addCard(erin, TEST_CARDS.succeeds);
    expect(first.statusCode).toBe(201);
    const pending = await addCard(erin, TEST_CARDS.requiresAction, true);
    await authenticate(t.app, pending.json().clientSecret);
    const confirmed = await confirm(erin, pending.json().confirmationId, true);
    expect(confirmed.statusCode).toBe(201);
    const methods = await methodsOf(erin);
    expect(methods.map((method) => [method.last4, method.isDefault])).toEqual([
      ['4242', false],
      ['3184', true],
    ]);
  });

  it('keeps nothing when the bank check fails', async () => {
    const before = await methodsOf(carol);
    const pending = await addCard(carol, TEST_CARDS.requiresAction);
    await authenticate(t.app, pending.json().clientSecret, 'fail');
    const refused = await confirm(carol, pending.json().confirmationId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('CARD_DECLINED');
    expect(await methodsOf(carol)).toEqual(before);
  });

  it("does not let another shopper confirm (and so take) someone else's card", async () => {
    const pending = await addCard(carol, TEST_CARDS.requiresAction);
    await authenticate(t.app, pending.json().clientSecret);
    // Dave without a payment customer yet, then with one.
    expect((await confirm(dave, pending.json().confirmationId)).statusCode).toBe(404);
    expect((await addCard(dave, TEST_CARDS.succeeds)).statusCode).toBe(201);
    const stolen = await confirm(dave, pending.json().confirmationId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('NOT_FOUND');
    expect((await methodsOf(dave)).map((method) => method.last4)).toEqual(['4242']);
  });

  it('answers 404 for an unknown id, and 401 logged out', async () => {
    expect((await confirm(carol, 'seti_made_up')).statusCode).toBe(404);
    const pending = await addCard(carol, TEST_CARDS.requiresAction);
    const logout = await confirm(null, pending.json().confirmationId);
    expect(logout.statusCode).toBe(401);
  });

  it('shows the reason of a card refused for insufficient funds and saves nothing', async () => {
    const before = await methodsOf(dave);
    const response = await addCard(dave, TEST_CARDS.insufficientFunds);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card has insufficient funds.',
      fields: { card: 'Your card has insufficient funds.' },
    });
    expect(await methodsOf(dave)).toEqual(before);
  });
});
