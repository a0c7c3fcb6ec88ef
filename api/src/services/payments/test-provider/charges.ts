// The test provider's charges: the card's test behaviour decides the outcome, and one
// idempotency key is one charge.
import { sql } from 'kysely';
import type { Database, PaymentChargeRow } from '../../../db/schema';
import { preparedStatement } from '../../../db/prepared-statement';
import { assertCents } from '../../../lib/money';
import { createPrefixedId } from '../../../lib/tokens';
import {
  IdempotencyConflictError,
  PaymentObjectNotFoundError,
  type ChargeNewCardInput,
  type CreateChargeInput,
  type ProviderCharge,
  type ProviderPaymentMethod,
} from '../payment-provider';
import {
  behaviourForCard,
  brandForCard,
  chargeOutcome,
  CHARGE_OUTCOMES_JSON,
  type ChargeOutcome,
} from '../test-card-rules';
import { activeMethod } from './payment-methods';
import { fingerprint, toCharge } from './rows';

// Tokenises the card and writes its charge in one statement; the outcome of the card's test
// behaviour is worked out before, the way createCharge's statement looks it up.
const chargeNewCardStatement = preparedStatement(
  'test_provider_charge_new_card',
  `with method as (
    insert into payment_methods (id, customer_id, brand, last4, exp_month, exp_year, test_behaviour)
    values ($1::text, null, $2::text, $3::text, $4::integer, $5::integer, $6::text)
    returning id, is_default, created_at
  ), charge as (
    insert into payment_charges (id, customer_id, payment_method_id, amount_cents, currency, status,
      failure_code, failure_message, description, metadata, idempotency_key, request_fingerprint)
    select $7::text, null, method.id, $8::integer, $9::text, $10::text, $11::text, $12::text,
      $13::text, $14::jsonb, $15::text, $16::text
    from method
    returning *
  )
  select charge.*, method.is_default as method_is_default, method.created_at as method_created_at
  from charge cross join method`,
);

export async function chargeNewCard(
  db: Database,
  input: ChargeNewCardInput,
): Promise<{ method: ProviderPaymentMethod; charge: ProviderCharge }> {
  assertCents(input.amount);
  const { card } = input;
  const method = {
    id: createPrefixedId('pm'),
    customerId: null,
    brand: brandForCard(card.number),
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
  const behaviour = behaviourForCard(card.number);
  const outcome = chargeOutcome(behaviour);
  const { rows } = await db.executeQuery<
    PaymentChargeRow & { method_is_default: boolean; method_created_at: Date }
  >(
    chargeNewCardStatement([
      method.id,
      method.brand,
      method.last4,
      method.expMonth,
      method.expYear,
      behaviour,
      createPrefixedId('pi'),
      input.amount,
      input.currency,
      outcome.status,
      outcome.failureCode,
      outcome.failureMessage,
      input.description ?? null,
      JSON.stringify(input.metadata ?? {}),
      `${input.idempotencyKeyPrefix}:${method.id}`,
      fingerprint({
        amount: input.amount,
        currency: input.currency,
        paymentMethodId: method.id,
        customerId: null,
      }),
    ]),
  );
  const row = rows[0];
  if (!row) throw new Error('The test provider wrote no charge');
  const { method_is_default: isDefault, method_created_at: createdAt, ...charge } = row;
  return { method: { ...method, isDefault, createdAt }, charge: toCharge(charge) };
}

/** One charge per idempotency key: a key used before answers with its charge, if the request is the same. */
export async function createCharge(
  db: Database,
  input: CreateChargeInput,
): Promise<ProviderCharge> {
  assertCents(input.amount);
  const requestFingerprint = fingerprint({
    amount: input.amount,
    currency: input.currency,
    paymentMethodId: input.paymentMethodId,
    customerId: input.customerId ?? null,
  });
  const inserted = await insertChargeForCard(db, input, requestFingerprint);
  if (inserted) return toCharge(inserted);
  return chargeWrittenBefore(db, input, requestFingerprint);
}

/**
 * One statement reads the card and writes the charge its test behaviour makes (the outcomes come
 * from test-card-rules.ts); a card that is missing, detached or another customer's writes
 * nothing, and so does a key used before (undefined: chargeWrittenBefore says which).
 */
async function insertChargeForCard(
  db: Database,
  input: CreateChargeInput,
  requestFingerprint: string,
): Promise<PaymentChargeRow | undefined> {
  const outcome = (field: keyof ChargeOutcome) =>
    sql<string>`(${CHARGE_OUTCOMES_JSON}::jsonb -> m.test_behaviour ->> ${field})`;
  return db
    .insertInto('payment_charges')
    .columns([
      'id',
      'customer_id',
      'payment_method_id',
      'amount_cents',
      'currency',
      'status',
      'failure_code',
      'failure_message',
      'description',
      'metadata',
      'idempotency_key',
      'request_fingerprint',
    ])
    .expression((eb) => {
      const { customerId } = input;
      let method = eb
        .selectFrom('payment_methods as m')
        .select([
          sql<string>`${createPrefixedId('pi')}::text`.as('id'),
          sql<string>`coalesce(${input.customerId ?? null}::text, m.customer_id)`.as('customer_id'),
          'm.id as payment_method_id',
          sql<number>`${input.amount}::integer`.as('amount_cents'),
          sql<string>`${input.currency}::text`.as('currency'),
          outcome('status').as('status'),
          outcome('failureCode').as('failure_code'),
          outcome('failureMessage').as('failure_message'),
          sql<string>`${input.description ?? null}::text`.as('description'),
          sql<string>`${JSON.stringify(input.metadata ?? {})}::jsonb`.as('metadata'),
          sql<string>`${input.idempotencyKey}::text`.as('idempotency_key'),
          sql<string>`${requestFingerprint}::text`.as('request_fingerprint'),
        ])
        .where('m.id', '=', input.paymentMethodId)
        .where('m.detached_at', 'is', null);
      if (customerId)
        method = method.where((where) =>
          where.or([where('m.customer_id', 'is', null), where('m.customer_id', '=', customerId)]),
        );
      return method;
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The charge a used key wrote, when the card is still this customer's and the request the same. */
async function chargeWrittenBefore(
  db: Database,
  input: CreateChargeInput,
  requestFingerprint: string,
): Promise<ProviderCharge> {
  const method = await activeMethod(db, input.paymentMethodId);
  if (input.customerId && method.customer_id && method.customer_id !== input.customerId) {
    throw new PaymentObjectNotFoundError(`Payment method ${input.paymentMethodId}`);
  }
  const existing = await db
    .selectFrom('payment_charges')
    .selectAll()
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  if (existing.request_fingerprint !== requestFingerprint)
    throw new IdempotencyConflictError(input.idempotencyKey);
  return toCharge(existing);
}

export async function confirmCharge(db: Database, chargeId: string): Promise<ProviderCharge> {
  const confirmed = await db
    .updateTable('payment_charges')
    .set({ status: 'succeeded', updated_at: new Date() })
    .where('id', '=', chargeId)
    .where('status', '=', 'requires_action')
    .returningAll()
    .executeTakeFirst();
  if (confirmed) return toCharge(confirmed);
  const existing = await getCharge(db, chargeId);
  if (!existing) throw new PaymentObjectNotFoundError(`Charge ${chargeId}`);
  return existing;
}

export async function getCharge(db: Database, chargeId: string): Promise<ProviderCharge | null> {
  const row = await db
    .selectFrom('payment_charges')
    .selectAll()
    .where('id', '=', chargeId)
    .executeTakeFirst();
  return row ? toCharge(row) : null;
}
