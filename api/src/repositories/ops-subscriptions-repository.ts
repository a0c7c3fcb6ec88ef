// What the operator console reads about subscriptions and the writes of an operator's action.
// Additive to the renewal path: the engine never reads through here.
import { sql } from 'kysely';
import type { Executor, PaymentSubscriptionsTable, SubscriptionActor } from '../db/schema';
import { toCount } from '../lib/count';
import { normaliseEmail } from '../lib/email';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const asNullableDate = (value: Date | string | null) => (value === null ? null : asDate(value));

/** A subscription with who holds it and what it bills, as the console lists it. */
export interface OpsSubscriptionRow {
  id: string;
  status: PaymentSubscriptionsTable['status'];
  customerId: string;
  priceId: string;
  provider: 'test' | 'stripe';
  providerSubscriptionId: string | null;
  userId: string | null;
  originOrderId: string | null;
  email: string | null;
  name: string | null;
  title: string | null;
  lookupKey: string | null;
  interval: 'day' | 'week' | 'month' | 'year' | null;
  intervalCount: number | null;
  unitAmount: number | null;
  currency: string | null;
  quantity: number;
  paymentMethodId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  billingAnchor: Date;
  anchorCycle: number;
  renewedCycles: number;
  failedAttempts: number;
  nextRetryAt: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelReason: string | null;
  canceledAt: Date | null;
  pausedUntil: Date | null;
  skippedCycle: number | null;
  createdAt: Date;
}

/** A row's place in the newest-first list: creation time to the microsecond (UTC ISO) and id. */
export interface SubscriptionPosition {
  at: string;
  id: string;
}

function baseQuery(db: Executor) {
  return db
    .selectFrom('payment_subscriptions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('orders as o', 'o.id', 's.origin_order_id')
    .leftJoin('payment_customers as c', 'c.id', 's.customer_id')
    .leftJoin('prices as p', 'p.id', 's.price_id')
    .leftJoin('products as pr', 'pr.key', 'p.product_key')
    .selectAll('s')
    .select([
      sql<string | null>`coalesce(u.email, o.email, c.email)`.as('holder_email'),
      sql<string | null>`coalesce(u.name, o.name, c.name)`.as('holder_name'),
      'pr.title as product_title',
      'p.lookup_key as price_lookup_key',
      'p.recurring_interval as price_interval',
      'p.recurring_interval_count as price_interval_count',
      'p.unit_amount_cents as price_unit_amount',
      'p.currency as price_currency',
      // The database's own precision: a millisecond cursor would skip or repeat rows.
      sql<string>`to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'position_at',
      ),
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRow(row: BaseRow): OpsSubscriptionRow {
  return {
    id: row.id,
    status: row.status,
    customerId: row.customer_id,
    priceId: row.price_id,
    provider: row.provider,
    providerSubscriptionId: row.provider_subscription_id,
    userId: row.user_id,
    originOrderId: row.origin_order_id,
    email: row.holder_email,
    name: row.holder_name,
    title: row.product_title,
    lookupKey: row.price_lookup_key,
    interval: row.price_interval,
    intervalCount: row.price_interval_count,
    unitAmount: row.price_unit_amount,
    currency: row.price_currency,
    quantity: row.quantity,
    paymentMethodId: row.payment_method_id,
    currentPeriodStart: asDate(row.current_period_start),
    currentPeriodEnd: asDate(row.current_period_end),
    billingAnchor: asDate(row.billing_anchor),
    anchorCycle: row.anchor_cycle,
    renewedCycles: row.renewed_cycles,
    failedAttempts: row.failed_attempts,
    nextRetryAt: asNullableDate(row.next_retry_at),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelReason: row.cancel_reason,
    canceledAt: asNullableDate(row.canceled_at),
    pausedUntil: asNullableDate(row.paused_until),
    skippedCycle: row.skipped_cycle,
    createdAt: asDate(row.created_at),
  };
}

export interface SubscriptionListFilter {
  /** A subscription id (ours or the provider's) or the subscriber's e-mail. */
  q?: string;
  statuses?: readonly PaymentSubscriptionsTable['status'][];
  after?: SubscriptionPosition;
  limit: number;
}

/**
 * Subscriptions newest first, filtered, one page after `after` (keyset: stable while new ones
 * arrive). Reads one row more than the page to know whether another page follows.
 */
export async function listOpsSubscriptions(db: Executor, filter: SubscriptionListFilter) {
  let query = baseQuery(db);
  const q = filter.q;
  if (q !== undefined) {
    if (q.includes('@')) {
      const email = normaliseEmail(q);
      query = query.where((eb) =>
        eb.or([eb('u.email', '=', email), eb('o.email', '=', email), eb('c.email', '=', email)]),
      );
    } else {
      query = query.where((eb) =>
        eb.or([eb('s.id', '=', q), eb('s.provider_subscription_id', '=', q)]),
      );
    }
  }
  if (filter.statuses?.length) query = query.where('s.status', 'in', [...filter.statuses]);
  if (filter.after) {
    const { at, id } = filter.after;
    query = query.where(sql<boolean>`(s.created_at, s.id) < (${at}::timestamptz, ${id})`);
  }
  const rows = await query
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    page: page.map(toRow),
    next: rows.length > filter.limit && last ? { at: last.position_at, id: last.id } : null,
  };
}

/** One subscription as the console shows it; `forUpdate` locks its row for an operator's change. */
export async function findOpsSubscription(
  db: Executor,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<OpsSubscriptionRow | null> {
  let query = baseQuery(db).where('s.id', '=', id);
  // Only the subscription's row is locked: the joined rows are read, never changed here.
  if (forUpdate) query = query.forUpdate(['s']);
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : null;
}

export interface OpsRenewalRow {
  cycle: number;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  orderId: string | null;
  chargeId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  hardDecline: boolean;
  updatedAt: Date;
}

/** The renewal ledger, oldest cycle first. */
export async function listOpsRenewals(
  db: Executor,
  subscriptionId: string,
): Promise<OpsRenewalRow[]> {
  const rows = await db
    .selectFrom('subscription_renewals')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('cycle', 'asc')
    .execute();
  return rows.map((row) => ({
    cycle: row.cycle,
    attempt: row.attempt,
    status: row.status,
    amount: row.amount_cents,
    currency: row.currency,
    periodStart: asDate(row.period_start),
    periodEnd: asDate(row.period_end),
    orderId: row.order_id,
    chargeId: row.charge_id,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    hardDecline: row.hard_decline,
    updatedAt: row.updated_at,
  }));
}

export interface SubscriptionChangeRow {
  id: number;
  actor: SubscriptionActor;
  action: string;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** The change log, newest first. */
export async function listSubscriptionChanges(
  db: Executor,
  subscriptionId: string,
): Promise<SubscriptionChangeRow[]> {
  const rows = await db
    .selectFrom('subscription_changes')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: toCount(row.id),
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    createdAt: row.created_at,
  }));
}

export async function insertSubscriptionChange(
  trx: Executor,
  change: {
    subscriptionId: string;
    actor: SubscriptionActor;
    action: string;
    detail: Record<string, unknown>;
    now: Date;
  },
): Promise<string> {
  // The row's id names the change: the billing provider's idempotency keys are derived from it.
  const { id } = await trx
    .insertInto('subscription_changes')
    .values({
      subscription_id: change.subscriptionId,
      actor: change.actor,
      action: change.action,
      detail: JSON.stringify(change.detail),
      created_at: change.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
}

/** The columns an operator's action changes. */
export interface SubscriptionPatch {
  status?: PaymentSubscriptionsTable['status'];
  cancel_at_period_end?: boolean;
  cancel_reason?: string | null;
  cancel_requested_at?: Date | null;
  canceled_at?: Date | null;
  paused_until?: Date | null;
  next_retry_at?: Date | null;
}

export async function updateOpsSubscription(
  trx: Executor,
  id: string,
  patch: SubscriptionPatch,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('payment_subscriptions')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}
