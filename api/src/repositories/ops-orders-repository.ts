// What the operator console reads about orders, and the refunds operators issue. Additive to the
// order path: nothing here is used while a shopper orders.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB, Executor, OrderRow } from '../db/schema';
import { toCount } from '../lib/count';
import { centsFromDb } from '../lib/money';

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

export type ListedOrderKind = 'consumer' | 'business' | 'employer' | 'renewal';

export interface OrderListFilter {
  /**
   * What a customer reads out: the start of the order number (any case, hyphens optional), part
   * of their e-mail, or their card's last four digits. An order matching any of them is listed.
   */
  q?: string;
  statuses?: readonly OrderRow['status'][];
  kinds?: readonly ListedOrderKind[];
  /** A partner storefront's key (the business orders placed there). */
  partner?: string;
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  to?: Date;
  /** Rows strictly after this position in the newest-first order. */
  after?: OrderPosition;
  limit: number;
}

/** A row's place in the list: its creation time to the microsecond (ISO, UTC) and its id. */
export interface OrderPosition {
  at: string;
  id: string;
}

/** The start of an order id: hex digits, hyphens where the uuid has them, perhaps a leading #. */
const ID_PREFIX = /^#?[0-9a-f][0-9a-f-]{0,35}$/i;
const LAST_FOUR = /^\d{4}$/;

/** Text matched literally inside a LIKE pattern: its wildcards and the escape itself escaped. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The search box: id prefix, e-mail fragment or last four, whichever the text can be. */
function searchMatch(eb: ExpressionBuilder<DB, 'orders'>, q: string) {
  const text = q.trim();
  const matches = [
    sql<boolean>`lower(orders.email) like ${`%${likeLiteral(text.toLowerCase())}%`} escape '\\'`,
  ];
  // Hyphens are left out on both sides: "106CEA812B4F" and "106cea81-2b4f" find the same order.
  if (ID_PREFIX.test(text))
    matches.push(
      sql<boolean>`replace(orders.id::text, '-', '') like ${`${text.replace(/[#-]/g, '').toLowerCase()}%`}`,
    );
  // The label reads like "Visa •••• 4242": the card's last four end it.
  if (LAST_FOUR.test(text)) matches.push(sql<boolean>`orders.payment_label like ${`%${text}`}`);
  return eb.or(matches);
}

/**
 * Orders newest first, filtered, one page after `after` (keyset: stable while orders arrive).
 * Reads one row more than the page to know whether another page follows.
 */
export async function listOrders(db: Executor, filter: OrderListFilter) {
  const employer = (eb: ExpressionBuilder<DB, 'orders'>) =>
    eb.exists(
      eb
        .selectFrom('employer_requests')
        .select(sql`1`.as('one'))
        .whereRef('employer_requests.order_id', '=', 'orders.id'),
    );
  // A subscription's renewal order is the one its ledger row names.
  const renewal = (eb: ExpressionBuilder<DB, 'orders'>) =>
    eb.exists(
      eb
        .selectFrom('subscription_renewals')
        .select(sql`1`.as('one'))
        .whereRef('subscription_renewals.order_id', '=', 'orders.id'),
    );
  let query = db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) => [
      employer(eb).as('employer'),
      renewal(eb).as('renewal'),
      // The database's own precision: a millisecond cursor would skip or repeat rows.
      sql<string>`to_char(orders.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'position_at',
      ),
    ]);
  const q = filter.q;
  if (q !== undefined) query = query.where((eb) => searchMatch(eb, q));
  if (filter.statuses?.length) query = query.where('orders.status', 'in', [...filter.statuses]);
  if (filter.partner !== undefined) query = query.where('orders.business_key', '=', filter.partner);
  if (filter.from) query = query.where('orders.created_at', '>=', filter.from);
  if (filter.to) query = query.where('orders.created_at', '<', filter.to);
  const kinds = filter.kinds;
  if (kinds?.length)
    query = query.where((eb) =>
      eb.or(
        kinds.map((kind) =>
          kind === 'employer'
            ? employer(eb)
            : kind === 'renewal'
              ? renewal(eb)
              : kind === 'consumer'
                ? eb.and([
                    eb('orders.kind', '=', 'consumer'),
                    eb.not(employer(eb)),
                    eb.not(renewal(eb)),
                  ])
                : eb('orders.kind', '=', 'business'),
        ),
      ),
    );
  if (filter.after) {
    const { at, id } = filter.after;
    query = query.where(
      sql<boolean>`(orders.created_at, orders.id) < (${at}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows
    .slice(0, filter.limit)
    .map(({ employer: isEmployer, renewal: isRenewal, position_at, ...row }) => ({
      row: row as OrderRow,
      kind: listedKind(row, { employer: Boolean(isEmployer), renewal: Boolean(isRenewal) }),
      position: { at: position_at, id: row.id },
    }));
  const last = page.at(-1);
  return { page, next: rows.length > filter.limit && last ? last.position : null };
}

/** An employer's order, then a renewal, else the kind the order was placed as. */
function listedKind(
  row: Pick<OrderRow, 'kind'>,
  facts: { employer: boolean; renewal: boolean },
): ListedOrderKind {
  if (facts.employer) return 'employer';
  if (facts.renewal) return 'renewal';
  return row.kind;
}

/** How the list shows this order: an employer pays for it, it renews a subscription, or its own kind. */
export async function listedKindOf(
  db: Executor,
  row: Pick<OrderRow, 'id' | 'kind'>,
): Promise<ListedOrderKind> {
  const [employer, renewal] = await Promise.all([
    db
      .selectFrom('employer_requests')
      .select('id')
      .where('order_id', '=', row.id)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('subscription_renewals')
      .select('id')
      .where('order_id', '=', row.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return listedKind(row, { employer: employer !== undefined, renewal: renewal !== undefined });
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

/** The subscription an order started (its origin) or renewed (its ledger row), if any. */
export async function subscriptionOfOrder(db: Executor, orderId: string) {
  const row = await db
    .selectFrom('payment_subscriptions')
    .select(['id', 'status', 'cancel_at_period_end', 'current_period_end'])
    .where((eb) =>
      eb.or([
        eb('origin_order_id', '=', orderId),
        eb(
          'id',
          'in',
          eb
            .selectFrom('subscription_renewals')
            .select('subscription_id')
            .where('order_id', '=', orderId),
        ),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        status: row.status,
        cancelAtPeriodEnd: row.cancel_at_period_end,
        currentPeriodEnd: new Date(row.current_period_end).toISOString(),
      }
    : null;
}
