// The test provider's subscriptions.
import type { Database } from './db/schema';
import { addCalendarSteps } from './lib/calendar';
import { createPrefixedId } from './lib/ids';
import {
  PaymentObjectNotFoundError,
  type CreateSubscriptionInput,
  type ProviderSubscription,
} from '@shop/shared/payments/provider-contract';
import { activeMethod } from './payment-methods';
import { toSubscription } from './rows';

/** The first period starts now (the clock passed in) and ends one interval of the price later. */
export async function createSubscription(
  db: Database,
  now: () => Date,
  input: CreateSubscriptionInput,
): Promise<ProviderSubscription> {
  const method = await activeMethod(db, input.paymentMethodId);
  const price = await db
    .selectFrom('prices')
    .select(['id', 'recurring_interval', 'recurring_interval_count'])
    .where('id', '=', input.priceId)
    .where('type', '=', 'recurring')
    .executeTakeFirst();
  if (!price?.recurring_interval || !price.recurring_interval_count) {
    throw new PaymentObjectNotFoundError(`Recurring price ${input.priceId}`);
  }
  const start = now();
  const row = await db
    .insertInto('payment_subscriptions')
    .values({
      id: createPrefixedId('sub'),
      customer_id: input.customerId,
      price_id: price.id,
      payment_method_id: method.id,
      quantity: input.quantity ?? 1,
      status: method.test_behaviour === 'succeed' ? 'active' : 'incomplete',
      current_period_start: start,
      current_period_end: addCalendarSteps(
        start,
        price.recurring_interval,
        price.recurring_interval_count,
      ),
      billing_anchor: start,
      idempotency_key: input.idempotencyKey,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  const stored =
    row ??
    (await db
      .selectFrom('payment_subscriptions')
      .selectAll()
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow());
  return toSubscription(stored);
}

export async function listSubscriptions(
  db: Database,
  customerId: string,
): Promise<ProviderSubscription[]> {
  const rows = await db
    .selectFrom('payment_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map(toSubscription);
}
