import type { Executor } from '../db/schema';

export interface StripeCustomerLink {
  userId: string;
  customerId: string;
  email: string;
}

/** The shopper's Stripe Customer in this mode (test or live), if one was made. */
export async function findStripeCustomer(
  db: Executor,
  userId: string,
  livemode: boolean,
): Promise<StripeCustomerLink | null> {
  const row = await db
    .selectFrom('stripe_customers')
    .select(['user_id', 'customer_id', 'email'])
    .where('user_id', '=', userId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row ? { userId: row.user_id, customerId: row.customer_id, email: row.email } : null;
}

/**
 * Records the shopper's customer and returns the one recorded: when two requests created it at
 * once (Stripe answered both with the same customer, by idempotency key), the first row stays.
 */
export async function saveStripeCustomer(
  db: Executor,
  link: StripeCustomerLink & { livemode: boolean },
): Promise<StripeCustomerLink> {
  await db
    .insertInto('stripe_customers')
    .values({
      user_id: link.userId,
      livemode: link.livemode,
      customer_id: link.customerId,
      email: link.email,
    })
    .onConflict((oc) => oc.columns(['user_id', 'livemode']).doNothing())
    .execute();
  const saved = await findStripeCustomer(db, link.userId, link.livemode);
  if (!saved) throw new Error(`The Stripe customer of user ${link.userId} was not recorded`);
  return saved;
}
