import type { Executor } from '../../db/schema';
import { listUserSubscriptions } from '../../repositories/subscriptions-repository';
import { schedulesNextKit } from '../subscriptions/next-kit';

/**
 * The products (by product key and by lookup key) a user has kits scheduled for: the plans the
 * subscription records say still run at `now` (a paid order's plan is recorded as it is paid).
 */
export async function scheduledProducts(
  db: Executor,
  userId: string,
  now: Date,
): Promise<Set<string>> {
  const subscriptions = await listUserSubscriptions(db, userId);
  return new Set(
    subscriptions
      .filter((subscription) => schedulesNextKit(subscription, now))
      .flatMap((subscription) => [subscription.price.lookupKey, subscription.price.productKey]),
  );
}
