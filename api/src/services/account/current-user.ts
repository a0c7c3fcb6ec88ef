import type { Currency } from '@shop/shared/contract/common';
import type { CurrentUser, SubscriptionInfo } from '@shop/shared/contract/user';
import type { Executor, UserRow } from '../../db/schema';
import { centsFromDb } from '../../lib/money';
import type { PaymentProvider } from '../payments/payment-provider';

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    email: user.email,
    name: user.name,
    shopifyID: user.shopify_id,
    createdAt: user.created_at.toISOString(),
  };
}

/** The user's subscriptions as the account area shows them, priced from our own catalog. */
export async function loadSubscriptionInfo(
  db: Executor,
  provider: PaymentProvider,
  userId: string,
): Promise<SubscriptionInfo> {
  const customer = await provider.findCustomerByUserId(userId);
  const subscriptions = customer ? await provider.listSubscriptions(customer.id) : [];
  if (subscriptions.length === 0) return { hasActiveSubscription: false, subscriptions: [] };
  const prices = await db
    .selectFrom('prices')
    .innerJoin('products', 'products.key', 'prices.product_key')
    .select([
      'prices.id',
      'prices.lookup_key',
      'prices.unit_amount_cents',
      'prices.currency',
      'prices.recurring_interval',
      'prices.recurring_interval_count',
      'products.title',
    ])
    .where(
      'prices.id',
      'in',
      subscriptions.map((subscription) => subscription.priceId),
    )
    .execute();
  const byId = new Map(prices.map((price) => [price.id, price]));
  const views = subscriptions.flatMap((subscription) => {
    const price = byId.get(subscription.priceId);
    if (!price?.recurring_interval || !price.recurring_interval_count) return [];
    return [
      {
        id: subscription.id,
        status: subscription.status,
        lookupKey: price.lookup_key,
        title: price.title,
        quantity: subscription.quantity,
        unitAmount: centsFromDb(price.unit_amount_cents),
        currency: price.currency as Currency,
        interval: price.recurring_interval,
        intervalCount: price.recurring_interval_count,
        currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      },
    ];
  });
  return {
    hasActiveSubscription: views.some((view) => view.status === 'active'),
    subscriptions: views,
  };
}
