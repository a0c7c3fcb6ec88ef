import type { AddressView, Currency } from '@shop/shared/contract/common';
import type { OrderStatus } from '@shop/shared/contract/checkout';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import { deriveRecurringInterval } from '@shop/shared/catalog/recurring-interval';
import type { Executor, OrderRow } from '../db/schema';
import { toCount } from '../lib/count';
import { centsFromDb } from '../lib/money';

export interface OrderLineRecord {
  lookupKey: string;
  priceId: string;
  title: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

export interface StoredOrderLine extends OrderLineRecord {
  interval: DerivedInterval | null;
}

export interface NewOrder {
  kind: 'consumer' | 'business';
  userId: string | null;
  email: string;
  name: string;
  status: OrderStatus;
  currency: Currency;
  lines: readonly OrderLineRecord[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  discountCode: string | null;
  shipUpfront: boolean;
  bnpl: boolean;
  bnplConsentId: string | null;
  businessKey: string | null;
  marketingEnabled: boolean;
  sessionId: string | null;
  shippingAddress: AddressView;
  chargeId: string | null;
  paymentMethodId: string | null;
  paymentLabel: string | null;
  idempotencyKey: string | null;
  /** Hash of the placing browser's buyer cookie; see services/buyer.ts. */
  buyerTokenHash: string | null;
}

export interface StoredOrder {
  row: OrderRow;
  lines: StoredOrderLine[];
}

/** Writes the order and its lines; call inside the transaction that also completes the idempotency key. */
export async function insertOrder(trx: Executor, order: NewOrder): Promise<string> {
  const { id } = await trx
    .insertInto('orders')
    .values({
      kind: order.kind,
      user_id: order.userId,
      email: order.email,
      name: order.name,
      status: order.status,
      currency: order.currency,
      subtotal_cents: order.subtotal,
      discount_cents: order.discount,
      shipping_cents: order.shipping,
      total_cents: order.total,
      discount_code: order.discountCode,
      ship_upfront: order.shipUpfront,
      bnpl: order.bnpl,
      bnpl_consent_id: order.bnplConsentId,
      business_key: order.businessKey,
      marketing_enabled: order.marketingEnabled,
      session_id: order.sessionId,
      shipping_address: JSON.stringify(order.shippingAddress),
      payment_charge_id: order.chargeId,
      payment_method_id: order.paymentMethodId,
      payment_label: order.paymentLabel,
      idempotency_key: order.idempotencyKey,
      buyer_token_hash: order.buyerTokenHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (order.lines.length > 0) {
    await trx
      .insertInto('order_lines')
      .values(
        order.lines.map((line) => ({
          order_id: id,
          lookup_key: line.lookupKey,
          price_id: line.priceId,
          title: line.title,
          quantity: line.quantity,
          unit_amount_cents: line.unitAmount,
          amount_cents: line.amount,
        })),
      )
      .execute();
  }
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOrder(db: Executor, id: string): Promise<StoredOrder | null> {
  if (!UUID.test(id)) return null;
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const lines = await db
    .selectFrom('order_lines')
    .leftJoin('prices', 'prices.id', 'order_lines.price_id')
    .selectAll('order_lines')
    .select(['prices.recurring_interval', 'prices.recurring_interval_count'])
    .where('order_id', '=', id)
    .orderBy('order_lines.id')
    .execute();
  return {
    row,
    lines: lines.map((line) => ({
      lookupKey: line.lookup_key,
      priceId: line.price_id,
      title: line.title,
      quantity: line.quantity,
      unitAmount: centsFromDb(line.unit_amount_cents),
      amount: centsFromDb(line.amount_cents),
      interval: line.recurring_interval
        ? deriveRecurringInterval(line.recurring_interval, line.recurring_interval_count ?? 1)
        : null,
    })),
  };
}

/** An order by its id or by the id of the charge that paid it (the "payment id" upgrades use). */
export async function findOrderByPaymentRef(
  db: Executor,
  ref: string,
): Promise<StoredOrder | null> {
  if (UUID.test(ref)) return findOrder(db, ref);
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('payment_charge_id', '=', ref)
    .executeTakeFirst();
  return row ? findOrder(db, row.id) : null;
}

/** Removes an order no money ever moved for (its payment was declined before any charge). */
export async function deleteUnpaidOrder(db: Executor, id: string): Promise<void> {
  await db
    .deleteFrom('orders')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('payment_charge_id', 'is', null)
    .execute();
}

export interface OrderUpdate {
  status: OrderStatus;
  chargeId?: string | null;
  paymentMethodId?: string | null;
  paymentLabel?: string | null;
  failureMessage?: string | null;
}

/** Moves an order to a new status; `from` guards the transition so two workers cannot both apply it. */
export async function updateOrderStatus(
  db: Executor,
  id: string,
  from: readonly OrderStatus[],
  update: OrderUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: update.status,
      updated_at: new Date(),
      ...(update.chargeId !== undefined ? { payment_charge_id: update.chargeId } : {}),
      ...(update.paymentMethodId !== undefined
        ? { payment_method_id: update.paymentMethodId }
        : {}),
      ...(update.paymentLabel !== undefined ? { payment_label: update.paymentLabel } : {}),
      ...(update.failureMessage !== undefined ? { failure_message: update.failureMessage } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countOrders(
  db: Executor,
  where: { email?: string; idempotencyKey?: string } = {},
): Promise<number> {
  let query = db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('count'));
  if (where.email) query = query.where('email', '=', where.email);
  if (where.idempotencyKey) query = query.where('idempotency_key', '=', where.idempotencyKey);
  const row = await query.executeTakeFirstOrThrow();
  return toCount(row.count);
}
