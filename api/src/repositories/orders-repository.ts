import type { AddressView, Currency } from '@shop/shared/contract/common';
import type { OrderStatus } from '@shop/shared/contract/checkout';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import { deriveRecurringInterval } from '@shop/shared/catalog/recurring-interval';
import { sql } from 'kysely';
import type { Executor, OrderRow } from '../db/schema';
import { toCount } from '../lib/count';
import { centsFromDb } from '../lib/money';
import { emptyCartQuery, type CartOwner } from './carts-repository';
import { completeIdempotencyKeyQuery } from './idempotency-repository';

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

/** Writes the order and its lines in one statement; call inside the transaction that also completes the idempotency key. */
export async function insertOrder(trx: Executor, order: NewOrder): Promise<string> {
  const values = {
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
  };
  if (order.lines.length === 0) {
    const { id } = await trx
      .insertInto('orders')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  // The lines travel as one JSON parameter and are inserted by the same statement as the order.
  const lines = JSON.stringify(
    order.lines.map((line) => ({
      lookup_key: line.lookupKey,
      price_id: line.priceId,
      title: line.title,
      quantity: line.quantity,
      unit_amount_cents: line.unitAmount,
      amount_cents: line.amount,
    })),
  );
  const { id } = await trx
    .with('new_order', (db) => db.insertInto('orders').values(values).returning('id'))
    .with('new_lines', (db) =>
      db
        .insertInto('order_lines')
        .columns([
          'order_id',
          'lookup_key',
          'price_id',
          'title',
          'quantity',
          'unit_amount_cents',
          'amount_cents',
        ])
        .expression(
          sql`select new_order.id, line.lookup_key, line.price_id, line.title, line.quantity,
            line.unit_amount_cents, line.amount_cents
          from new_order cross join jsonb_to_recordset(${lines}::jsonb) as line(lookup_key text,
            price_id text, title text, quantity integer, unit_amount_cents integer, amount_cents integer)`,
        ),
    )
    .selectFrom('new_order')
    .select('id')
    .executeTakeFirstOrThrow();
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

function orderUpdateValues(update: OrderUpdate) {
  return {
    status: update.status,
    updated_at: new Date(),
    ...(update.chargeId !== undefined ? { payment_charge_id: update.chargeId } : {}),
    ...(update.paymentMethodId !== undefined ? { payment_method_id: update.paymentMethodId } : {}),
    ...(update.paymentLabel !== undefined ? { payment_label: update.paymentLabel } : {}),
    ...(update.failureMessage !== undefined ? { failure_message: update.failureMessage } : {}),
  };
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
    .set(orderUpdateValues(update))
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface PaidOrderCompletion {
  orderId: string;
  update: OrderUpdate;
  idempotency: { scope: string; key: string; responseStatus: number };
  /** The cart the order was placed from, emptied now that it has become an order. */
  cart: CartOwner;
}

/**
 * Moves a pending order to its paid status, completes its idempotency key and empties its cart
 * in one statement, which is atomic by itself: the key and the cart change only when the order
 * did. Returns the updated order, or undefined when it was no longer pending.
 */
export async function completePaidOrder(
  db: Executor,
  { orderId, update, idempotency, cart }: PaidOrderCompletion,
): Promise<OrderRow | undefined> {
  const orderChanged = sql<boolean>`exists (select 1 from paid)`;
  return db
    .with('paid', (qc) =>
      qc
        .updateTable('orders')
        .set(orderUpdateValues(update))
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .returningAll(),
    )
    .with('key_completed', (qc) =>
      completeIdempotencyKeyQuery(
        qc,
        idempotency.scope,
        idempotency.key,
        orderId,
        idempotency.responseStatus,
      ).where(orderChanged),
    )
    .with('cart_emptied', (qc) => emptyCartQuery(qc, cart).where(orderChanged))
    .selectFrom('paid')
    .selectAll()
    .executeTakeFirst();
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
