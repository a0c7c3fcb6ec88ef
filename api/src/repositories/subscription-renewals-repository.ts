// The renewal ledger of the built-in provider's subscriptions: one row per subscription and cycle,
// written before the charge, and the subscription rows the renewal job reads and advances.
import type { Executor, SubscriptionStatus } from '../db/schema';
import { toCount } from '../lib/count';

export interface RenewableSubscription {
  id: string;
  customerId: string;
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  billingAnchor: Date;
  renewedCycles: number;
}

export interface RenewalRecord {
  id: number;
  subscriptionId: string;
  cycle: number;
  periodStart: Date;
  periodEnd: Date;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  chargeId: string | null;
  orderId: string | null;
  failureCode: string | null;
}

export interface NewRenewal {
  subscriptionId: string;
  cycle: number;
  periodStart: Date;
  periodEnd: Date;
  amount: number;
  currency: string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export interface DueSubscription {
  id: string;
  cycle: number;
  periodEnd: Date;
}

/**
 * Active subscriptions whose period has ended by `now`, the longest overdue first, a page at a
 * time after the cursor (the last one of the previous page).
 */
export async function listDueSubscriptions(
  db: Executor,
  now: Date,
  limit: number,
  after: DueSubscription | null = null,
): Promise<DueSubscription[]> {
  let query = db
    .selectFrom('payment_subscriptions')
    .select(['id', 'renewed_cycles', 'current_period_end'])
    .where('status', '=', 'active')
    .where('current_period_end', '<=', now);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('current_period_end', '>', after.periodEnd),
        eb.and([eb('current_period_end', '=', after.periodEnd), eb('id', '>', after.id)]),
      ]),
    );
  const rows = await query
    .orderBy('current_period_end', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    cycle: row.renewed_cycles + 1,
    periodEnd: asDate(row.current_period_end),
  }));
}

/** The subscription as a renewal reads it; `forUpdate` inside the transaction that advances it. */
export async function findRenewableSubscription(
  db: Executor,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<RenewableSubscription | null> {
  let query = db
    .selectFrom('payment_subscriptions')
    .select([
      'id',
      'customer_id',
      'price_id',
      'payment_method_id',
      'quantity',
      'status',
      'current_period_end',
      'billing_anchor',
      'renewed_cycles',
    ])
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    customerId: row.customer_id,
    priceId: row.price_id,
    paymentMethodId: row.payment_method_id,
    quantity: row.quantity,
    status: row.status,
    currentPeriodEnd: asDate(row.current_period_end),
    billingAnchor: asDate(row.billing_anchor),
    renewedCycles: row.renewed_cycles,
  };
}

function toRenewal(row: {
  id: string | number;
  subscription_id: string;
  cycle: number;
  period_start: Date | string;
  period_end: Date | string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  charge_id: string | null;
  order_id: string | null;
  failure_code: string | null;
}): RenewalRecord {
  return {
    id: toCount(row.id),
    subscriptionId: row.subscription_id,
    cycle: row.cycle,
    periodStart: asDate(row.period_start),
    periodEnd: asDate(row.period_end),
    amount: row.amount_cents,
    currency: row.currency,
    status: row.status,
    chargeId: row.charge_id,
    orderId: row.order_id,
    failureCode: row.failure_code,
  };
}

/** Writes the cycle's ledger row, or answers the one already written (a retry, another runner). */
export async function claimRenewal(db: Executor, renewal: NewRenewal): Promise<RenewalRecord> {
  await db
    .insertInto('subscription_renewals')
    .values({
      subscription_id: renewal.subscriptionId,
      cycle: renewal.cycle,
      period_start: renewal.periodStart,
      period_end: renewal.periodEnd,
      amount_cents: renewal.amount,
      currency: renewal.currency,
      charge_id: null,
      order_id: null,
      failure_code: null,
      failure_message: null,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'cycle']).doNothing())
    .execute();
  const row = await findRenewal(db, renewal.subscriptionId, renewal.cycle);
  if (!row) throw new Error(`Renewal ${renewal.subscriptionId}:${renewal.cycle} vanished`);
  return row;
}

export async function findRenewal(
  db: Executor,
  subscriptionId: string,
  cycle: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<RenewalRecord | null> {
  let query = db
    .selectFrom('subscription_renewals')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('cycle', '=', cycle);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRenewal(row) : null;
}

export async function listRenewals(db: Executor, subscriptionId: string): Promise<RenewalRecord[]> {
  const rows = await db
    .selectFrom('subscription_renewals')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('cycle', 'asc')
    .execute();
  return rows.map(toRenewal);
}

/** Notes the provider's intent on the row as soon as it exists. */
export async function recordRenewalCharge(
  db: Executor,
  id: number,
  chargeId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscription_renewals')
    .set({ charge_id: chargeId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The cycle paid: its order written, and the subscription moved on to the next period. */
export async function completeRenewal(
  trx: Executor,
  renewal: RenewalRecord,
  result: { chargeId: string; orderId: string; now: Date },
): Promise<void> {
  await trx
    .updateTable('subscription_renewals')
    .set({
      status: 'succeeded',
      charge_id: result.chargeId,
      order_id: result.orderId,
      updated_at: result.now,
    })
    .where('id', '=', renewal.id)
    .execute();
  await trx
    .updateTable('payment_subscriptions')
    .set({
      renewed_cycles: renewal.cycle,
      current_period_start: renewal.periodStart,
      current_period_end: renewal.periodEnd,
    })
    .where('id', '=', renewal.subscriptionId)
    .execute();
}

/** The card was refused: the cycle is unpaid and the subscription past due. */
export async function failRenewal(
  trx: Executor,
  renewal: RenewalRecord,
  result: { chargeId: string | null; code: string; message: string | null; now: Date },
): Promise<void> {
  await trx
    .updateTable('subscription_renewals')
    .set({
      status: 'failed',
      charge_id: result.chargeId,
      failure_code: result.code,
      failure_message: result.message,
      updated_at: result.now,
    })
    .where('id', '=', renewal.id)
    .execute();
  await trx
    .updateTable('payment_subscriptions')
    .set({ status: 'past_due' })
    .where('id', '=', renewal.subscriptionId)
    .where('status', '=', 'active')
    .execute();
}

export interface RenewalOrderContext {
  userId: string | null;
  email: string;
  name: string;
  lookupKey: string;
  productTitle: string;
  unitAmount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  /** The address of the subscriber's latest order, where the renewal's kit goes. */
  shippingAddress: unknown;
}

/** What a renewal order is made of: the customer, the recurring price and its product. */
export async function renewalOrderContext(
  db: Executor,
  subscription: RenewableSubscription,
): Promise<RenewalOrderContext | null> {
  const row = await db
    .selectFrom('payment_customers')
    .innerJoin('prices', (join) => join.on('prices.id', '=', subscription.priceId))
    .leftJoin('products', 'products.key', 'prices.product_key')
    .select([
      'payment_customers.user_id',
      'payment_customers.email',
      'payment_customers.name',
      'prices.lookup_key',
      'prices.unit_amount_cents',
      'prices.currency',
      'prices.recurring_interval',
      'prices.recurring_interval_count',
      'products.title',
    ])
    .where('payment_customers.id', '=', subscription.customerId)
    .executeTakeFirst();
  if (!row?.recurring_interval || !row.recurring_interval_count) return null;
  const lastOrder = row.user_id
    ? await db
        .selectFrom('orders')
        .select('shipping_address')
        .where('user_id', '=', row.user_id)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name ?? row.email,
    lookupKey: row.lookup_key,
    productTitle: row.title ?? row.lookup_key,
    unitAmount: row.unit_amount_cents,
    currency: row.currency,
    interval: row.recurring_interval,
    intervalCount: row.recurring_interval_count,
    shippingAddress: lastOrder?.shipping_address ?? {},
  };
}
