import type { CurrentUser, SubscriptionInfo } from '@shop/shared/contract/user';
import type { Executor, UserRow } from '../../db/schema';
import { listUserSubscriptions } from '../../repositories/subscriptions-repository';
import { planSummary } from '../subscriptions/subscription-view';

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    email: user.email,
    name: user.name,
    shopifyID: user.shopify_id,
    createdAt: user.created_at.toISOString(),
  };
}

/** The user's subscriptions as the account area shows them: the shop's own records, oldest first. */
export async function loadSubscriptionInfo(
  db: Executor,
  userId: string,
): Promise<SubscriptionInfo> {
  const records = (await listUserSubscriptions(db, userId)).reverse();
  const views = records.map(planSummary);
  return {
    hasActiveSubscription: views.some((view) => view.status === 'active'),
    subscriptions: views,
  };
}
