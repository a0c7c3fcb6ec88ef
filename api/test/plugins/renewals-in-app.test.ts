// The shop renews its built-in subscriptions on its own: moving the shop clock past a period makes
// the scheduler queue the renewal and the job queue run it, with nothing called by hand.
import { listRenewals } from '../../src/repositories/subscription-renewals-repository';
import { TEST_CARDS, isTestPaymentProvider } from '@shop/payments-sandbox';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { advanceShopClock } from '../helpers/clock';
import { eventually } from '../helpers/eventually';

describe('renewals in the running app', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The app's own runner looks for due jobs every 100 ms (2 s in production): the test waits
    // for the renewal's state and never runs a job itself.
    t = await buildTestApp({ env: { JOB_POLL_MS: '100' } });
  });
  afterAll(() => t.close());

  /** Resolves once the subscription has a renewal with a status other than pending. */
  async function settledRenewal(subscriptionId: string) {
    const [renewal] = await eventually(
      () => listRenewals(t.app.db, subscriptionId),
      ([first]) => first !== undefined && first.status !== 'pending',
      `A settled renewal of ${subscriptionId}`,
    );
    return renewal;
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
  }, 60_000);
});
