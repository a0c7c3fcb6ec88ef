import type { Database } from '../../db/schema';
import type { PaymentProvider } from '../payments/payment-provider';

/**
 * The products (by product key and by lookup key) a user has kits scheduled for: an active
 * provider subscription, or a paid order with a recurring line whose next kits are still to ship.
 */
export async function scheduledProducts(
  db: Database,
  provider: PaymentProvider,
  userId: string,
): Promise<Set<string>> {
  const customer = await provider.findCustomerByUserId(userId);
  const subscriptions = customer
    ? (await provider.listSubscriptions(customer.id)).filter(
        (subscription) => subscription.status === 'active',
      )
    : [];
  const priceIds = subscriptions.map((subscription) => subscription.priceId);
  const fromOrders = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    // By lookup key: price_id is the provider's price (Stripe's id when Stripe prices the catalogue).
    .innerJoin('prices', 'prices.lookup_key', 'order_lines.lookup_key')
    .select('prices.id')
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', ['paid', 'fulfilled'])
    .where('prices.type', '=', 'recurring')
    .execute();
  const allPriceIds = [...new Set([...priceIds, ...fromOrders.map((row) => row.id)])];
  if (allPriceIds.length === 0) return new Set();
  const prices = await db
    .selectFrom('prices')
    .select(['lookup_key', 'product_key'])
    .where('id', 'in', allPriceIds)
    .execute();
  return new Set(prices.flatMap((price) => [price.lookup_key, price.product_key]));
}
