// What the account's order history reads: the orders a signed-in user placed (on the shop, on a
// partner's storefront, or paid by a renewal of their plan), each with its lines and refunds.
// Only paid orders are history: an attempt that was never paid is no order to the customer.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB, Executor, OrderRow } from '../db/schema';
import { toCount } from '../lib/count';
import { centsFromDb } from '../lib/money';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAID_STATUSES = ['paid', 'fulfilled'] as const;
/** A long history is cut here (newest kept); a customer with more asks support. */
export const ACCOUNT_ORDERS_LIMIT = 200;

export interface AccountOrderRecord {
  row: OrderRow;
  /** A renewal's order, or the order that started a plan: the subscription's id. */
  subscriptionId: string | null;
  renewal: boolean;
  /** The partner's business name, for an order placed on its storefront. */
  partnerName: string | null;
  /** Refunded or on its way, from our refund records and the provider's own count. */
  refunded: number;
  firstLineTitle: string | null;
  lineCount: number;
}

export interface AccountOrderLine {
  id: number;
  title: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

export interface AccountOrderRefundRecord {
  id: string;
  amount: number;
  status: 'pending' | 'succeeded';
  lineId: number | null;
  createdAt: Date;
}

function orderColumns(eb: ExpressionBuilder<DB, 'orders'>) {
  return [
    eb
      .selectFrom('subscription_renewals')
      .select('subscription_renewals.subscription_id')
      .whereRef('subscription_renewals.order_id', '=', 'orders.id')
      .limit(1)
      .as('renewal_of'),
    eb
      .selectFrom('payment_subscriptions')
      .select('payment_subscriptions.id')
      .whereRef('payment_subscriptions.origin_order_id', '=', 'orders.id')
      .orderBy('payment_subscriptions.created_at')
      .limit(1)
      .as('started'),
    eb
      .selectFrom('partner_customizations')
      .select(sql<string | null>`partner_customizations.data->>'businessName'`.as('name'))
      .whereRef('partner_customizations.shop_key', '=', 'orders.business_key')
      .as('partner_name'),
    eb
      .selectFrom('order_refunds')
      .select((refunds) =>
        refunds.fn.sum<string | number | null>('order_refunds.amount_cents').as('total'),
      )
      .whereRef('order_refunds.order_id', '=', 'orders.id')
      .where('order_refunds.status', 'in', ['pending', 'succeeded'])
      .as('refund_total'),
    eb
      .selectFrom('order_lines')
      .select('order_lines.title')
      .whereRef('order_lines.order_id', '=', 'orders.id')
      .orderBy('order_lines.id')
      .limit(1)
      .as('first_title'),
    eb
      .selectFrom('order_lines')
      .select(eb.fn.countAll<string | number>().as('count'))
      .whereRef('order_lines.order_id', '=', 'orders.id')
      .as('line_count'),
  ];
}

function selectOwned(db: Executor, userId: string) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select(orderColumns)
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', [...PAID_STATUSES]);
}

function toRecord(
  row: OrderRow & {
    renewal_of: string | null;
    started: string | null;
    partner_name: string | null;
    refund_total: string | number | null;
    first_title: string | null;
    line_count: string | number | null;
  },
): AccountOrderRecord {
  const { renewal_of, started, partner_name, refund_total, first_title, line_count, ...order } =
    row;
  const recorded = refund_total === null ? 0 : toCount(refund_total);
  return {
    row: order,
    subscriptionId: renewal_of ?? started,
    renewal: renewal_of !== null,
    partnerName: partner_name,
    // A refund made in the provider's dashboard has no record of ours, only the order's count.
    refunded: Math.max(recorded, centsFromDb(order.refunded_cents)),
    firstLineTitle: first_title,
    lineCount: line_count === null ? 0 : toCount(line_count),
  };
}

/** The user's paid orders, newest first. */
export async function listAccountOrders(
  db: Executor,
  userId: string,
): Promise<AccountOrderRecord[]> {
  const rows = await selectOwned(db, userId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(ACCOUNT_ORDERS_LIMIT)
    .execute();
  return rows.map(toRecord);
}

/** One of the user's paid orders with its lines and refunds; null for anyone else's or none. */
export async function findAccountOrder(
  db: Executor,
  userId: string,
  id: string,
): Promise<{
  order: AccountOrderRecord;
  lines: AccountOrderLine[];
  refunds: AccountOrderRefundRecord[];
} | null> {
  if (!UUID.test(id)) return null;
  const row = await selectOwned(db, userId).where('orders.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [lines, refunds] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(['id', 'title', 'quantity', 'unit_amount_cents', 'amount_cents'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_refunds')
      .select(['id', 'amount_cents', 'status', 'order_line_id', 'created_at'])
      .where('order_id', '=', id)
      .where('status', 'in', ['pending', 'succeeded'])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    order: toRecord(row),
    lines: lines.map((line) => ({
      id: toCount(line.id),
      title: line.title,
      quantity: line.quantity,
      unitAmount: centsFromDb(line.unit_amount_cents),
      amount: centsFromDb(line.amount_cents),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: centsFromDb(refund.amount_cents),
      status: refund.status as 'pending' | 'succeeded',
      lineId: refund.order_line_id === null ? null : toCount(refund.order_line_id),
      createdAt: refund.created_at,
    })),
  };
}

/**
 * Gives an account the paid orders its e-mail placed as a guest. Called once the e-mail is proven
 * (the sign-up link was opened, or its owner logged in to the account made with it).
 */
export async function claimGuestOrders(
  db: Executor,
  userId: string,
  email: string,
): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', 'in', [...PAID_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
