// Subscribers as the tests need them: one of the built-in provider made directly (a customer with
// a saved card 4242 and a plan from the provider's clock), or an account, signed in, that bought a
// plan at checkout.
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { InjectOptions } from 'fastify';
import { signUpAndConfirm } from './accounts';
import { sessionCookieFrom, type TestApp } from './build-test-app';
import { cardToken, orderBody, placeOrder, RENEWAL_CONSENT } from './checkout-fixtures';
import type { TestCardName } from './fixture-tokens';
import { TEST_CARDS, type TestPaymentProvider } from '@shop/payments-sandbox';

export async function subscribeWithCard(
  provider: TestPaymentProvider,
  input: { email: string; priceId: string; key: string; name?: string },
) {
  const customer = await provider.ensureCustomer({
    userId: null,
    email: input.email,
    name: input.name ?? null,
  });
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
    idempotencyKey: `${input.key}:setup`,
  });
  return provider.createSubscription({
    customerId: customer.id,
    priceId: input.priceId,
    paymentMethodId: setup.paymentMethodId!,
    idempotencyKey: `${input.key}:subscription`,
  });
}

export interface Subscriber {
  email: string;
  userId: string;
  cookie: string;
  /** Sends a request as this subscriber. */
  inject(request: InjectOptions): ReturnType<TestApp['inject']>;
}

export async function signedUpSubscriber(t: TestApp, label = 'sub'): Promise<Subscriber> {
  const email = `${label}-${randomUUID()}@example.com`;
  const confirmed = await signUpAndConfirm(t, {
    email,
    name: 'Sam Subscriber',
    password: 'a long enough passphrase 42',
    kitID: null,
    sessionId: randomUUID(),
  });
  const cookie = sessionCookieFrom(confirmed);
  const user = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    email,
    userId: user.id,
    cookie,
    inject: (request) => t.inject({ ...request, headers: { cookie, ...(request.headers ?? {}) } }),
  };
}

/** Buys a plan as the signed-in subscriber (card saved to the account); answers the order. */
export async function buyPlan(
  t: TestApp,
  subscriber: Subscriber,
  lookupKey = 'bloodwise_monthly',
  card: TestCardName = 'succeeds',
): Promise<{ id: string; status: string }> {
  const response = await placeOrder(
    t,
    orderBody({
      email: subscriber.email,
      items: [{ lookupKey, quantity: 1 }],
      paymentMethod: cardToken(card, true),
      subscriptionConsent: RENEWAL_CONSENT,
    }),
    randomUUID(),
    { cookie: subscriber.cookie },
  );
  if (response.statusCode !== 201)
    throw new Error(`Order answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The subscription the order bought (one per recurring line). */
export async function subscriptionOfOrder(t: TestApp, orderId: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('payment_subscriptions')
    .select('id')
    .where('origin_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const subscriptionPath = (
  path: (typeof API_PATHS)[
    | 'accountSubscription'
    | 'accountSubscriptionHistory'
    | 'accountSubscriptionCancel'
    | 'accountSubscriptionKeep'
    | 'accountSubscriptionPause'
    | 'accountSubscriptionResume'
    | 'accountSubscriptionSkip'
    | 'accountSubscriptionInterval'
    | 'accountSubscriptionCard'],
  id: string,
) => buildPath(path, { id });

/** Runs the shop's jobs until `done` holds (renewals are jobs the scheduler queues). */
export async function runJobsUntil<T>(
  t: TestApp,
  look: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  for (let round = 0; round < 200; round += 1) {
    const value = await look();
    if (done(value)) return value;
    await t.app.jobs.runDue();
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('The awaited state never came');
}

/** A signed-up subscriber who bought `lookupKey`, with the subscription and order it made. */
export async function subscribedAccount(
  t: TestApp,
  label: string,
  lookupKey = 'bloodwise_monthly',
) {
  const subscriber = await signedUpSubscriber(t, label);
  const order = await buyPlan(t, subscriber, lookupKey);
  return { subscriber, id: await subscriptionOfOrder(t, order.id), orderId: order.id };
}

/** The actions of a subscription's logged changes, oldest first. */
export async function changeActionsOf(t: TestApp, id: string): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('subscription_changes')
    .select('action')
    .where('subscription_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}
