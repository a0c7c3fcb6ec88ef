// Upgrades charge the order's saved card without asking for it again, so they belong to the
// order's buyer alone and only for a while after the order.
import { UPGRADE_WINDOW_MINUTES } from '@shop/shared/contract/upgrades';
import { notFound } from '../../lib/app-error';
import { findOrderByPaymentRef, type StoredOrder } from '../../repositories/orders-repository';
import type { Database } from '../../db/schema';
import { owns, type Buyer } from '../checkout/buyer';

/**
 * The order a payment id (or order id) points at, if this buyer placed it: anyone else gets the
 * same 404 as for an unknown id, so an id read from a link can never charge a card.
 */
export async function findBuyersOrder(
  deps: { db: Database },
  ref: string,
  buyer: Buyer,
): Promise<StoredOrder> {
  const order = await findOrderByPaymentRef(deps.db, ref);
  if (!order || !owns(buyer, order.row)) throw notFound('Order not found');
  return order;
}

/** When the upgrade offers of an order close. */
export const upgradeWindowEndsAt = (order: StoredOrder) =>
  new Date(order.row.created_at.getTime() + UPGRADE_WINDOW_MINUTES * 60_000);

export const isUpgradeWindowOpen = (order: StoredOrder, now = new Date()) =>
  now < upgradeWindowEndsAt(order);
