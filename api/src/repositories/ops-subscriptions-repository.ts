// What the operator console reads about subscriptions and the writes of an operator's action.
// Additive to the renewal path: the engine never reads through here.
import { sql } from 'kysely';
import type { Executor, PaymentSubscriptionsTable } from '../db/schema';
import { normaliseEmail } from '../lib/email';
import { subscriptionFields, type SubscriptionFields } from './subscriptions-repository';

/** A subscription with who holds it and what it bills, as the console lists it. */
export interface OpsSubscriptionRow extends SubscriptionFields {
  email: string | null;
  name: string | null;
  title: string | null;
  lookupKey: string | null;
  interval: 'day' | 'week' | 'month' | 'year' | null;
  intervalCount: number | null;
  unitAmount: number | null;
  currency: string | null;
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
    ...subscriptionFields(row),
    email: row.holder_email,
    name: row.holder_name,
    title: row.product_title,
    lookupKey: row.price_lookup_key,
    interval: row.price_interval,
    intervalCount: row.price_interval_count,
    unitAmount: row.price_unit_amount,
    currency: row.price_currency,
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
