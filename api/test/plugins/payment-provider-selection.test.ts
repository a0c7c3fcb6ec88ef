// Which provider takes payments: Stripe when its keys are configured, else the built-in one
// (npm start with no keys still runs the whole shop).
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

describe('payment provider selection', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('uses the built-in provider without Stripe keys', async () => {
    const t = await buildTestApp();
    apps.push(t);
    expect(t.app.paymentProvider.name).toBe('test');
  });

  it('uses Stripe with the keys, showing the browser only the publishable key', async () => {
    const t = await buildTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_selection',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_selection',
        STRIPE_WEBHOOK_SECRET: 'whsec_selection',
      },
    });
    apps.push(t);
    expect(t.app.paymentProvider.name).toBe('stripe');
    expect(t.app.paymentProvider.browserConfig()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_selection',
    });
  });
});
