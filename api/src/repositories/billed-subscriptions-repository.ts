// Our subscription records as a provider's billing (Stripe Billing) writes them from its events:
// found by the provider's id under the row lock, moved to the state the provider reports, with the
// renewal ledger row of each cycle and a change row for the subscriber's history.
import type { Executor, SubscriptionStatus } from '../db/schema';
import { findRenewal, type RenewalRecord } from './subscription-renewals-repository';

export interface BilledSubscriptionRow {
  id: string;
  status: SubscriptionStatus;
  providerSubscriptionId: string | null;
  userId: string | null;
  originOrderId: string | null;
  priceId: string;
  quantity: number;
  renewedCycles: number;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pausedUntil: Date | null;
  skippedCycle: number | null;
  failedAttempts: number;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Whether billing started and whether the record ended: what `start` checks before calling Stripe. */
export async function findBilledSubscriptionState(
  db: Executor,
  id: string,
): Promise<{ status: SubscriptionStatus; providerSubscriptionId: string | null } | null> {
  const row = await db
    .selectFrom('payment_subscriptions')
    .select(['status', 'provider_subscription_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { status: row.status, providerSubscriptionId: row.provider_subscription_id } : null;
}

/** Names the provider's subscription on our record, once. */
export async function saveProviderSubscriptionId(
  db: Executor,
  id: string,
  providerSubscriptionId: string,
): Promise<void> {
  await db
    .updateTable('payment_subscriptions')
    .set({ provider_subscription_id: providerSubscriptionId })
    .where('id', '=', id)
    .where('provider_subscription_id', 'is', null)
    .execute();
}

/**
 * Our record of a provider subscription, locked. Found by the provider's id, or by our id from
 * its metadata when the event came before `start` stored the provider's id.
 */
export async function lockBilledSubscription(
  trx: Executor,
  providerSubscriptionId: string,
  shopSubscriptionId: string | null,
): Promise<BilledSubscriptionRow | null> {
  const row = await trx
    .selectFrom('payment_subscriptions')
    .select([
      'id',
      'status',
      'provider_subscription_id',
      'user_id',
      'origin_order_id',
      'price_id',
      'quantity',
      'renewed_cycles',
      'current_period_end',
      'cancel_at_period_end',
      'paused_until',
      'skipped_cycle',
      'failed_attempts',
    ])
    .where('provider', '=', 'stripe')
    .where((eb) =>
      eb.or([
        eb('provider_subscription_id', '=', providerSubscriptionId),
        ...(shopSubscriptionId
          ? [
              eb.and([
                eb('id', '=', shopSubscriptionId),
                eb('provider_subscription_id', 'is', null),
              ]),
            ]
          : []),
      ]),
    )
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    providerSubscriptionId: row.provider_subscription_id,
    userId: row.user_id,
    originOrderId: row.origin_order_id,
    priceId: row.price_id,
    quantity: row.quantity,
    renewedCycles: row.renewed_cycles,
    currentPeriodEnd: asDate(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pausedUntil: row.paused_until ? asDate(row.paused_until) : null,
    skippedCycle: row.skipped_cycle,
    failedAttempts: row.failed_attempts,
  };
}

export interface BilledSubscriptionPatch {
  status?: SubscriptionStatus;
  providerSubscriptionId?: string;
  cancelAtPeriodEnd?: boolean;
  cancelRequestedAt?: Date | null;
  canceledAt?: Date;
  pausedUntil?: Date | null;
  skippedCycle?: number | null;
  failedAttempts?: number;
  nextRetryAt?: Date | null;
  renewedCycles?: number;
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
}

export async function updateBilledSubscription(
  trx: Executor,
  id: string,
  patch: BilledSubscriptionPatch,
  now: Date,
): Promise<void> {
  const defined = <T>(value: T | undefined, set: (value: T) => object) =>
    value === undefined ? {} : set(value);
  await trx
    .updateTable('payment_subscriptions')
    .set({
      ...defined(patch.status, (status) => ({ status })),
      ...defined(patch.providerSubscriptionId, (value) => ({ provider_subscription_id: value })),
      ...defined(patch.cancelAtPeriodEnd, (value) => ({ cancel_at_period_end: value })),
      ...defined(patch.cancelRequestedAt, (value) => ({ cancel_requested_at: value })),
      ...defined(patch.canceledAt, (value) => ({ canceled_at: value })),
      ...defined(patch.pausedUntil, (value) => ({ paused_until: value })),
      ...defined(patch.skippedCycle, (value) => ({ skipped_cycle: value })),
      ...defined(patch.failedAttempts, (value) => ({ failed_attempts: value })),
      ...defined(patch.nextRetryAt, (value) => ({ next_retry_at: value })),
      ...defined(patch.renewedCycles, (value) => ({ renewed_cycles: value })),
      ...defined(patch.currentPeriodStart, (value) => ({ current_period_start: value })),
      ...defined(patch.currentPeriodEnd, (value) => ({ current_period_end: value })),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The ledger row a provider invoice already wrote (its id is the row's charge). */
export async function findRenewalByCharge(
  trx: Executor,
  subscriptionId: string,
  chargeId: string,
): Promise<RenewalRecord | null> {
  const row = await trx
    .selectFrom('subscription_renewals')
    .select('cycle')
    .where('subscription_id', '=', subscriptionId)
    .where('charge_id', '=', chargeId)
    .executeTakeFirst();
  return row ? findRenewal(trx, subscriptionId, row.cycle, { forUpdate: true }) : null;
}

/** Marks a ledger row with the provider's outcome of one try. */
export async function settleBilledRenewal(
  trx: Executor,
  renewalId: number,
  outcome: {
    status: 'failed';
    chargeId: string | null;
    attempt?: number;
    failureCode?: string;
    failureMessage?: string;
    now: Date;
  },
): Promise<void> {
  await trx
    .updateTable('subscription_renewals')
    .set({
      status: outcome.status,
      charge_id: outcome.chargeId,
      ...(outcome.attempt ? { attempt: outcome.attempt } : {}),
      failure_code: outcome.failureCode ?? null,
      failure_message: outcome.failureMessage ?? null,
      updated_at: outcome.now,
    })
    .where('id', '=', renewalId)
    .execute();
}

export interface BilledRenewalContext {
  userId: string | null;
  email: string;
  name: string;
  lookupKey: string;
  title: string;
  currency: string;
  shippingAddress: Record<string, unknown>;
}

/**
 * Who a renewal order is for and what it holds: the customer and address of the order that bought
 * the subscription, and the line of the price billed (the invoice's, else the record's current
 * one: after a change of interval, the new plan), named as our catalogue names that price; the
 * origin order's line when the catalogue no longer has it.
 */
export async function billedRenewalContext(
  trx: Executor,
  subscription: BilledSubscriptionRow,
  billedPriceId: string | null,
): Promise<BilledRenewalContext | null> {
  if (!subscription.originOrderId) return null;
  const order = await trx
    .selectFrom('orders')
    .select(['user_id', 'email', 'name', 'currency', 'shipping_address'])
    .where('id', '=', subscription.originOrderId)
    .executeTakeFirst();
  if (!order) return null;
  const billed = await trx
    .selectFrom('prices')
    .leftJoin('products', 'products.key', 'prices.product_key')
    .select(['prices.lookup_key', 'products.title'])
    .where('prices.id', '=', billedPriceId ?? subscription.priceId)
    .executeTakeFirst();
  const lines = await trx
    .selectFrom('order_lines')
    .select(['lookup_key', 'title', 'price_id'])
    .where('order_id', '=', subscription.originOrderId)
    .where('upgrade_id', 'is', null)
    .orderBy('id', 'asc')
    .execute();
  const line =
    lines.find((candidate) => candidate.price_id === billedPriceId) ??
    lines.find((candidate) => candidate.price_id === subscription.priceId) ??
    lines[0];
  if (!line) return null;
  return {
    userId: subscription.userId ?? order.user_id,
    email: order.email,
    name: order.name,
    lookupKey: billed?.lookup_key ?? line.lookup_key,
    title: billed ? (billed.title ?? billed.lookup_key) : line.title,
    currency: order.currency,
    shippingAddress: order.shipping_address,
  };
}
