import { createHash } from 'node:crypto';
import type {
  BnplAuthorisationsTable,
  Database,
  PaymentChargeRow,
  PaymentMethodRow,
  PaymentRefundsTable,
} from '../../db/schema';
import { sql, type Selectable } from 'kysely';
import { addCalendarSteps } from '../../lib/calendar';
import { assertCents } from '../../lib/money';
import { createPrefixedId } from '../../lib/tokens';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  type BnplAuthorisation,
  type CardBrand,
  type CardDetails,
  type CreateChargeInput,
  type CreateSubscriptionInput,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderPaymentMethod,
  type ProviderRefund,
  type ProviderSubscription,
  RefundRefusedError,
} from './payment-provider';
import { preparedStatement } from '../../db/prepared-statement';
import {
  behaviourForCard,
  brandForCard,
  chargeOutcome,
  CHARGE_OUTCOMES_JSON,
  DECLINES,
  REQUIRES_ACTION_MESSAGE,
  type ChargeOutcome,
} from './test-card-rules';

/** BNPL authorisations above this are declined, like a real pay-later limit. */
export const TEST_BNPL_LIMIT_CENTS = 200_000;

function toPaymentMethod(row: PaymentMethodRow): ProviderPaymentMethod {
  return {
    id: row.id,
    customerId: row.customer_id,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    isDefault: row.is_default,
    createdAt: row.created_at,
  };
}

function toCharge(row: PaymentChargeRow): ProviderCharge {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents,
    currency: row.currency,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    nextAction:
      row.status === 'requires_action'
        ? { type: 'confirm', message: REQUIRES_ACTION_MESSAGE }
        : null,
    metadata: row.metadata ?? {},
    amountRefunded: row.amount_refunded_cents,
    createdAt: row.created_at,
  };
}

function toRefund(row: Selectable<PaymentRefundsTable>): ProviderRefund {
  return {
    id: row.id,
    chargeId: row.charge_id,
    amount: row.amount_cents,
    currency: row.currency,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

function toBnplAuthorisation(row: Selectable<BnplAuthorisationsTable>): BnplAuthorisation {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents,
    currency: row.currency,
    email: row.email,
    consentId: row.consent_id,
  };
}

function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

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

/**
 * The built-in provider: follows Stripe test-mode card conventions and records every object in
 * the shop's own database, so the whole shop runs with no outside service.
 */
export function createTestPaymentProvider(
  db: Database,
  { now = () => new Date() }: { now?: () => Date } = {},
): PaymentProvider {
  async function activeMethod(paymentMethodId: string): Promise<PaymentMethodRow> {
    const row = await db
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', paymentMethodId)
      .where('detached_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
    return row;
  }

  const provider: PaymentProvider = {
    name: 'test',

    async ensureCustomer({ userId, email, name }) {
      if (userId) {
        const existing = await provider.findCustomerByUserId(userId);
        if (existing) return existing;
      }
      const id = createPrefixedId('cus');
      const inserted = await db
        .insertInto('payment_customers')
        .values({ id, user_id: userId, email, name: name ?? null })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning(['id', 'email', 'user_id'])
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, email: inserted.email, userId: inserted.user_id };
      // Another request created it first.
      const raced = userId ? await provider.findCustomerByUserId(userId) : null;
      if (!raced) throw new Error('Could not create the payment customer');
      return raced;
    },

    async findCustomerByUserId(userId) {
      const row = await db
        .selectFrom('payment_customers')
        .select(['id', 'email', 'user_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { id: row.id, email: row.email, userId: row.user_id } : null;
    },

    async createPaymentMethod(card: CardDetails) {
      const row = await db
        .insertInto('payment_methods')
        .values({
          id: createPrefixedId('pm'),
          customer_id: null,
          brand: brandForCard(card.number),
          last4: card.number.slice(-4),
          exp_month: card.expMonth,
          exp_year: card.expYear,
          test_behaviour: behaviourForCard(card.number),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPaymentMethod(row);
    },

    async chargeNewCard(input) {
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
    },

    async attachPaymentMethod(paymentMethodId, customerId, options = {}) {
      const method = await activeMethod(paymentMethodId);
      if (method.customer_id && method.customer_id !== customerId) {
        throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
      }
      // Stripe verifies a card when it is attached: these test cards fail there already.
      if (method.test_behaviour === 'decline' || method.test_behaviour === 'insufficient_funds') {
        const decline = DECLINES[method.test_behaviour];
        throw new PaymentDeclinedError(decline.code, decline.message);
      }
      const row = await db.transaction().execute(async (trx) => {
        const others = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('detached_at', 'is', null)
          .where('id', '<>', paymentMethodId)
          .execute();
        const makeDefault = options.makeDefault === true || others.length === 0;
        if (makeDefault) {
          await trx
            .updateTable('payment_methods')
            .set({ is_default: false })
            .where('customer_id', '=', customerId)
            .where('is_default', '=', true)
            .execute();
        }
        return trx
          .updateTable('payment_methods')
          .set({ customer_id: customerId, is_default: makeDefault })
          .where('id', '=', paymentMethodId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toPaymentMethod(row);
    },

    async listPaymentMethods(customerId) {
      const rows = await db
        .selectFrom('payment_methods')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('detached_at', 'is', null)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toPaymentMethod);
    },

    async getPaymentMethod(customerId, paymentMethodId) {
      const row = await db
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', paymentMethodId)
        .where('customer_id', '=', customerId)
        .where('detached_at', 'is', null)
        .executeTakeFirst();
      return row ? toPaymentMethod(row) : null;
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      const row = await db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('id', '=', paymentMethodId)
          .where('customer_id', '=', customerId)
          .where('detached_at', 'is', null)
          .executeTakeFirst();
        if (!target) return null;
        await trx
          .updateTable('payment_methods')
          .set({ is_default: false })
          .where('customer_id', '=', customerId)
          .where('is_default', '=', true)
          .execute();
        return trx
          .updateTable('payment_methods')
          .set({ is_default: true })
          .where('id', '=', paymentMethodId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (!row) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
      return toPaymentMethod(row);
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      await db.transaction().execute(async (trx) => {
        const detached = await trx
          .updateTable('payment_methods')
          .set({ detached_at: new Date(), is_default: false })
          .where('id', '=', paymentMethodId)
          .where('customer_id', '=', customerId)
          .where('detached_at', 'is', null)
          .returning(['id', 'is_default'])
          .executeTakeFirst();
        if (!detached) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
        // Keep one default while any card is left: the oldest remaining one.
        const hasDefault = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('detached_at', 'is', null)
          .where('is_default', '=', true)
          .executeTakeFirst();
        if (!hasDefault) {
          const oldest = await trx
            .selectFrom('payment_methods')
            .select('id')
            .where('customer_id', '=', customerId)
            .where('detached_at', 'is', null)
            .orderBy('created_at', 'asc')
            .orderBy('id', 'asc')
            .executeTakeFirst();
          if (oldest)
            await trx
              .updateTable('payment_methods')
              .set({ is_default: true })
              .where('id', '=', oldest.id)
              .execute();
        }
      });
    },

    async createCharge(input: CreateChargeInput) {
      assertCents(input.amount);
      const requestFingerprint = fingerprint({
        amount: input.amount,
        currency: input.currency,
        paymentMethodId: input.paymentMethodId,
        customerId: input.customerId ?? null,
      });
      // One statement reads the card and writes the charge its test behaviour makes (the
      // outcomes come from test-card-rules.ts); a card that is missing, detached or another
      // customer's writes nothing, and so does a key used before: both are sorted out below.
      const outcome = (field: keyof ChargeOutcome) =>
        sql<string>`(${CHARGE_OUTCOMES_JSON}::jsonb -> m.test_behaviour ->> ${field})`;
      const inserted = await db
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
              sql<string>`coalesce(${input.customerId ?? null}::text, m.customer_id)`.as(
                'customer_id',
              ),
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
              where.or([
                where('m.customer_id', 'is', null),
                where('m.customer_id', '=', customerId),
              ]),
            );
          return method;
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return toCharge(inserted);
      const method = await activeMethod(input.paymentMethodId);
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
    },

    async confirmCharge(chargeId) {
      const confirmed = await db
        .updateTable('payment_charges')
        .set({ status: 'succeeded', updated_at: new Date() })
        .where('id', '=', chargeId)
        .where('status', '=', 'requires_action')
        .returningAll()
        .executeTakeFirst();
      if (confirmed) return toCharge(confirmed);
      const existing = await provider.getCharge(chargeId);
      if (!existing) throw new PaymentObjectNotFoundError(`Charge ${chargeId}`);
      return existing;
    },

    async getCharge(chargeId) {
      const row = await db
        .selectFrom('payment_charges')
        .selectAll()
        .where('id', '=', chargeId)
        .executeTakeFirst();
      return row ? toCharge(row) : null;
    },

    async createSubscription(input: CreateSubscriptionInput) {
      const method = await activeMethod(input.paymentMethodId);
      const price = await db
        .selectFrom('prices')
        .select(['id', 'recurring_interval', 'recurring_interval_count'])
        .where('id', '=', input.priceId)
        .where('type', '=', 'recurring')
        .executeTakeFirst();
      if (!price?.recurring_interval || !price.recurring_interval_count) {
        throw new PaymentObjectNotFoundError(`Recurring price ${input.priceId}`);
      }
      const start = now();
      const row = await db
        .insertInto('payment_subscriptions')
        .values({
          id: createPrefixedId('sub'),
          customer_id: input.customerId,
          price_id: price.id,
          payment_method_id: method.id,
          quantity: input.quantity ?? 1,
          status: method.test_behaviour === 'succeed' ? 'active' : 'incomplete',
          current_period_start: start,
          current_period_end: addCalendarSteps(
            start,
            price.recurring_interval,
            price.recurring_interval_count,
          ),
          idempotency_key: input.idempotencyKey,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      const stored =
        row ??
        (await db
          .selectFrom('payment_subscriptions')
          .selectAll()
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirstOrThrow());
      return toSubscription(stored);
    },

    async listSubscriptions(customerId) {
      const rows = await db
        .selectFrom('payment_subscriptions')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'asc')
        .execute();
      return rows.map(toSubscription);
    },

    async authoriseBnpl(input) {
      assertCents(input.amount);
      const status = input.amount > TEST_BNPL_LIMIT_CENTS ? 'declined' : 'authorised';
      const row = await db
        .insertInto('bnpl_authorisations')
        .values({
          id: createPrefixedId('bnpl'),
          consent_id: input.consentId,
          email: input.email,
          amount_cents: input.amount,
          currency: input.currency,
          status,
          idempotency_key: input.idempotencyKey,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      const stored =
        row ??
        (await db
          .selectFrom('bnpl_authorisations')
          .selectAll()
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirstOrThrow());
      return toBnplAuthorisation(stored);
    },

    async cancelBnpl(authorisationId) {
      const row = await db
        .updateTable('bnpl_authorisations')
        .set({ status: 'canceled' })
        .where('id', '=', authorisationId)
        .where('status', '=', 'authorised')
        .returningAll()
        .executeTakeFirst();
      const stored =
        row ??
        (await db
          .selectFrom('bnpl_authorisations')
          .selectAll()
          .where('id', '=', authorisationId)
          .executeTakeFirst());
      if (!stored)
        throw new PaymentObjectNotFoundError(`Pay-later authorisation ${authorisationId}`);
      return toBnplAuthorisation(stored);
    },

    async refund(input) {
      if (input.amount !== undefined) assertCents(input.amount);
      const requestFingerprint = fingerprint({
        chargeId: input.chargeId,
        amount: input.amount ?? null,
      });
      return db.transaction().execute(async (trx) => {
        // The charge row is the lock: concurrent refunds of one charge run one after the other.
        const charge = await trx
          .selectFrom('payment_charges')
          .selectAll()
          .where('id', '=', input.chargeId)
          .forUpdate()
          .executeTakeFirst();
        if (!charge) throw new PaymentObjectNotFoundError(`Charge ${input.chargeId}`);
        const existing = await trx
          .selectFrom('payment_refunds')
          .selectAll()
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirst();
        if (existing) {
          if (existing.request_fingerprint !== requestFingerprint)
            throw new IdempotencyConflictError(input.idempotencyKey);
          return toRefund(existing);
        }
        if (charge.status !== 'succeeded')
          throw new RefundRefusedError(
            `Charge ${charge.id} is ${charge.status}, so there is nothing to refund`,
          );
        const left = charge.amount_cents - charge.amount_refunded_cents;
        const amount = input.amount ?? left;
        if (amount <= 0 || amount > left)
          throw new RefundRefusedError(
            `At most ${left} cents of charge ${charge.id} can still be refunded`,
          );
        const refund = await trx
          .insertInto('payment_refunds')
          .values({
            id: createPrefixedId('re'),
            charge_id: charge.id,
            amount_cents: amount,
            currency: charge.currency,
            reason: input.reason ?? null,
            idempotency_key: input.idempotencyKey,
            request_fingerprint: requestFingerprint,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('payment_charges')
          .set((eb) => ({
            amount_refunded_cents: eb('amount_refunded_cents', '+', amount),
            updated_at: new Date(),
          }))
          .where('id', '=', charge.id)
          .execute();
        return toRefund(refund);
      });
    },

    async listRefunds(chargeId) {
      const rows = await db
        .selectFrom('payment_refunds')
        .selectAll()
        .where('charge_id', '=', chargeId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRefund);
    },
  };
  return provider;
}

function toSubscription(row: {
  id: string;
  customer_id: string;
  price_id: string;
  payment_method_id: string | null;
  quantity: number;
  status: ProviderSubscription['status'];
  current_period_start: Date | string;
  current_period_end: Date | string;
}): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customer_id,
    priceId: row.price_id,
    paymentMethodId: row.payment_method_id,
    quantity: row.quantity,
    status: row.status,
    currentPeriodStart: new Date(row.current_period_start),
    currentPeriodEnd: new Date(row.current_period_end),
  };
}
