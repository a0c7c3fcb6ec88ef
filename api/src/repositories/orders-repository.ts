import type { AddressView, Currency } from '@shop/shared/contract/common';
import type { OrderStatus } from '@shop/shared/contract/checkout';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import { deriveRecurringInterval } from '@shop/shared/catalog/recurring-interval';
import { sql } from 'kysely';
import type { Executor, OrderRow } from '../db/schema';
import { claimDueRows } from '../db/claim-due-rows';
import { toCount } from '../lib/count';
import { centsFromDb } from '../lib/money';
import { preparedStatement } from '../db/prepared-statement';

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
  /** Hash of the placing browser's buyer cookie; see services/checkout/buyer.ts. */
  buyerTokenHash: string | null;
  /** Written by the same statement as the order when it has a recurring line. */
  renewalConsent?: RenewalConsentRecord | null;
}

/** The automatic-renewal terms the shopper agreed to, kept with the order (see renewal-consent.ts). */
export interface RenewalConsentRecord {
  userId: string | null;
  email: string;
  termsVersion: string;
  termsText: string;
  acceptedAt: Date;
}

export interface StoredOrder {
  row: OrderRow;
  lines: StoredOrderLine[];
}

function orderValues(order: NewOrder) {
  return {
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
}

/** The lines as the one JSON parameter a statement inserts them from. */
function linesJson(order: NewOrder): string {
  return JSON.stringify(
    order.lines.map((line) => ({
      lookup_key: line.lookupKey,
      price_id: line.priceId,
      title: line.title,
      quantity: line.quantity,
      unit_amount_cents: line.unitAmount,
      amount_cents: line.amount,
    })),
  );
}

/** The consent as a JSON array of none or one row, inserted by the statement that writes the order. */
function consentsJson(order: NewOrder): string {
  const consent = order.renewalConsent;
  return JSON.stringify(
    consent
      ? [
          {
            user_id: consent.userId,
            email: consent.email,
            terms_version: consent.termsVersion,
            terms_text: consent.termsText,
            accepted_at: consent.acceptedAt.toISOString(),
          },
        ]
      : [],
  );
}

const CONSENT_RECORDSET = `consent(user_id uuid, email text, terms_version text, terms_text text,
  accepted_at timestamptz)`;

/** Writes the order and its lines in one statement; call inside the transaction that also completes the idempotency key. */
export async function insertOrder(trx: Executor, order: NewOrder): Promise<string> {
  const values = orderValues(order);
  if (order.lines.length === 0 && !order.renewalConsent) {
    const { id } = await trx
      .insertInto('orders')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  // The lines travel as one JSON parameter and are inserted by the same statement as the order.
  const lines = linesJson(order);
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
    .with('new_consent', (db) =>
      db
        .insertInto('subscription_consents')
        .columns(['order_id', 'user_id', 'email', 'terms_version', 'terms_text', 'accepted_at'])
        .expression(
          sql`select new_order.id, consent.user_id, consent.email, consent.terms_version,
            consent.terms_text, consent.accepted_at
          from new_order cross join jsonb_to_recordset(${consentsJson(order)}::jsonb) as ${sql.raw(CONSENT_RECORDSET)}`,
        ),
    )
    .selectFrom('new_order')
    .select('id')
    .executeTakeFirstOrThrow();
  return id;
}

const ORDER_COLUMNS = [
  ['kind', 'text'],
  ['user_id', 'uuid'],
  ['email', 'text'],
  ['name', 'text'],
  ['status', 'text'],
  ['currency', 'text'],
  ['subtotal_cents', 'integer'],
  ['discount_cents', 'integer'],
  ['shipping_cents', 'integer'],
  ['total_cents', 'integer'],
  ['discount_code', 'text'],
  ['ship_upfront', 'boolean'],
  ['bnpl', 'boolean'],
  ['bnpl_consent_id', 'uuid'],
  ['business_key', 'text'],
  ['marketing_enabled', 'boolean'],
  ['session_id', 'text'],
  ['shipping_address', 'jsonb'],
  ['payment_charge_id', 'text'],
  ['payment_method_id', 'text'],
  ['payment_label', 'text'],
  ['idempotency_key', 'text'],
  ['buyer_token_hash', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof ReturnType<typeof orderValues>, string]>;

// $1–$4: the key's scope, key and request hash, and the catalogue version the order was priced
// at; then the order's columns; then its lines as JSON; last, its renewal consent (none or one). The key is claimed only while the
// catalogue is still at that version, and the order and its lines are written only when the
// claim won: one statement, so it all happens or none of it does.
const claimKeyAndInsertOrderStatement = preparedStatement(
  'claim_key_and_insert_order',
  `with claim as (
    insert into idempotency_keys (scope, key, request_hash)
    select $1::text, $2::text, $3::text from catalog_version where version = $4::bigint
    on conflict (scope, key) do nothing
    returning key
  ), new_order as (
    insert into orders (${ORDER_COLUMNS.map(([column]) => column).join(', ')})
    select ${ORDER_COLUMNS.map(([, type], index) => `$${index + 5}::${type}`).join(', ')}
    from claim
    returning id
  ), new_lines as (
    insert into order_lines (order_id, lookup_key, price_id, title, quantity, unit_amount_cents, amount_cents)
    select new_order.id, line.lookup_key, line.price_id, line.title, line.quantity,
      line.unit_amount_cents, line.amount_cents
    from new_order cross join jsonb_to_recordset($${ORDER_COLUMNS.length + 5}::jsonb) as line(lookup_key text,
      price_id text, title text, quantity integer, unit_amount_cents integer, amount_cents integer)
  ), new_consent as (
    insert into subscription_consents (order_id, user_id, email, terms_version, terms_text, accepted_at)
    select new_order.id, consent.user_id, consent.email, consent.terms_version, consent.terms_text,
      consent.accepted_at
    from new_order cross join jsonb_to_recordset($${ORDER_COLUMNS.length + 6}::jsonb) as ${CONSENT_RECORDSET}
  )
  select catalog_version.version, new_order.id
  from catalog_version left join new_order on true`,
);

export interface ClaimedOrder {
  /** The catalogue's version when the statement ran. */
  catalogVersion: number;
  /** The order written, or null: the key was taken already, or the catalogue had moved on. */
  orderId: string | null;
}

/**
 * Claims the idempotency key and writes the pending order with its lines, in one statement, if
 * the catalogue is still at the version the order was priced at. Returns the version the
 * catalogue is at: when it is not `catalogVersion`, nothing was written (not even the claim).
 */
export async function claimKeyAndInsertOrder(
  db: Executor,
  claim: { scope: string; key: string; requestHash: string; catalogVersion: number },
  order: NewOrder,
): Promise<ClaimedOrder> {
  const values = orderValues(order);
  const { rows } = await db.executeQuery<{ version: number | string; id: string | null }>(
    claimKeyAndInsertOrderStatement([
      claim.scope,
      claim.key,
      claim.requestHash,
      claim.catalogVersion,
      ...ORDER_COLUMNS.map(([column]) => values[column]),
      linesJson(order),
      consentsJson(order),
    ]),
  );
  const row = rows[0];
  if (!row) throw new Error('The catalogue version row is missing');
  return { catalogVersion: Number(row.version), orderId: row.id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// $1 the order, $2 its intent, $3 the time, $4 and $5 the payment method and its label (null
// keeps what the order has), $6 the idempotency scope, $7 the receipt job's kind and $8 its tries,
// $9 the kits job's kind and $10 its tries.
// Moves an unsettled plain consumer order to paid, records the answer on its key, empties the cart
// it came from and queues its receipt job (key order:<id>:receipt, as queueOrderReceipt) and its
// kits job (key order:<id>:kits, as queueKitsForOrder), in one statement.
const markConsumerOrderPaidStatement = preparedStatement(
  'mark_consumer_order_paid',
  `with paid as (
    update orders set status = 'paid', failure_message = null, updated_at = $3::timestamptz,
      payment_method_id = coalesce($4::text, payment_method_id),
      payment_label = coalesce($5::text, payment_label)
    where id = $1::uuid and payment_charge_id = $2::text
      and status in ('pending', 'requires_action')
      and kind = 'consumer' and idempotency_key is not null
      and discount_code is null and bnpl_consent_id is null
    returning *
  ), completed_key as (
    update idempotency_keys set order_id = paid.id, response_status = 201
    from paid where idempotency_keys.scope = $6::text and idempotency_keys.key = paid.idempotency_key
  ), user_cart as (
    update carts set items = '[]'::jsonb, updated_at = $3::timestamptz
    from paid where carts.user_id = paid.user_id
  ), session_cart as (
    update carts set items = '[]'::jsonb, updated_at = $3::timestamptz
    from paid where paid.user_id is null and carts.session_id = paid.session_id
  ), receipt_job as (
    insert into jobs (kind, payload, job_key, run_at, max_attempts, created_at, updated_at)
    select $7::text, jsonb_build_object('orderId', paid.id), 'order:' || paid.id || ':receipt',
      $3::timestamptz, $8::int, $3::timestamptz, $3::timestamptz
    from paid
    on conflict do nothing
  ), kits_job as (
    insert into jobs (kind, payload, job_key, run_at, max_attempts, created_at, updated_at)
    select $9::text, jsonb_build_object('orderId', paid.id), 'order:' || paid.id || ':kits',
      $3::timestamptz, $10::int, $3::timestamptz, $3::timestamptz
    from paid
    on conflict do nothing
  )
  select * from paid`,
);

/**
 * A succeeded payment of a consumer order with nothing else to complete (no code, no pay-later
 * consent: the caller knows it has no recurring line): the order paid, its key answered 201 and
 * its cart emptied, in one statement. Null when the order is not such an order, or not unsettled
 * with this intent; the caller then takes the general path.
 */
export async function markConsumerOrderPaid(
  db: Executor,
  paid: {
    orderId: string;
    intentId: string;
    at: Date;
    paymentMethodId: string | null;
    paymentLabel: string | null;
    scope: string;
    /** The receipt job the statement queues: its kind and tries. */
    receiptJob: { kind: string; maxAttempts: number };
    /** The kits job the statement queues: its kind and tries. */
    kitsJob: { kind: string; maxAttempts: number };
  },
): Promise<OrderRow | null> {
  if (!UUID.test(paid.orderId)) return null;
  const { rows } = await db.executeQuery<OrderRow>(
    markConsumerOrderPaidStatement([
      paid.orderId,
      paid.intentId,
      paid.at,
      paid.paymentMethodId,
      paid.paymentLabel,
      paid.scope,
      paid.receiptJob.kind,
      paid.receiptJob.maxAttempts,
      paid.kitsJob.kind,
      paid.kitsJob.maxAttempts,
    ]),
  );
  return rows[0] ?? null;
}

export async function findOrder(db: Executor, id: string): Promise<StoredOrder | null> {
  if (!UUID.test(id)) return null;
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const lines = await db
    .selectFrom('order_lines')
    // By lookup key: price_id is the provider's price (Stripe's id when Stripe prices the catalogue).
    .leftJoin('prices', 'prices.lookup_key', 'order_lines.lookup_key')
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
/** Removes an order no money moved for, with the consent that belonged to it (one statement). */
export async function deleteUnpaidOrder(db: Executor, id: string): Promise<void> {
  await sql`with gone as (
      delete from orders where id = ${id} and status = 'pending' and payment_charge_id is null
      returning id
    )
    delete from subscription_consents where order_id in (select id from gone)`.execute(db);
}

/**
 * Deletes up to `limit` consumer orders that were written by a checkout request and never got a
 * payment intent, older than `createdBefore`: their request ended without reaching the provider
 * (the instance stopped between the two), so no money moved, as with deleteUnpaidOrder. Their
 * renewal consent goes with them and their idempotency key is released, as a refused payment's is.
 * An order waiting for an employer or holding a pay-later consent is never touched. Answers how many.
 */
export async function deleteAbandonedOrders(
  db: Executor,
  { createdBefore, keyScope, limit }: { createdBefore: Date; keyScope: string; limit: number },
): Promise<number> {
  const result = await sql<{ deleted: string | number }>`with gone as (
      delete from orders where id in (
        select o.id from orders o
        where o.kind = 'consumer' and o.status = 'pending' and o.payment_charge_id is null
          and o.payment_intent_at is null and o.idempotency_key is not null
          and o.created_at < ${createdBefore}
          and not exists (select 1 from employer_requests e where e.order_id = o.id)
          and not exists (select 1 from bnpl_consents b where b.order_id = o.id)
        order by o.created_at
        limit ${limit}
        for update skip locked
      )
      and status = 'pending' and payment_charge_id is null
      returning id, idempotency_key
    ), consents as (
      delete from subscription_consents where order_id in (select id from gone)
    ), keys as (
      delete from idempotency_keys k using gone
      where k.scope = ${keyScope} and k.key = gone.idempotency_key and k.order_id is null
    )
    select count(*) as deleted from gone`.execute(db);
  return toCount(result.rows[0]?.deleted);
}

/**
 * A consumer order whose payment was declined gives up its idempotency key, and the key answers
 * `status` with that order from then on: a repeat of the declined request gets the same answer,
 * and another request (a new card) may take the key over (takeOverDeclinedKey). One statement;
 * nothing happens unless the order is failed and holds the key.
 */
export async function answerDeclinedOrder(
  db: Executor,
  { scope, key, orderId, status }: { scope: string; key: string; orderId: string; status: number },
): Promise<boolean> {
  const result = await sql<{ key: string }>`with detached as (
      update orders set idempotency_key = null
      where id = ${orderId} and kind = 'consumer' and idempotency_key = ${key} and status = 'failed'
      returning id
    )
    update idempotency_keys set order_id = ${orderId}, response_status = ${status}
    where scope = ${scope} and key = ${key} and order_id is null and exists (select 1 from detached)
    returning key`.execute(db);
  return result.rows.length > 0;
}

/**
 * Takes over a claim of `key` by the same request (`requestHash`) that is unanswered since before
 * `claimedBefore` and whose order never started a payment: its request stopped (the instance
 * went down) between the claim and the provider. The pending order it wrote goes, as
 * deleteAbandonedOrders would remove it, and the claim is this request's, dated `now`. False when
 * the claim is younger, answered, held by another request, or its order has an intent.
 */
export async function takeOverStaleOrderClaim(
  db: Executor,
  claim: { scope: string; key: string; requestHash: string; claimedBefore: Date; now: Date },
): Promise<boolean> {
  const result = await sql<{ key: string }>`with stale as (
      update idempotency_keys k set created_at = ${claim.now}
      where k.scope = ${claim.scope} and k.key = ${claim.key}
        and k.request_hash = ${claim.requestHash}
        and k.order_id is null and k.response_status is null
        and k.created_at < ${claim.claimedBefore}
        and not exists (
          select 1 from orders o
          where o.kind = 'consumer' and o.idempotency_key = k.key
            and (o.status <> 'pending' or o.payment_charge_id is not null
              or o.payment_intent_at is not null)
        )
      returning k.key
    ), gone as (
      delete from orders o using stale
      where o.kind = 'consumer' and o.idempotency_key = stale.key and o.status = 'pending'
        and o.payment_charge_id is null and o.payment_intent_at is null
      returning o.id
    ), consents as (
      delete from subscription_consents where order_id in (select id from gone)
    )
    select key from stale`.execute(db);
  return result.rows.length > 0;
}

/**
 * Releases up to `limit` claims of `keyScope` unanswered since before `claimedBefore` that have no
 * order at all: their request stopped between the claim and writing its order. Answers how many.
 */
export async function releaseOrphanOrderClaims(
  db: Executor,
  { claimedBefore, keyScope, limit }: { claimedBefore: Date; keyScope: string; limit: number },
): Promise<number> {
  const result = await sql<{ released: string | number }>`with gone as (
      delete from idempotency_keys where (scope, key) in (
        select k.scope, k.key from idempotency_keys k
        where k.scope = ${keyScope} and k.order_id is null and k.response_status is null
          and k.created_at < ${claimedBefore}
          and not exists (
            select 1 from orders o where o.kind = 'consumer' and o.idempotency_key = k.key
          )
        limit ${limit}
        for update skip locked
      )
      returning key
    )
    select count(*) as released from gone`.execute(db);
  return toCount(result.rows[0]?.released);
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

/** The order row, locked for the rest of the transaction (PostgreSQL; PGlite runs one at a time). */
export async function lockOrder(trx: Executor, id: string): Promise<OrderRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks the orders whose payment is one of these provider intents, in one statement. */
export async function lockOrdersOfIntents(
  trx: Executor,
  intentIds: readonly string[],
): Promise<OrderRow[]> {
  if (intentIds.length === 0) return [];
  // One lock order for every caller, so two batches never wait on each other in a cycle.
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('payment_charge_id', 'in', intentIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The order whose payment is this provider intent. */
export async function findOrderIdByIntent(db: Executor, intentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('payment_charge_id', '=', intentId)
    .executeTakeFirst();
  return row?.id ?? null;
}

// $1 the order, $2 the intent, $3 the time, $4 the confirmation's number, $5 the intent it
// replaces (or null). Every order that is paid runs it, so it is prepared. A new confirmation is
// looked at afresh, whatever lease a check of the last one left (payment_check_after).
const recordOrderIntentStatement = preparedStatement(
  'record_order_intent',
  `update orders set payment_charge_id = $2::text, payment_intent_at = $3::timestamptz,
    payment_check_after = null, payment_attempts = greatest(payment_attempts, $4::integer),
    updated_at = $3::timestamptz
  where id = $1::uuid
    and (payment_charge_id is null or payment_charge_id = $2::text or payment_charge_id = $5::text)
  returning id`,
);

/**
 * Records the provider intent on an order that has none yet (a retry finds the same intent, as
 * its idempotency key is derived from the order), or in place of `replaces`, the intent it had
 * (cancelled); the confirmation about to be sent, and when: reconciliation looks at payments
 * unsettled some minutes after their last confirmation. False when the order holds another
 * intent meanwhile: only one may be confirmed.
 */
export async function recordOrderIntent(
  db: Executor,
  id: string,
  intent: { id: string; attempt: number; replaces?: string | null },
  at: Date,
): Promise<boolean> {
  const { rows } = await db.executeQuery(
    recordOrderIntentStatement([id, intent.id, at, intent.attempt, intent.replaces ?? null]),
  );
  return rows.length > 0;
}

/**
 * A declined order paid again (an employer trying another card) is unsettled again until the
 * provider answers: pending, so the paths that settle pending orders (the confirm route,
 * reconciliation) see it. A refunded order is never reopened.
 */
export async function reopenFailedOrder(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'pending', failure_message: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('refunded_cents', '=', 0)
    .execute();
}

/** Counts one more confirmation of the order's intent and returns its number (1, 2, …). */
export async function nextPaymentAttempt(db: Executor, id: string): Promise<number> {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({ payment_attempts: eb('payment_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('payment_attempts')
    .executeTakeFirstOrThrow();
  return row.payment_attempts;
}

/** What the provider has refunded on the order's intent; the figure only ever grows. */
export async function recordOrderRefunded(
  db: Executor,
  id: string,
  refundedCents: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ refunded_cents: refundedCents, updated_at: new Date() })
    .where('id', '=', id)
    .where('refunded_cents', '<', refundedCents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function flagOrderDisputed(db: Executor, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ disputed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('disputed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Orders whose intent was created before `before` and has not settled, claimed for one check:
 * each gets a lease until `leaseUntil`, taken in one statement with `for update skip locked` on
 * PostgreSQL, so instances running the job at once take different orders and none holds a
 * transaction open while the provider is asked.
 */
export async function claimUnsettledOrders(
  db: Executor,
  { before, now, leaseUntil, limit }: { before: Date; now: Date; leaseUntil: Date; limit: number },
): Promise<OrderRow[]> {
  return claimDueRows(db, {
    table: 'orders',
    due: (orders) =>
      orders
        .where('status', 'in', ['pending', 'requires_action'])
        .where('payment_charge_id', 'is not', null)
        .where('payment_intent_at', '<', before)
        .where((w) =>
          w.or([w('payment_check_after', 'is', null), w('payment_check_after', '<=', now)]),
        )
        .orderBy('payment_intent_at'),
    limit,
    lease: { payment_check_after: leaseUntil },
  })
    .returningAll()
    .execute();
}
