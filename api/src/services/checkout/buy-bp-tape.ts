// The blood-pressure monitor and tape add-on bought after checkout: charged to the payment
// method of the order it belongs to, once per order however often the request is repeated.
import type { UpgradeResult } from '@shop/shared/contract/upgrades';
import { AppError, notFound } from '../../lib/app-error';
import { multiplyCents } from '../../lib/money';
import { findPriceByLookupKey } from '../../repositories/catalog-repository';
import { findOrderByPaymentRef } from '../../repositories/orders-repository';
import { findUpgrade, insertCompletedUpgrade } from '../../repositories/upgrades-repository';
import type { CheckoutDeps } from './orders';
import { declined } from './take-payment';

export const BP_TAPE_LOOKUP_KEY = 'bp_monitor_tape';

/** `ref` is the order id or the id of the charge that paid it. */
export async function buyBpTape(deps: CheckoutDeps, ref: string, quantity: number): Promise<{ upgrade: UpgradeResult; created: boolean }> {
  const { db, provider } = deps;
  const stored = await findOrderByPaymentRef(db, ref);
  if (!stored) throw notFound('Order not found');
  const { row } = stored;
  const paymentId = row.payment_charge_id ?? row.id;
  const existing = await findUpgrade(db, paymentId, 'bp-tape');
  if (existing) return { upgrade: existing, created: false };
  if (row.status !== 'paid' && row.status !== 'fulfilled') throw new AppError(409, 'CONFLICT', 'The order is not paid yet.');
  if (!row.payment_method_id) {
    throw new AppError(400, 'BAD_REQUEST', 'This order has no saved card to charge (it was paid later or by an employer).');
  }
  const price = await findPriceByLookupKey(db, BP_TAPE_LOOKUP_KEY);
  if (!price) throw notFound('The blood-pressure add-on is not on sale');
  const amount = multiplyCents(price.unitAmount, quantity);
  // One provider key per order: a repeat (or a race) cannot charge twice.
  const charge = await provider.createCharge({
    amount,
    currency: price.currency,
    paymentMethodId: row.payment_method_id,
    description: `Blood-pressure monitor and tape for order ${row.id}`,
    metadata: { orderId: row.id, upgrade: 'bp-tape' },
    idempotencyKey: `bp-tape:${row.id}`,
  });
  if (charge.status !== 'succeeded') throw declined(charge.failureMessage ?? 'Your bank asks you to confirm this payment.');
  const inserted = await insertCompletedUpgrade(db, {
    orderId: row.id,
    paymentId,
    type: 'bp-tape',
    email: row.email,
    priceId: price.id,
    product: BP_TAPE_LOOKUP_KEY,
    quantity,
    amount,
    chargeId: charge.id,
  });
  if (inserted) return { upgrade: inserted, created: true };
  const raced = await findUpgrade(db, paymentId, 'bp-tape');
  if (!raced) throw new Error('bp-tape upgrade vanished after a conflicting insert');
  return { upgrade: raced, created: false };
}
