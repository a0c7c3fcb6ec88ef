import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { TEST_CARDS } from '../../../src/services/payments/test-card-rules';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 11, expYear: nextYear, cvc: '321' });

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
  const addCard = (cookie: string, number: string, makeDefault = false) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.paymentMethods,
      headers: { cookie },
      payload: { card: card(number), makeDefault },
    });
  const confirm = (cookie: string | null, id: string) =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.paymentMethodConfirmation, { id }),
      headers: cookie ? { cookie } : {},
    });

  beforeAll(async () => {
    t = await buildTestApp();
    carol = await signup('carol@example.com');
    dave = await signup('dave@example.com');
  });
  afterAll(() => t.close());

  it('answers 202 with a confirmation id and saves nothing until it is confirmed', async () => {
    const pending = await addCard(carol, TEST_CARDS.requiresAction);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({
      status: 'requires_confirmation',
      confirmationId: expect.stringMatching(/^pi_/),
      message: 'Your bank asks you to confirm this payment.',
    });
    expect(await methodsOf(carol)).toEqual([]);

    const confirmed = await confirm(carol, pending.json().confirmationId);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().paymentMethodsAndAddresses.paymentMethods).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: 'visa',
        last4: '3184',
        expMonth: 11,
        expYear: nextYear,
        isDefault: true,
      },
    ]);
    // Replaying the confirmation does not add the card twice.
    expect((await confirm(carol, pending.json().confirmationId)).statusCode).toBe(201);
    expect(await methodsOf(carol)).toHaveLength(1);
  });

  it('carries "make default" through the confirmation', async () => {
    expect((await addCard(carol, TEST_CARDS.succeeds)).statusCode).toBe(201);
    const pending = await addCard(carol, TEST_CARDS.requiresAction, true);
    const confirmed = await confirm(carol, pending.json().confirmationId);
    const methods: MethodView[] = confirmed.json().paymentMethodsAndAddresses.paymentMethods;
    expect(methods).toHaveLength(3);
    expect(methods.filter((method) => method.isDefault)).toEqual([methods[2]]);
  });

  it("does not let another shopper confirm (and so take) someone else's card", async () => {
    const pending = await addCard(carol, TEST_CARDS.requiresAction);
    const before = await methodsOf(carol);
    // Dave without a payment customer yet, then with one.
    expect((await confirm(dave, pending.json().confirmationId)).statusCode).toBe(404);
    expect((await addCard(dave, TEST_CARDS.succeeds)).statusCode).toBe(201);
    const stolen = await confirm(dave, pending.json().confirmationId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('NOT_FOUND');
    expect((await methodsOf(dave)).map((method) => method.last4)).toEqual(['4242']);
    expect(await methodsOf(carol)).toEqual(before);
  });

  it('answers 404 for an unknown id or a charge that is not a card check, and 401 logged out', async () => {
    expect((await confirm(carol, 'pi_made_up')).statusCode).toBe(404);
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
