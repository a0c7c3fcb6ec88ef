// The shop's subscription records (whichever provider bills them) as the subscriber's account and
// checkout read and change them. Every read the subscriber makes is scoped to the owner; every
// change runs under the row's lock (`lockOwnedSubscription`), taken before the state is checked.
import { sql, type Selectable, type Updateable } from 'kysely';
import type {
  Executor,
  PaymentSubscriptionsTable,
  SubscriptionActor,
  SubscriptionStatus,
} from '../db/schema';
import { toCount } from '../lib/count';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const asNullableDate = (value: Date | string | null) => (value === null ? null : asDate(value));

export type RecurringUnit = 'day' | 'week' | 'month' | 'year';

/** A subscription with the recurring price and product it bills. */
export interface SubscriptionRecord {
  id: string;
  userId: string | null;
  customerId: string;
  originOrderId: string | null;
  provider: 'test' | 'stripe';
  providerSubscriptionId: string | null;
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  billingAnchor: Date;
  anchorCycle: number;
  renewedCycles: number;
  cancelAtPeriodEnd: boolean;
  cancelReason: string | null;
  cancelRequestedAt: Date | null;
  canceledAt: Date | null;
  pausedUntil: Date | null;
  skippedCycle: number | null;
  failedAttempts: number;
  nextRetryAt: Date | null;
  createdAt: Date;
  price: {
    lookupKey: string;
    productKey: string;
    title: string;
    unitAmount: number;
    currency: string;
    interval: RecurringUnit;
    intervalCount: number;
  };
}

/** A subscription's own columns, whatever else a query joins to it. */
export type SubscriptionFields = Omit<SubscriptionRecord, 'price'>;

/** Maps the columns of `payment_subscriptions` (every reader of the record shares this). */
export function subscriptionFields(row: Selectable<PaymentSubscriptionsTable>): SubscriptionFields {
  return {
    id: row.id,
    userId: row.user_id,
    customerId: row.customer_id,
    originOrderId: row.origin_order_id,
    provider: row.provider,
    providerSubscriptionId: row.provider_subscription_id,
    priceId: row.price_id,
    paymentMethodId: row.payment_method_id,
    quantity: row.quantity,
    status: row.status,
    currentPeriodStart: asDate(row.current_period_start),
    currentPeriodEnd: asDate(row.current_period_end),
    billingAnchor: asDate(row.billing_anchor),
    anchorCycle: row.anchor_cycle,
    renewedCycles: row.renewed_cycles,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelReason: row.cancel_reason,
    cancelRequestedAt: asNullableDate(row.cancel_requested_at),
    canceledAt: asNullableDate(row.canceled_at),
    pausedUntil: asNullableDate(row.paused_until),
    skippedCycle: row.skipped_cycle,
    failedAttempts: row.failed_attempts,
    nextRetryAt: asNullableDate(row.next_retry_at),
    createdAt: asDate(row.created_at),
  };
}

function selectRecords(db: Executor) {
  return (
    db
      .selectFrom('payment_subscriptions as s')
      // Only a recurring price makes a subscription: a row naming a one-time price is left out.
      .innerJoin('prices as p', (join) =>
        join.onRef('p.id', '=', 's.price_id').on('p.type', '=', 'recurring'),
      )
      .leftJoin('products as pr', 'pr.key', 'p.product_key')
      .selectAll('s')
      .select([
        'p.lookup_key',
        'p.product_key',
        'p.unit_amount_cents',
        'p.currency',
        'p.recurring_interval',
        'p.recurring_interval_count',
        'pr.title',
      ])
  );
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow): SubscriptionRecord {
  return {
    ...subscriptionFields(row),
    price: {
      lookupKey: row.lookup_key,
      productKey: row.product_key,
      title: row.title ?? row.lookup_key,
      unitAmount: row.unit_amount_cents,
      currency: row.currency,
      interval: row.recurring_interval ?? 'month',
      intervalCount: row.recurring_interval_count ?? 1,
    },
  };
}

/** The subscription when it is this user's; another user's or an unknown id is null alike. */
export async function findOwnedSubscription(
  db: Executor,
  id: string,
  userId: string,
): Promise<SubscriptionRecord | null> {
  const row = await selectRecords(db)
    .where('s.id', '=', id)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findSubscription(
  db: Executor,
  id: string,
): Promise<SubscriptionRecord | null> {
  const row = await selectRecords(db).where('s.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * Locks the subscription row (`for update`) when it is this user's, then reads it: whoever holds
 * the lock (a renewal, another tab, an operator) finishes first and this sees its outcome.
 */
export async function lockOwnedSubscription(
  trx: Executor,
  id: string,
  userId: string,
): Promise<SubscriptionRecord | null> {
  const locked = await trx
    .selectFrom('payment_subscriptions')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return locked ? findSubscription(trx, id) : null;
}

/** The user's subscriptions, newest first. */
export async function listUserSubscriptions(
  db: Executor,
  userId: string,
): Promise<SubscriptionRecord[]> {
  const rows = await selectRecords(db)
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export type SubscriptionUpdate = Pick<
  Updateable<PaymentSubscriptionsTable>,
  | 'status'
  | 'price_id'
  | 'payment_method_id'
  | 'customer_id'
  | 'billing_anchor'
  | 'anchor_cycle'
  | 'cancel_at_period_end'
  | 'cancel_reason'
  | 'cancel_requested_at'
  | 'canceled_at'
  | 'paused_until'
  | 'skipped_cycle'
  | 'next_retry_at'
>;

export async function updateSubscription(
  trx: Executor,
  id: string,
  fields: SubscriptionUpdate,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('payment_subscriptions')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export interface SubscriptionChange {
  id: number;
  subscriptionId: string;
  actor: SubscriptionActor;
  action: string;
  detail: Record<string, unknown>;
  createdAt: Date;
}

export async function insertSubscriptionChange(
  trx: Executor,
  change: Omit<SubscriptionChange, 'id'>,
): Promise<number> {
  const row = await trx
    .insertInto('subscription_changes')
    .values({
      subscription_id: change.subscriptionId,
      actor: change.actor,
      action: change.action,
      detail: JSON.stringify(change.detail),
      created_at: change.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toCount(row.id);
}

export async function listSubscriptionChanges(
  db: Executor,
  subscriptionId: string,
): Promise<SubscriptionChange[]> {
  const rows = await db
    .selectFrom('subscription_changes')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: toCount(row.id),
    subscriptionId: row.subscription_id,
    actor: row.actor,
    action: row.action,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<
      string,
      unknown
    >,
    createdAt: asDate(row.created_at),
  }));
}

export interface NewSubscription {
  id: string;
  userId: string | null;
  customerId: string;
  originOrderId: string;
  provider: 'test' | 'stripe';
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  periodStart: Date;
  periodEnd: Date;
}

/** Writes the subscription an order's recurring line bought, once: null when it exists already. */
export async function insertOriginSubscription(
  trx: Executor,
  subscription: NewSubscription,
): Promise<string | null> {
  const row = await trx
    .insertInto('payment_subscriptions')
    .values({
      id: subscription.id,
      user_id: subscription.userId,
      customer_id: subscription.customerId,
      origin_order_id: subscription.originOrderId,
      provider: subscription.provider,
      price_id: subscription.priceId,
      payment_method_id: subscription.paymentMethodId,
      quantity: subscription.quantity,
      status: 'active',
      current_period_start: subscription.periodStart,
      current_period_end: subscription.periodEnd,
      billing_anchor: subscription.periodStart,
      idempotency_key: `order:${subscription.originOrderId}:${subscription.priceId}`,
      created_at: subscription.periodStart,
      updated_at: subscription.periodStart,
    })
    .onConflict((oc) =>
      oc
        .columns(['origin_order_id', 'price_id'])
        .where('origin_order_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A paid order's lines that bill on a schedule, with the catalogue price each one renews at. */
export async function recurringLinesOfOrder(trx: Executor, orderId: string) {
  const rows = await trx
    .selectFrom('order_lines as l')
    // By lookup key: the line's price_id is the provider's (Stripe's id when Stripe prices it).
    .innerJoin('prices as p', 'p.lookup_key', 'l.lookup_key')
    .select(['p.id as priceId', 'p.recurring_interval', 'p.recurring_interval_count', 'l.quantity'])
    .where('l.order_id', '=', orderId)
    .where('l.upgrade_id', 'is', null)
    .where('p.type', '=', 'recurring')
    .orderBy('l.id', 'asc')
    .execute();
  return rows.flatMap((row) =>
    row.recurring_interval && row.recurring_interval_count
      ? [
          {
            priceId: row.priceId,
            interval: row.recurring_interval,
            intervalCount: row.recurring_interval_count,
            quantity: row.quantity,
          },
        ]
      : [],
  );
}

/** The account a guest's e-mail belongs to, if any. */
export async function findUserIdByEmail(trx: Executor, email: string): Promise<string | null> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Gives an account the subscriptions its e-mail bought as a guest (ordered before the account
 * existed): the e-mail is proven by the confirmation link, so they are its owner's.
 */
export async function claimGuestSubscriptions(
  trx: Executor,
  userId: string,
  email: string,
): Promise<number> {
  const result = await trx
    .updateTable('payment_subscriptions')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('origin_order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('id')
        .where('user_id', 'is', null)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase()),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The other recurring prices of the same plan (same kind of product and kit), in one currency. */
export async function listPlanPrices(db: Executor, productKey: string, currency: string) {
  return db
    .selectFrom('prices as p')
    .innerJoin('products as pr', 'pr.key', 'p.product_key')
    .innerJoin('products as mine', (join) =>
      join
        .on('mine.key', '=', productKey)
        .onRef('mine.type', '=', 'pr.type')
        .onRef('mine.kit_type', '=', 'pr.kit_type'),
    )
    .select([
      'p.id',
      'p.lookup_key',
      'p.unit_amount_cents',
      'p.currency',
      'p.recurring_interval',
      'p.recurring_interval_count',
      'pr.title',
      'pr.sort_order',
    ])
    .where('p.type', '=', 'recurring')
    .where('p.active', '=', true)
    .where('pr.active', '=', true)
    .where('p.currency', '=', currency)
    .orderBy('pr.sort_order', 'asc')
    .orderBy('p.lookup_key', 'asc')
    .execute();
}

/** What decides whether a user's subscription rows have a next kit, with what they are for. */
export interface KitScheduleRow {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  lookupKey: string;
  productKey: string;
}

/**
 * Every subscription row of the user with its price's keys, whatever the price: a kit sent on a
 * schedule counts even when its row names a one-time price (an add-on sent with each renewal).
 */
export async function listKitScheduleRows(db: Executor, userId: string): Promise<KitScheduleRow[]> {
  const rows = await db
    .selectFrom('payment_subscriptions as s')
    .innerJoin('prices as p', 'p.id', 's.price_id')
    .select([
      's.status',
      's.cancel_at_period_end',
      's.current_period_end',
      'p.lookup_key',
      'p.product_key',
    ])
    .where('s.user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: asDate(row.current_period_end),
    lookupKey: row.lookup_key,
    productKey: row.product_key,
  }));
}

export interface SubscriptionOrderEntry {
  id: string;
  status: 'pending' | 'requires_action' | 'paid' | 'failed' | 'fulfilled';
  total: number;
  currency: string;
  createdAt: Date;
  /** The order's own lines (not upgrades), in order: what it was bought as. */
  lines: { lookupKey: string; title: string }[];
}

export interface SubscriptionLedgerEntry {
  cycle: number;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  amount: number;
  currency: string;
  periodStart: Date;
  orderId: string | null;
  orderStatus: SubscriptionOrderEntry['status'] | null;
  updatedAt: Date;
}

export interface SubscriptionRefundEntry {
  orderId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: number;
  currency: string;
  createdAt: Date;
}

/** What a subscription's history is made of: its order, its renewals and their refunds. */
// eslint-disable-next-line max-lines-per-function -- one sequence of steps that share local state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export async function subscriptionMoneyTrail(
  db: Executor,
  subscription: Pick<SubscriptionRecord, 'id' | 'originOrderId'>,
): Promise<{
  origin: SubscriptionOrderEntry | null;
  renewals: SubscriptionLedgerEntry[];
  refunds: SubscriptionRefundEntry[];
}> {
  const origin = subscription.originOrderId
    ? await db
        .selectFrom('orders')
        .select(['id', 'status', 'total_cents', 'currency', 'created_at'])
        .where('id', '=', subscription.originOrderId)
        .executeTakeFirst()
    : undefined;
  const originLines = origin
    ? await db
        .selectFrom('order_lines')
        .select(['lookup_key', 'title'])
        .where('order_id', '=', origin.id)
        .where('upgrade_id', 'is', null)
        .orderBy('id', 'asc')
        .execute()
    : [];
  const renewals = await db
    .selectFrom('subscription_renewals as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.cycle',
      'r.status',
      'r.amount_cents',
      'r.currency',
      'r.period_start',
      'r.order_id',
      'r.updated_at',
      'o.status as order_status',
    ])
    .where('r.subscription_id', '=', subscription.id)
    .orderBy('r.cycle', 'asc')
    .execute();
  const orderIds = [
    ...(origin ? [origin.id] : []),
    ...renewals.flatMap((renewal) => (renewal.order_id ? [renewal.order_id] : [])),
  ];
  const refunds =
    orderIds.length === 0
      ? []
      : await db
          .selectFrom('order_refunds as f')
          .innerJoin('orders as o', 'o.id', 'f.order_id')
          .select(['f.order_id', 'f.status', 'f.amount_cents', 'f.created_at', 'o.currency'])
          .where('f.order_id', 'in', orderIds)
          .orderBy('f.created_at', 'asc')
          .execute();
  return {
    origin: origin
      ? {
          id: origin.id,
          status: origin.status,
          total: origin.total_cents,
          currency: origin.currency,
          createdAt: asDate(origin.created_at),
          lines: originLines.map((line) => ({ lookupKey: line.lookup_key, title: line.title })),
        }
      : null,
    renewals: renewals.map((row) => ({
      cycle: row.cycle,
      status: row.status,
      amount: row.amount_cents,
      currency: row.currency,
      periodStart: asDate(row.period_start),
      orderId: row.order_id,
      orderStatus: row.order_status,
      updatedAt: asDate(row.updated_at),
    })),
    refunds: refunds.map((row) => ({
      orderId: row.order_id,
      status: row.status,
      amount: row.amount_cents,
      currency: row.currency,
      createdAt: asDate(row.created_at),
    })),
  };
}
