// What a shopper does at the provider in a browser, done through the test provider's own API:
// finishing (or failing) the bank's 3-D Secure step, and the provider delivering its events.
import type { FastifyInstance } from 'fastify';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { TestApp } from './build-test-app';
import { cardToken, orderBody, placeOrder } from './checkout-fixtures';
import { isTestPaymentProvider } from '@shop/payments-sandbox';

/** Completes or fails the bank's step for the intent (or setup) holding this client secret. */
export async function authenticate(
  app: Pick<FastifyInstance, 'inject'>,
  clientSecret: string,
  outcome: 'complete' | 'fail' = 'complete',
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/test-provider/v1/authenticate',
    payload: { clientSecret, outcome },
  });
  if (response.statusCode !== 200)
    throw new Error(`authentication refused (${response.statusCode}): ${response.body}`);
}

export function testProvider(app: FastifyInstance) {
  const provider = app.paymentProvider;
  if (!isTestPaymentProvider(provider)) throw new Error('not the test provider');
  return provider;
}

/** The shopper approves (or declines) pay-later on the provider's page. */
export async function decidePayLater(
  app: FastifyInstance,
  clientSecret: string,
  decision: 'approve' | 'decline' = 'approve',
): Promise<void> {
  await testProvider(app).decidePayLater(clientSecret, decision);
}

/**
 * Lets the provider settle approved pay-later intents and deliver every event it has waiting to
 * the shop's webhook route, until nothing is left.
 */
export async function deliverEvents(app: FastifyInstance): Promise<number> {
  const provider = testProvider(app);
  let total = 0;
  for (;;) {
    const delivered = await provider.deliverPendingEvents();
    if (delivered === 0) return total;
    total += delivered;
  }
}

/** An order paid with the card whose bank asks for 3-D Secure on every charge, authenticated at checkout. */
export async function paidOrderWithCheckedCard(t: TestApp, email: string): Promise<Order> {
  const placed: Order = (
    await placeOrder(t, orderBody({ email, paymentMethod: cardToken('requiresAction') }))
  ).json();
  await authenticate(t.app, placed.payment!.nextAction!.clientSecret);
  const confirmed = await t.inject({
    method: 'POST',
    url: buildPath(API_PATHS.orderConfirm, { id: placed.id }),
  });
  if (confirmed.json().status !== 'paid') throw new Error(`order not paid: ${confirmed.body}`);
  return confirmed.json();
}
