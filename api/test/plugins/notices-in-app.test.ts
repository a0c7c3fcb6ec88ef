// The running app mails renewal reminders on its own: moving the shop clock to two days before a
// renewal makes the notice scheduler queue the reminder and the job queue mail it.
import { isTestPaymentProvider } from '@shop/payments-sandbox';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { subscribeWithCard } from '../helpers/subscriptions';

describe('notices in the running app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Polls until the mail is queued; the test's own timeout ends a wait for mail that never comes.
  async function mailsTo(email: string) {
    for (;;) {
      const mails = await t.app.db
        .selectFrom('outbox')
        .select('subject')
        .where('to_address', '=', email)
        .execute();
      if (mails.length > 0) return mails;
      await t.app.jobs.runDue();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('mails the renewal reminder once the shop clock reaches it', async () => {
    const provider = t.app.paymentProvider;
    if (!isTestPaymentProvider(provider))
      throw new Error('the test app runs the built-in provider');
    const email = 'notice-in-app@example.com';
    const subscription = await subscribeWithCard(provider, {
      email,
      priceId: 'price_bloodwise_monthly',
      key: 'notice-in-app',
    });
    const twoDaysBefore = subscription.currentPeriodEnd.getTime() - 2 * 86_400_000;
    await t.app.clock.advance(twoDaysBefore - t.app.clock.now().getTime());

    expect(await mailsTo(email)).toEqual([
      { subject: expect.stringMatching(/^Your .+ renews on /) },
    ]);
  });
});
