// What the operator console reads about orders, and the refunds operators issue. Additive to the
// order path: nothing here is used while a shopper orders.
import type { Executor } from '../db/schema';
import { toCount } from '../lib/count';
import { centsFromDb } from '../lib/money';
import { normaliseEmail } from '../lib/email';

export type OrderRefundStatus = 'pending' | 'succeeded' | 'failed';

export interface OrderRefundRecord {
  id: string;
  orderId: string;
  lineId: number | null;
  chargeId: string;
  amount: number;
  status: OrderRefundStatus;
  providerRefundId: string | null;
  idempotencyKey: string;
  reason: string | null;
  failureMessage: string | null;
  actor: string;
  createdAt: Date;
}

function toRefund(row: {
  id: string;
  order_id: string;
  order_line_id: number | null;
  charge_id: string;
  amount_cents: number;
  status: OrderRefundStatus;
  provider_refund_id: string | null;
  idempotency_key: string;
  reason: string | null;
  failure_message: string | null;
  actor: string;
  created_at: Date;
}): OrderRefundRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    lineId: row.order_line_id === null ? null : toCount(row.order_line_id),
    chargeId: row.charge_id,
    amount: centsFromDb(row.amount_cents),
    status: row.status,
    providerRefundId: row.provider_refund_id,
    idempotencyKey: row.idempotency_key,
    reason: row.reason,
    failureMessage: row.failure_message,
    actor: row.actor,
    createdAt: row.created_at,
  };
}

export async function listOrderRefunds(
  db: Executor,
  orderId: string,
): Promise<OrderRefundRecord[]> {
  const rows = await db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRefund);
}

export async function findRefundsByKey(
  db: Executor,
  idempotencyKey: string,
): Promise<OrderRefundRecord[]> {
  const rows = await db
    .selectFrom('order_refunds')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .orderBy('id')
    .execute();
  return rows.map(toRefund);
}

export async function insertPendingRefund(
  trx: Executor,
  input: {
    orderId: string;
    lineId: number | null;
    chargeId: string;
    amount: number;
    idempotencyKey: string;
    reason: string | null;
    actor: string;
  },
): Promise<OrderRefundRecord> {
  const row = await trx
    .insertInto('order_refunds')
    .values({
      order_id: input.orderId,
      order_line_id: input.lineId,
      charge_id: input.chargeId,
      amount_cents: input.amount,
      status: 'pending',
      idempotency_key: input.idempotencyKey,
      reason: input.reason,
      actor: input.actor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRefund(row);
}

export async function settleRefund(
  db: Executor,
  id: string,
  outcome:
    | { status: 'succeeded'; providerRefundId: string }
    | { status: 'failed'; failureMessage: string },
): Promise<void> {
  await db
    .updateTable('order_refunds')
    .set({
      status: outcome.status,
      provider_refund_id: outcome.status === 'succeeded' ? outcome.providerRefundId : null,
      failure_message: outcome.status === 'failed' ? outcome.failureMessage : null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Refunded or on its way (pending), per order: what the search list shows. */
export async function refundedByOrder(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_refunds')
    .select(['order_id', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('order_id', 'in', [...orderIds])
    .where('status', 'in', ['pending', 'succeeded'])
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, toCount(row.total)]));
}

/** Orders by id (a uuid) or by the customer's e-mail, newest first. */
export async function searchOrders(db: Executor, query: string, limit = 50) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(query);
  return db
    .selectFrom('orders')
    .selectAll()
    .where(uuid ? 'id' : 'email', '=', uuid ? query.toLowerCase() : normaliseEmail(query))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Locks the order row: refunds of one order are worked out one after the other. */
export async function lockOrder(trx: Executor, orderId: string) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function orderLineRows(db: Executor, orderId: string) {
  const rows = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: toCount(row.id),
    title: row.title,
    lookupKey: row.lookup_key,
    quantity: row.quantity,
    unitAmount: centsFromDb(row.unit_amount_cents),
    amount: centsFromDb(row.amount_cents),
    upgradeId: row.upgrade_id,
  }));
}

export async function orderUpgradeRows(db: Executor, orderId: string) {
  const rows = await db
    .selectFrom('upgrades')
    .select(['id', 'type', 'status', 'amount_cents', 'charge_id', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    amount: row.amount_cents === null ? null : centsFromDb(row.amount_cents),
    chargeId: row.charge_id,
    createdAt: row.created_at.toISOString(),
  }));
}
