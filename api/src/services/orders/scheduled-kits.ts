import type { Database } from '../../db/schema';
import { listActiveSubscriptionPriceIds } from '../../repositories/subscriptions-repository';

/**
 * The products (by product key and by lookup key) a user has kits scheduled for: an active
 * subscription of theirs, or a paid order (a renewal's included) with a recurring line.
 */
export async function scheduledProducts(db: Database, userId: string): Promise<Set<string>> {
  const priceIds = await listActiveSubscriptionPriceIds(db, userId);
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
