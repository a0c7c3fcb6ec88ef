// The test provider's cards: tokenised without the number, attached to one customer, one of
// them the default while any is left.
import type { Database, Executor, PaymentMethodRow } from '../../../db/schema';
import { createPrefixedId } from '../../../lib/tokens';
import {
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  type CardDetails,
  type ProviderPaymentMethod,
} from '../payment-provider';
import { behaviourForCard, brandForCard, DECLINES } from '../test-card-rules';
import { toPaymentMethod } from './rows';

/** A card that is not detached, or PaymentObjectNotFoundError. */
export async function activeMethod(
  db: Database,
  paymentMethodId: string,
): Promise<PaymentMethodRow> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', paymentMethodId)
    .where('detached_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
  return row;
}

/** The customer's cards lose their default mark, before another card takes it. */
async function clearDefault(trx: Executor, customerId: string): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set({ is_default: false })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', true)
    .execute();
}

export async function createPaymentMethod(
  db: Database,
  card: CardDetails,
): Promise<ProviderPaymentMethod> {
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
}

export async function attachPaymentMethod(
  db: Database,
  paymentMethodId: string,
  customerId: string,
  options: { makeDefault?: boolean } = {},
): Promise<ProviderPaymentMethod> {
  const method = await activeMethod(db, paymentMethodId);
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
    if (makeDefault) await clearDefault(trx, customerId);
    return trx
      .updateTable('payment_methods')
      .set({ customer_id: customerId, is_default: makeDefault })
      .where('id', '=', paymentMethodId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toPaymentMethod(row);
}

export async function listPaymentMethods(
  db: Database,
  customerId: string,
): Promise<ProviderPaymentMethod[]> {
  const rows = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('detached_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toPaymentMethod);
}

export async function getPaymentMethod(
  db: Database,
  customerId: string,
  paymentMethodId: string,
): Promise<ProviderPaymentMethod | null> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', paymentMethodId)
    .where('customer_id', '=', customerId)
    .where('detached_at', 'is', null)
    .executeTakeFirst();
  return row ? toPaymentMethod(row) : null;
}

export async function setDefaultPaymentMethod(
  db: Database,
  customerId: string,
  paymentMethodId: string,
): Promise<ProviderPaymentMethod> {
  const row = await db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('payment_methods')
      .select('id')
      .where('id', '=', paymentMethodId)
      .where('customer_id', '=', customerId)
      .where('detached_at', 'is', null)
      .executeTakeFirst();
    if (!target) return null;
    await clearDefault(trx, customerId);
    return trx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', paymentMethodId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!row) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
  return toPaymentMethod(row);
}

export async function detachPaymentMethod(
  db: Database,
  customerId: string,
  paymentMethodId: string,
): Promise<void> {
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
}
