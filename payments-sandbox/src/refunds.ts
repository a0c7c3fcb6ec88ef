// The test provider's refunds: never past what is left of the charge, one per idempotency key,
// one at a time per charge; each writes its charge.refunded event in the same transaction.
import type { Database } from './db/schema';
import { assertCents } from './lib/money';
import { createPrefixedId } from './lib/ids';
import {
  IdempotencyConflictError,
  PaymentObjectNotFoundError,
  RefundRefusedError,
  type ProviderRefund,
  type RefundInput,
} from '@shop/shared/payments/provider-contract';
import { insertEvent } from './events';
import { fingerprint, toRefund } from './rows';
import { chargeObject } from './stripe-objects';

export async function refund(db: Database, input: RefundInput): Promise<ProviderRefund> {
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
    const refunded = await trx
      .updateTable('payment_charges')
      .set((eb) => ({
        amount_refunded_cents: eb('amount_refunded_cents', '+', amount),
        updated_at: new Date(),
      }))
      .where('id', '=', charge.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const method = refunded.payment_method_id
      ? await trx
          .selectFrom('payment_methods')
          .selectAll()
          .where('id', '=', refunded.payment_method_id)
          .executeTakeFirst()
      : undefined;
    await insertEvent(trx, 'charge.refunded', chargeObject(refunded, method ?? null));
    return toRefund(refund);
  });
}

export async function listRefunds(db: Database, chargeId: string): Promise<ProviderRefund[]> {
  const rows = await db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('charge_id', '=', chargeId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRefund);
}
