import type { Executor } from '../../src/db/schema';

/** A subscription row on this price (and its customer), as a paid plan leaves: the price is in use. */
export async function subscriptionOnPrice(db: Executor, priceId: string, label: string) {
  const now = new Date();
  await db
    .insertInto('payment_customers')
    .values({ id: `cus_${label}`, user_id: null, email: `${label}@example.com`, name: label })
    .execute();
  await db
    .insertInto('payment_subscriptions')
    .values({
      id: `sub_${label}`,
      customer_id: `cus_${label}`,
      price_id: priceId,
      quantity: 1,
      status: 'active',
      current_period_start: now,
      current_period_end: now,
      billing_anchor: now,
    })
    .execute();
}
