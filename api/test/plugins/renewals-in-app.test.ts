// The shop renews its built-in subscriptions on its own: moving the shop clock past a period makes
// the scheduler queue the renewal and the job queue run it, with nothing called by hand.
import { listRenewals } from '../../src/repositories/subscription-renewals-repository';
import { TEST_CARDS } from '../../src/services/payments/test-card-rules';
import { isTestPaymentProvider } from '../../src/services/payments/test-payment-provider';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { advanceShopClock } from '../helpers/clock';

describe('renewals in the running app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Resolves once the subscription has a renewal with a status other than pending. */
  async function settledRenewal(subscriptionId: string) {
    for (let look = 0; look < 500; look += 1) {
      const [renewal] = await listRenewals(t.app.db, subscriptionId);
      if (renewal && renewal.status !== 'pending') return renewal;
      await t.app.jobs.runDue();
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`No renewal of ${subscriptionId} was settled`);
  }

  it('bills a monthly plan once the shop clock moves past its period', async () => {
    const provider = t.app.paymentProvider;
    if (!isTestPaymentProvider(provider))
      throw new Error('the test app runs the built-in provider');
    const customer = await provider.ensureCustomer({ userId: null, email: 'in-app@example.com' });
    const token = await provider.createCardToken({
      number: TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    const setup = await provider.createSetup({
      customerId: customer.id,
      token: token.id,
      returnUrl: '/account',
      idempotencyKey: 'in-app-setup',
    });
    const subscription = await provider.createSubscription({
      customerId: customer.id,
      priceId: 'price_bloodwise_monthly',
      paymentMethodId: setup.paymentMethodId!,
      idempotencyKey: 'in-app-sub',
    });

    await advanceShopClock(t, '32d');
    const renewal = await settledRenewal(subscription.id);
    expect(renewal).toMatchObject({ cycle: 1, status: 'succeeded', orderId: expect.any(String) });
    const [after] = await provider.listSubscriptions(customer.id);
    expect(after!.currentPeriodEnd.getTime()).toBeGreaterThan(
      subscription.currentPeriodEnd.getTime(),
    );
  });
});
