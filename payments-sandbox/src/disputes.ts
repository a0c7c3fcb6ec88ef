// A bank's chargeback on a paid intent, as Stripe announces it: a charge.dispute.created event.
import type { Database } from './db/schema';
import { createPrefixedId } from './lib/ids';
import {
  PaymentObjectNotFoundError,
  RefundRefusedError,
} from '@shop/shared/payments/provider-contract';
import { insertEvent } from './events';
import { disputeObject } from './stripe-objects';

export async function createDispute(
  db: Database,
  chargeId: string,
  reason: string,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const charge = await trx
      .selectFrom('payment_charges')
      .selectAll()
      .where('id', '=', chargeId)
      .executeTakeFirst();
    if (!charge) throw new PaymentObjectNotFoundError(`Charge ${chargeId}`);
    if (charge.status !== 'succeeded')
      throw new RefundRefusedError(`Charge ${chargeId} is ${charge.status}: nothing to dispute`);
    const id = createPrefixedId('dp');
    const amount = charge.amount_cents - charge.amount_refunded_cents;
    await insertEvent(
      trx,
      'charge.dispute.created',
      disputeObject(charge, { id, amount, reason, createdAt: new Date() }),
    );
    return { id };
  });
}
