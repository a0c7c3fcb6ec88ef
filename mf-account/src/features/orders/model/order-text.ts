// How an order is put into words, the same in the list and on its own page.
import type { AccountOrderKind, AccountOrderSummary } from '@shop/shared/contract/account-orders';
import type { OrderStatus } from '@shop/shared/contract/checkout';

/** The account's order pages. */
export const ORDERS_PATH = '/account/orders';
export const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`;

/** Where the order came from, as the customer knows it. */
export function orderOrigin(order: Pick<AccountOrderSummary, 'kind' | 'partnerName'>): string {
  const labels: Record<AccountOrderKind, string> = {
    consumer: 'Bloodwise shop',
    partner: `${order.partnerName ?? 'Partner'} shop`,
    renewal: 'Subscription renewal',
    business: 'Business order',
  };
  return labels[order.kind];
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  requires_action: 'Awaiting your bank',
  paid: 'Paid',
  failed: 'Not paid',
  fulfilled: 'Shipped',
};

/** "Paid", "Shipped", "Refunded", "Partly refunded". */
export function orderStatusText(order: Pick<AccountOrderSummary, 'status' | 'refunded' | 'total'>) {
  if (order.refunded > 0 && order.refunded >= order.total) return 'Refunded';
  if (order.refunded > 0) return 'Partly refunded';
  return STATUS_LABELS[order.status];
}
