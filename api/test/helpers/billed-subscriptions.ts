// A subscription sold through Stripe, as the checkout leaves it: the paid order that bought it
// (user, address, the plan's line at Stripe's price) and our record, billed by Stripe.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/schema';
import { insertOrder } from '../../src/repositories/orders-repository';

export interface StripeSubscriptionSeed {
  id?: string;
  providerSubscriptionId?: string | null;
  periodStart?: Date;
  periodEnd?: Date;
  status?: 'active' | 'past_due' | 'paused' | 'canceled';
  priceId?: string;
  skippedCycle?: number | null;
}

export async function seedStripeSubscription(db: Database, seed: StripeSubscriptionSeed = {}) {
  const id = seed.id ?? `ssub_${randomUUID().slice(0, 12)}`;
  const email = `${id}@example.com`;
  const priceId = seed.priceId ?? 'price_monthly';
  const periodStart = seed.periodStart ?? new Date('2027-01-15T12:00:00Z');
  const periodEnd = seed.periodEnd ?? new Date('2027-02-15T12:00:00Z');
  const user = await db
    .insertInto('users')
    .values({ email, name: 'Sub Scriber' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderId = await insertOrder(db, {
    kind: 'consumer',
    userId: user.id,
    email,
    name: 'Sub Scriber',
    status: 'paid',
    currency: 'usd',
    lines: [
      {
        lookupKey: 'bloodwise_monthly',
        priceId,
        title: 'Bloodwise membership',
        quantity: 1,
        unitAmount: 4_900,
        amount: 4_900,
      },
    ],
    subtotal: 4_900,
    discount: 0,
    shipping: 0,
    total: 4_900,
    discountCode: null,
    shipUpfront: false,
    bnpl: false,
    bnplConsentId: null,
    businessKey: null,
    marketingEnabled: false,
    sessionId: null,
    shippingAddress: {
      line1: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
    } as never,
    chargeId: `pi_${id}`,
    paymentMethodId: 'pm_1',
    paymentLabel: 'visa •••• 4242',
    idempotencyKey: `order:${id}`,
    buyerTokenHash: null,
  });
  await db
    .insertInto('payment_subscriptions')
    .values({
      id,
      customer_id: 'cus_1',
      price_id: priceId,
      payment_method_id: 'pm_1',
      quantity: 1,
      status: seed.status ?? 'active',
      current_period_start: periodStart,
      current_period_end: periodEnd,
      idempotency_key: null,
      billing_anchor: periodStart,
      user_id: user.id,
      origin_order_id: orderId,
      provider: 'stripe',
      provider_subscription_id:
        seed.providerSubscriptionId === undefined ? 'sub_1' : seed.providerSubscriptionId,
      skipped_cycle: seed.skippedCycle ?? null,
      canceled_at: seed.status === 'canceled' ? periodStart : null,
    })
    .execute();
  return { id, email, userId: user.id, orderId };
}
