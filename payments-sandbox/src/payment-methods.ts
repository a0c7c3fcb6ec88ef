// The test provider's saved cards: attached to one customer, one of them the default while any
// is left. Pay-later methods are never saved.
import type { QueryCreator } from 'kysely';
import type { Database, DB, Executor, PaymentMethodRow } from './db/schema';
import {
  PaymentObjectNotFoundError,
  type ProviderPaymentMethod,
} from '@shop/shared/payments/provider-contract';
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

async function defaultCard(trx: Executor, customerId: string) {
  return trx
    .selectFrom('payment_methods')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('detached_at', 'is', null)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

/**
 * The update that saves a card on a customer; the customer's first card becomes the default,
 * decided from the customer's cards as they were before it (one statement).
 */
export function attachQuery(db: QueryCreator<DB>, paymentMethodId: string, customerId: string) {
  return db
    .updateTable('payment_methods')
    .set((eb) => ({
      customer_id: customerId,
      is_default: eb
        .not(
          eb.exists(
            eb
              .selectFrom('payment_methods as other')
              .select('other.id')
              .where('other.customer_id', '=', customerId)
              .where('other.detached_at', 'is', null)
              .where('other.is_default', '=', true),
          ),
        )
        .$castTo<boolean>(),
    }))
    .where('id', '=', paymentMethodId);
}

/** Saves a card on a customer inside the caller's transaction. */
export async function attachToCustomer(
  trx: Executor,
  paymentMethodId: string,
  customerId: string,
): Promise<void> {
  await attachQuery(trx, paymentMethodId, customerId).execute();
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
    const hasDefault = await defaultCard(trx, customerId);
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
