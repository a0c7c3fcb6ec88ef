// The renewal ledger of the built-in provider's subscriptions: one row per subscription and cycle,
// written before the charge, and the subscription rows the renewal job reads and advances.
import { sql, type Updateable } from 'kysely';
import type { Executor, PaymentSubscriptionsTable, SubscriptionStatus } from '../db/schema';
import { toCount } from '../lib/count';
import { insertSubscriptionChange } from './subscriptions-repository';

export interface RenewableSubscription {
  id: string;
  provider: 'test' | 'stripe';
  customerId: string;
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  billingAnchor: Date;
  /** The cycle the anchor starts: cycle c ends (c - anchorCycle + 1) intervals after it. */
  anchorCycle: number;
  renewedCycles: number;
  cancelAtPeriodEnd: boolean;
  pausedUntil: Date | null;
  skippedCycle: number | null;
  failedAttempts: number;
  nextRetryAt: Date | null;
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
  failureMessage: string | null;
  /** The try of the cycle; each try has its own idempotency keys. */
  attempt: number;
  hardDecline: boolean;
  firstFailedAt: Date | null;
  updatedAt: Date;
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
const asNullableDate = (value: Date | string | null) => (value === null ? null : asDate(value));

export interface DueSubscription {
  id: string;
  cycle: number;
  /** The try of the cycle that is due: 1, or the next one of a declined cycle. */
  attempt: number;
  periodEnd: Date;
}

/**
 * The shop-billed subscriptions with something due by `now`, the longest overdue first, a page
 * at a time after the cursor (the last one of the previous page): an active or paused one whose
 * period has ended (a paused cycle is recorded as skipped), and a past-due one whose retry came.
 */
export async function listDueSubscriptions(
  db: Executor,
  now: Date,
  limit: number,
  after: DueSubscription | null = null,
): Promise<DueSubscription[]> {
  let query = db
    .selectFrom('payment_subscriptions')
    .select(['id', 'renewed_cycles', 'current_period_end', 'status', 'failed_attempts'])
    .where('provider', '=', 'test')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['active', 'paused']), eb('current_period_end', '<=', now)]),
        eb.and([eb('status', '=', 'past_due'), eb('next_retry_at', '<=', now)]),
      ]),
    );
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
    attempt: row.status === 'past_due' ? row.failed_attempts + 1 : 1,
    periodEnd: asDate(row.current_period_end),
  }));
}

/** The ids of the subscriptions the shop bills itself (not Stripe Billing) in `status`. */
const shopBilledIn = (db: Executor, status: SubscriptionStatus) =>
  db
    .selectFrom('payment_subscriptions')
    .select('id')
    .where('provider', '=', 'test')
    .where('status', '=', status);

/** Paused subscriptions whose pause has ended and whose paused cycles are all recorded. */
export async function listEndedPauses(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await shopBilledIn(db, 'paused')
    .where('paused_until', '<=', now)
    .whereRef('current_period_end', '>=', 'paused_until')
    .orderBy('paused_until', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
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
      'provider',
      'customer_id',
      'price_id',
      'payment_method_id',
      'quantity',
      'status',
      'current_period_end',
      'billing_anchor',
      'anchor_cycle',
      'renewed_cycles',
      'cancel_at_period_end',
      'paused_until',
      'skipped_cycle',
      'failed_attempts',
      'next_retry_at',
    ])
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    provider: row.provider,
    customerId: row.customer_id,
    priceId: row.price_id,
    paymentMethodId: row.payment_method_id,
    quantity: row.quantity,
    status: row.status,
    currentPeriodEnd: asDate(row.current_period_end),
    billingAnchor: asDate(row.billing_anchor),
    anchorCycle: row.anchor_cycle,
    renewedCycles: row.renewed_cycles,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pausedUntil: asNullableDate(row.paused_until),
    skippedCycle: row.skipped_cycle,
    failedAttempts: row.failed_attempts,
    nextRetryAt: asNullableDate(row.next_retry_at),
  };
}

/** A change the renewal engine makes to the subscription row (updated_at is set with it). */
export async function updateRenewableSubscription(
  trx: Executor,
  id: string,
  patch: Omit<Updateable<PaymentSubscriptionsTable>, 'id' | 'updated_at'>,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('payment_subscriptions')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** One line of the subscription's change log, written by the shop itself (actor 'system'). */
export async function recordSystemChange(
  trx: Executor,
  change: { subscriptionId: string; action: string; detail: Record<string, unknown>; now: Date },
): Promise<void> {
  await insertSubscriptionChange(trx, {
    subscriptionId: change.subscriptionId,
    actor: 'system',
    action: change.action,
    detail: change.detail,
    createdAt: change.now,
  });
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
  failure_message: string | null;
  attempt: number;
  hard_decline: boolean;
  first_failed_at: Date | string | null;
  updated_at: Date | string;
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
    failureMessage: row.failure_message,
    attempt: row.attempt,
    hardDecline: row.hard_decline,
    firstFailedAt: asNullableDate(row.first_failed_at),
    updatedAt: asDate(row.updated_at),
  };
}

/**
 * Writes the cycle's ledger row (`skipped` for a cycle that is not billed), or answers the one
 * already written (a retry, another runner).
 */
export async function claimRenewal(
  db: Executor,
  renewal: NewRenewal & { now: Date; status?: 'pending' | 'skipped'; reason?: string },
): Promise<RenewalRecord> {
  await db
    .insertInto('subscription_renewals')
    .values({
      subscription_id: renewal.subscriptionId,
      cycle: renewal.cycle,
      period_start: renewal.periodStart,
      period_end: renewal.periodEnd,
      amount_cents: renewal.amount,
      currency: renewal.currency,
      status: renewal.status ?? 'pending',
      charge_id: null,
      order_id: null,
      failure_code: renewal.reason ?? null,
      failure_message: null,
      created_at: renewal.now,
      updated_at: renewal.now,
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

/** A declined cycle tried again: the row is pending once more under the next attempt number. */
export async function reopenRenewal(
  trx: Executor,
  renewal: RenewalRecord,
  now: Date,
): Promise<RenewalRecord> {
  await trx
    .updateTable('subscription_renewals')
    .set({
      status: 'pending',
      attempt: renewal.attempt + 1,
      charge_id: null,
      updated_at: now,
    })
    .where('id', '=', renewal.id)
    .where('status', '=', 'failed')
    .where('attempt', '=', renewal.attempt)
    .execute();
  const row = await findRenewal(trx, renewal.subscriptionId, renewal.cycle);
  if (!row) throw new Error(`Renewal ${renewal.subscriptionId}:${renewal.cycle} vanished`);
  return row;
}

/**
 * The subscription moves on past `renewal`'s cycle (paid or skipped): its period is the cycle's,
 * and nothing is left to recover. A cancelled subscription keeps its state.
 */
async function advancePeriod(trx: Executor, renewal: RenewalRecord, now: Date): Promise<void> {
  await trx
    .updateTable('payment_subscriptions')
    .set((eb) => ({
      renewed_cycles: renewal.cycle,
      current_period_start: renewal.periodStart,
      current_period_end: renewal.periodEnd,
      failed_attempts: 0,
      next_retry_at: null,
      status: eb
        .case()
        .when('status', '=', 'past_due')
        .then('active' as SubscriptionStatus)
        .else(eb.ref('status'))
        .end(),
      skipped_cycle: eb
        .case()
        .when('skipped_cycle', '<=', renewal.cycle)
        .then(sql<number | null>`null`)
        .else(eb.ref('skipped_cycle'))
        .end(),
      updated_at: now,
    }))
    .where('id', '=', renewal.subscriptionId)
    .where('status', '<>', 'canceled')
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
      // The row tells the cycle's outcome: an earlier try's decline stays in the change log only.
      failure_code: null,
      failure_message: null,
      updated_at: result.now,
    })
    .where('id', '=', renewal.id)
    .execute();
  await advancePeriod(trx, renewal, result.now);
}

/** A cycle not billed (skipped by the subscriber, or paused): recorded, and the period moves on. */
export async function skipRenewal(
  trx: Executor,
  renewal: NewRenewal & { reason: 'skipped' | 'paused'; now: Date },
): Promise<RenewalRecord> {
  const row = await claimRenewal(trx, { ...renewal, status: 'skipped' });
  await advancePeriod(trx, row, renewal.now);
  return row;
}

/**
 * The card was refused: the cycle is unpaid and the subscription past due, tried again at
 * `nextRetryAt` (null: not automatically).
 */
export async function failRenewal(
  trx: Executor,
  renewal: RenewalRecord,
  result: {
    chargeId: string | null;
    code: string;
    message: string | null;
    hardDecline: boolean;
    nextRetryAt: Date | null;
    now: Date;
  },
): Promise<void> {
  await trx
    .updateTable('subscription_renewals')
    .set((eb) => ({
      status: 'failed',
      charge_id: result.chargeId,
      failure_code: result.code,
      failure_message: result.message,
      hard_decline: result.hardDecline,
      first_failed_at: eb.fn.coalesce('first_failed_at', sql<Date>`${result.now}`),
      updated_at: result.now,
    }))
    .where('id', '=', renewal.id)
    .execute();
  await trx
    .updateTable('payment_subscriptions')
    .set({
      status: 'past_due',
      failed_attempts: renewal.attempt,
      next_retry_at: result.nextRetryAt,
      updated_at: result.now,
    })
    .where('id', '=', renewal.subscriptionId)
    .where('status', 'in', ['active', 'past_due'])
    .execute();
}

export interface OverdueSubscription {
  id: string;
  provider: 'test' | 'stripe';
  cycle: number;
  periodEnd: Date;
  /** The due cycle's ledger row: none, or one still pending. */
  ledger: 'none' | 'pending';
}

/**
 * Active subscriptions whose period ended before their provider's cut-off with no settled row for
 * the due cycle: `before` for the shop's own, `billedBefore` for Stripe's (its invoice comes later).
 */
export async function listOverdueSubscriptions(
  db: Executor,
  { before, billedBefore }: { before: Date; billedBefore: Date },
  limit: number,
): Promise<OverdueSubscription[]> {
  const rows = await db
    .selectFrom('payment_subscriptions as s')
    .leftJoin('subscription_renewals as r', (join) =>
      join
        .onRef('r.subscription_id', '=', 's.id')
        .on('r.cycle', '=', sql<number>`s.renewed_cycles + 1`),
    )
    .select(['s.id', 's.provider', 's.renewed_cycles', 's.current_period_end', 'r.status'])
    .where('s.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('s.provider', '=', 'test'), eb('s.current_period_end', '<', before)]),
        eb.and([eb('s.provider', '=', 'stripe'), eb('s.current_period_end', '<', billedBefore)]),
      ]),
    )
    .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.status', '=', 'pending')]))
    .orderBy('s.current_period_end', 'asc')
    .orderBy('s.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    cycle: row.renewed_cycles + 1,
    periodEnd: asDate(row.current_period_end),
    ledger: row.status === 'pending' ? 'pending' : 'none',
  }));
}

/** Past-due subscriptions no automatic try is planned for (a hard decline): the sweep ends them. */
export async function listStalledRecoveries(db: Executor, limit: number): Promise<string[]> {
  const rows = await shopBilledIn(db, 'past_due')
    .where('next_retry_at', 'is', null)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
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
  // The subscription's owner (a guest's plan, or a card kept on the order's own customer, has a
  // customer of no account); the kit goes where the owner's latest order went, else the first.
  const record = await db
    .selectFrom('payment_subscriptions')
    .select(['user_id', 'origin_order_id'])
    .where('id', '=', subscription.id)
    .executeTakeFirst();
  const userId = record?.user_id ?? row.user_id;
  const lastOrder = userId
    ? await db
        .selectFrom('orders')
        .select('shipping_address')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const originOrder =
    !lastOrder && record?.origin_order_id
      ? await db
          .selectFrom('orders')
          .select('shipping_address')
          .where('id', '=', record.origin_order_id)
          .executeTakeFirst()
      : undefined;
  return {
    userId,
    email: row.email,
    name: row.name ?? row.email,
    lookupKey: row.lookup_key,
    productTitle: row.title ?? row.lookup_key,
    unitAmount: row.unit_amount_cents,
    currency: row.currency,
    interval: row.recurring_interval,
    intervalCount: row.recurring_interval_count,
    shippingAddress: (lastOrder ?? originOrder)?.shipping_address ?? {},
  };
}
