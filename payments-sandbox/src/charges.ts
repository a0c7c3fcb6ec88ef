// The test provider's PaymentIntents: created unconfirmed, confirmed with a token or a saved
// card (the card's test behaviour decides the outcome), finished by the holder of the client
// secret when the bank or the pay-later provider wants the shopper. One idempotency key is one
// request, and every state change writes its event in the same transaction.
import { preparedStatement } from './db/prepared-statement';
import type { Database, Executor, PaymentChargeRow, PaymentMethodRow } from './db/schema';
import { assertCents } from './lib/money';
import { createPrefixedId, createSecretToken } from './lib/ids';
import {
  IdempotencyConflictError,
  PaymentObjectNotFoundError,
  type ChargeStatus,
  type ConfirmChargeInput,
  type CreateChargeInput,
  type ProviderCharge,
} from '@shop/shared/payments/provider-contract';
import {
  AUTHENTICATION_FAILED,
  BNPL_DECLINED,
  cardOutcome,
  TEST_BNPL_LIMIT_CENTS,
  type Decline,
} from './test-card-rules';
import { eventRow, insertEvent, type EventType } from './events';
import { repeatOf } from './idempotency';
import { attachToCustomer } from './payment-methods';
import { fingerprint, toCharge } from './rows';
import { paymentIntentObject } from './stripe-objects';
import { consumeToken } from './tokens';

/** `<objectId>_secret_<random>`, as Stripe writes client secrets. */
export const createClientSecret = (objectId: string) =>
  `${objectId}_secret_${createSecretToken()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24)}`;

const EVENT_FOR_STATUS: Partial<Record<ChargeStatus, EventType>> = {
  succeeded: 'payment_intent.succeeded',
  failed: 'payment_intent.payment_failed',
  requires_action: 'payment_intent.requires_action',
  processing: 'payment_intent.processing',
  canceled: 'payment_intent.canceled',
};

/** A confirm may try again after a decline or instead of an unfinished action, as on Stripe. */
const CONFIRMABLE: ReadonlySet<ChargeStatus> = new Set([
  'requires_confirmation',
  'requires_action',
  'failed',
]);

async function methodRow(db: Executor, id: string | null): Promise<PaymentMethodRow | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

async function chargeView(db: Executor, row: PaymentChargeRow): Promise<ProviderCharge> {
  return toCharge(row, await methodRow(db, row.payment_method_id));
}

/**
 * Writes the intent's event for its new state, in the transaction that changed it. `method` is
 * the intent's payment method when the caller already holds it (saves reading it again).
 */
async function recordChange(
  trx: Executor,
  row: PaymentChargeRow,
  method?: PaymentMethodRow | null,
): Promise<void> {
  const type = EVENT_FOR_STATUS[row.status];
  if (type)
    await insertEvent(
      trx,
      type,
      paymentIntentObject(
        row,
        method && method.id === row.payment_method_id
          ? method
          : await methodRow(trx, row.payment_method_id),
      ),
    );
}

/** PostgreSQL's (and PGlite's) foreign_key_violation. */
const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

// The statements every order's payment runs (the intent, then its confirm's three) are prepared:
// Kysely builds nothing for them and PostgreSQL plans each once per connection.

// $1 id, $2 customer, $3 amount, $4 currency, $5 description, $6 metadata (JSON), $7 the
// idempotency key, $8 the request's fingerprint, $9 the client secret. A key used before inserts
// nothing.
const insertChargeStatement = preparedStatement(
  'provider_insert_charge',
  `insert into payment_charges (id, customer_id, payment_method_id, amount_cents, currency, status,
    failure_code, failure_message, description, metadata, idempotency_key, request_fingerprint,
    client_secret)
  values ($1::text, $2::text, null, $3::integer, $4::text, 'requires_confirmation', null, null,
    $5::text, $6::jsonb, $7::text, $8::text, $9::text)
  on conflict (idempotency_key) do nothing
  returning *`,
);

// $1 the key, $2 the intent, $3 the request's fingerprint: the intent locked, with whether this
// statement claimed the key.
const claimAndLockStatement = preparedStatement(
  'provider_claim_key_and_lock_charge',
  `with claimed as (
    insert into payment_idempotency_keys (key, object_id, request_fingerprint)
    values ($1::text, $2::text, $3::text)
    on conflict (key) do nothing
    returning key
  )
  select payment_charges.*, exists (select claimed.key from claimed) as claimed
  from payment_charges
  where payment_charges.id = $2::text
  for update`,
);

// $1 the card to keep, $2 its customer, $3 whether to keep it (the customer's first card becomes
// the default); $4–$6 the event's id, type and payload; $7 the intent, then its new state ($8
// status, $9–$10 failure code and message, $11 next action, $12 the time, $13 the method, $14
// the return URL, $15 save for future).
const settleConfirmedStatement = preparedStatement(
  'provider_settle_confirmed_charge',
  `with kept as (
    update payment_methods set customer_id = $2::text,
      is_default = not exists (
        select other.id from payment_methods as other
        where other.customer_id = $2::text and other.detached_at is null and other.is_default = true
      )
    where id = $1::text and $3::boolean
  ), event as (
    insert into payment_provider_events (id, type, payload) values ($4::text, $5::text, $6::jsonb)
  )
  update payment_charges set status = $8::text, failure_code = $9::text, failure_message = $10::text,
    next_action = $11::text, updated_at = $12::timestamptz, payment_method_id = $13::text,
    return_url = $14::text, save_for_future = $15::boolean
  where id = $7::text
  returning *`,
);

/** One intent per idempotency key: a key used before answers with its intent, if the request is the same. */
export async function createCharge(
  db: Database,
  input: CreateChargeInput,
): Promise<ProviderCharge> {
  assertCents(input.amount);
  const customerId = input.customerId ?? null;
  const requestFingerprint = fingerprint({
    amount: input.amount,
    currency: input.currency,
    customerId,
    description: input.description ?? null,
    metadata: input.metadata,
  });
  const id = createPrefixedId('pi');
  // An unknown customer is refused by the table's foreign key, not by reading it first.
  const inserted = await db
    .executeQuery<PaymentChargeRow>(
      insertChargeStatement([
        id,
        customerId,
        input.amount,
        input.currency,
        input.description ?? null,
        JSON.stringify(input.metadata),
        input.idempotencyKey,
        requestFingerprint,
        createClientSecret(id),
      ]),
    )
    .then(({ rows }) => rows[0])
    .catch((error: unknown) => {
      if (customerId && isForeignKeyViolation(error))
        throw new PaymentObjectNotFoundError(`Customer ${customerId}`);
      throw error;
    });
  if (inserted) return toCharge(inserted, null);
  const existing = await db
    .selectFrom('payment_charges')
    .selectAll()
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  if (existing.request_fingerprint !== requestFingerprint)
    throw new IdempotencyConflictError(input.idempotencyKey);
  return chargeView(db, existing);
}

/**
 * Claims the request's idempotency key and locks the intent, in one statement: 'first' when the
 * key is new, 'repeat' when this same request used it (IdempotencyConflictError for another).
 */
async function claimAndLock(
  trx: Executor,
  chargeId: string,
  key: string,
  requestFingerprint: string,
): Promise<{ claim: 'first' | 'repeat'; charge: PaymentChargeRow }> {
  const { rows } = await trx.executeQuery<PaymentChargeRow & { claimed: boolean }>(
    claimAndLockStatement([key, chargeId, requestFingerprint]),
  );
  const row = rows[0];
  if (!row) throw new PaymentObjectNotFoundError(`Charge ${chargeId}`);
  const { claimed, ...charge } = row;
  return {
    claim: claimed ? 'first' : await repeatOf(trx, key, chargeId, requestFingerprint),
    charge,
  };
}

async function lockCharge(trx: Executor, chargeId: string): Promise<PaymentChargeRow> {
  const row = await trx
    .selectFrom('payment_charges')
    .selectAll()
    .where('id', '=', chargeId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PaymentObjectNotFoundError(`Charge ${chargeId}`);
  return row;
}

/** A saved card of the intent's own customer. */
async function savedMethod(
  trx: Executor,
  customerId: string | null,
  paymentMethodId: string,
): Promise<PaymentMethodRow> {
  const row = customerId
    ? await trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', paymentMethodId)
        .where('customer_id', '=', customerId)
        .where('detached_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
  return row;
}

interface Outcome {
  status: 'succeeded' | 'requires_action' | 'failed';
  decline: Decline | null;
  nextAction: 'challenge' | 'redirect' | null;
}

function outcomeFor(method: PaymentMethodRow, amount: number, offSession: boolean): Outcome {
  if (method.type === 'bnpl')
    return amount > TEST_BNPL_LIMIT_CENTS
      ? { status: 'failed', decline: BNPL_DECLINED, nextAction: null }
      : { status: 'requires_action', decline: null, nextAction: 'redirect' };
  const outcome = cardOutcome(method.test_behaviour, offSession);
  return {
    ...outcome,
    nextAction: outcome.status === 'requires_action' ? 'challenge' : null,
  };
}

/** What a confirm writes on the intent with its outcome: the method and where the shopper returns. */
interface ConfirmedWith {
  method: PaymentMethodRow;
  returnUrl: string;
  saveForFuture: boolean;
}

interface Change {
  status: ChargeStatus;
  decline?: Decline | null;
  nextAction?: 'challenge' | 'redirect' | null;
}

/** What a settle writes on the intent. */
const changesFor = (change: Change, confirmed?: ConfirmedWith) => ({
  status: change.status,
  failure_code: change.decline?.code ?? null,
  failure_message: change.decline?.message ?? null,
  next_action: change.nextAction ?? null,
  updated_at: new Date(),
  ...(confirmed
    ? {
        payment_method_id: confirmed.method.id,
        return_url: confirmed.returnUrl,
        save_for_future: confirmed.saveForFuture,
      }
    : {}),
});

/**
 * Moves a locked intent to its new state (with the method a confirm chose, in the same update),
 * saves the card when asked, and writes the event.
 */
async function settle(
  trx: Executor,
  charge: PaymentChargeRow,
  change: Change,
  confirmed?: ConfirmedWith,
): Promise<PaymentChargeRow> {
  const changes = changesFor(change, confirmed);
  const type = EVENT_FOR_STATUS[change.status];
  if (confirmed && type) return settleConfirmed(trx, charge, changes, confirmed, type);
  const updated = await trx
    .updateTable('payment_charges')
    .set(changes)
    .where('id', '=', charge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (keepsCard(updated))
    await attachToCustomer(trx, updated.payment_method_id!, updated.customer_id!);
  await recordChange(trx, updated, confirmed?.method);
  return updated;
}

/** A succeeded intent whose card was to be saved on its customer. */
const keepsCard = (row: PaymentChargeRow) =>
  row.status === 'succeeded' &&
  row.save_for_future &&
  row.customer_id !== null &&
  row.payment_method_id !== null;

/**
 * A confirm knows the intent's method and so its new state before writing it: the update, the
 * card kept on the customer and the event are one statement.
 */
async function settleConfirmed(
  trx: Executor,
  charge: PaymentChargeRow,
  changes: ReturnType<typeof changesFor>,
  confirmed: ConfirmedWith,
  type: EventType,
): Promise<PaymentChargeRow> {
  const { method } = confirmed;
  const next: PaymentChargeRow = { ...charge, ...changes };
  const event = eventRow(type, paymentIntentObject(next, method));
  const { rows } = await trx.executeQuery<PaymentChargeRow>(
    settleConfirmedStatement([
      method.id,
      next.customer_id,
      keepsCard(next),
      event.id,
      event.type,
      event.payload,
      charge.id,
      changes.status,
      changes.failure_code,
      changes.failure_message,
      changes.next_action,
      changes.updated_at,
      method.id,
      confirmed.returnUrl,
      confirmed.saveForFuture,
    ]),
  );
  const [row] = rows;
  if (!row) throw new PaymentObjectNotFoundError(`Charge ${charge.id}`);
  return row;
}

export async function confirmCharge(
  db: Database,
  chargeId: string,
  input: ConfirmChargeInput,
): Promise<ProviderCharge> {
  const requestFingerprint = fingerprint({
    operation: 'confirm',
    source: input.source,
    returnUrl: input.returnUrl,
  });
  const { row, method } = await db.transaction().execute(async (trx) => {
    const { claim, charge } = await claimAndLock(
      trx,
      chargeId,
      input.idempotencyKey,
      requestFingerprint,
    );
    // A repeated request, or an intent past confirming (paid, processing, released): unchanged.
    if (claim === 'repeat' || !CONFIRMABLE.has(charge.status))
      return { row: charge, method: undefined };
    const { source } = input;
    const method =
      source.type === 'token'
        ? await consumeToken(trx, source.token)
        : await savedMethod(trx, charge.customer_id, source.paymentMethodId);
    const outcome = outcomeFor(
      method,
      charge.amount_cents,
      source.type === 'saved' && source.offSession,
    );
    const saveForFuture =
      source.type === 'token' &&
      source.futureUsage !== null &&
      method.type === 'card' &&
      charge.customer_id !== null;
    const settled = await settle(trx, charge, outcome, {
      method,
      returnUrl: input.returnUrl,
      saveForFuture,
    });
    return { row: settled, method };
  });
  // The method just chosen is the intent's: no need to read it back.
  return method ? toCharge(row, method) : chargeView(db, row);
}

export async function getCharge(db: Database, chargeId: string): Promise<ProviderCharge | null> {
  const row = await db
    .selectFrom('payment_charges')
    .selectAll()
    .where('id', '=', chargeId)
    .executeTakeFirst();
  return row ? chargeView(db, row) : null;
}

/** Releases an unfinished intent. A paid or processing one is answered as it is: refund it instead. */
export async function cancelCharge(
  db: Database,
  chargeId: string,
  idempotencyKey: string,
): Promise<ProviderCharge> {
  const row = await db.transaction().execute(async (trx) => {
    const { claim, charge } = await claimAndLock(
      trx,
      chargeId,
      idempotencyKey,
      fingerprint({ operation: 'cancel' }),
    );
    if (claim === 'repeat' || !CONFIRMABLE.has(charge.status)) return charge;
    return settle(trx, charge, { status: 'canceled' });
  });
  return chargeView(db, row);
}

/** An intent waiting for the shopper, found by its client secret. */
export async function chargeBySecret(
  db: Executor,
  clientSecret: string,
): Promise<PaymentChargeRow | null> {
  const row = await db
    .selectFrom('payment_charges')
    .selectAll()
    .where('client_secret', '=', clientSecret)
    .executeTakeFirst();
  return row ?? null;
}

export interface ActionResult {
  status: ChargeStatus;
  returnUrl: string | null;
}

/**
 * Finishes the shopper's step on the intent holding `clientSecret`: 3-D Secure completed or
 * failed (`challenge`), or the pay-later provider approved or declined (`redirect`). An intent
 * not waiting for that step is answered as it is.
 */
export async function finishChargeAction(
  db: Database,
  clientSecret: string,
  step: 'challenge' | 'redirect',
  approved: boolean,
): Promise<ActionResult | null> {
  return db.transaction().execute(async (trx) => {
    const found = await chargeBySecret(trx, clientSecret);
    if (!found) return null;
    const charge = await lockCharge(trx, found.id);
    if (charge.status !== 'requires_action' || charge.next_action !== step)
      return { status: charge.status, returnUrl: charge.return_url };
    const change: { status: ChargeStatus; decline?: Decline } = approved
      ? { status: step === 'redirect' ? 'processing' : 'succeeded' }
      : { status: 'failed', decline: step === 'redirect' ? BNPL_DECLINED : AUTHENTICATION_FAILED };
    const updated = await settle(trx, charge, change);
    return { status: updated.status, returnUrl: updated.return_url };
  });
}

/** Pay-later intents the provider approved are paid out: processing becomes succeeded. */
export async function settleProcessingCharges(db: Database): Promise<number> {
  // Every delivery pass asks; a look without a transaction answers the usual "none" in one statement.
  const any = await db
    .selectFrom('payment_charges')
    .select('id')
    .where('status', '=', 'processing')
    .limit(1)
    .executeTakeFirst();
  if (!any) return 0;
  return db.transaction().execute(async (trx) => {
    const processing = await trx
      .selectFrom('payment_charges')
      .selectAll()
      .where('status', '=', 'processing')
      .orderBy('created_at')
      .forUpdate()
      .skipLocked()
      .execute();
    for (const charge of processing) await settle(trx, charge, { status: 'succeeded' });
    return processing.length;
  });
}
