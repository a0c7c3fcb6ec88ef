// The order a paid renewal writes, whoever billed it (the shop's renewal job or Stripe's invoice):
// one paid consumer order with the plan's line, shipped where the subscriber's kits go, written
// once under the renewal's own idempotency key. Its kit comes from the kits job queued with it.
import type { AddressView, Currency } from '@shop/shared/contract/common';
import type { Executor } from '../../db/schema';
import { queueKitsForOrder } from '../../modules/kits';
import { insertOrder } from '../../repositories/orders-repository';

export interface RenewalOrder {
  userId: string | null;
  email: string;
  name: string;
  currency: string;
  line: {
    lookupKey: string;
    priceId: string;
    title: string;
    quantity: number;
    unitAmount: number;
  };
  /** What was charged (the line's amount and the order's total). */
  amount: number;
  shippingAddress: unknown;
  chargeId: string | null;
  paymentMethodId: string | null;
  paymentLabel: string | null;
  idempotencyKey: string;
  /** The shop clock's time of the renewal: the renewal's kit is queued for it. */
  now: Date;
}

/** Writes the renewal's paid order and queues its kit, in the renewal's transaction. */
export async function insertRenewalOrder(trx: Executor, order: RenewalOrder): Promise<string> {
  const orderId = await insertOrder(trx, {
    kind: 'consumer',
    userId: order.userId,
    email: order.email,
    name: order.name,
    status: 'paid',
    currency: order.currency as Currency,
    lines: [{ ...order.line, amount: order.amount }],
    subtotal: order.amount,
    discount: 0,
    shipping: 0,
    total: order.amount,
    discountCode: null,
    shipUpfront: false,
    bnpl: false,
    bnplConsentId: null,
    businessKey: null,
    marketingEnabled: false,
    sessionId: null,
    shippingAddress: order.shippingAddress as AddressView,
    chargeId: order.chargeId,
    paymentMethodId: order.paymentMethodId,
    paymentLabel: order.paymentLabel,
    idempotencyKey: order.idempotencyKey,
    buyerTokenHash: null,
  });
  await queueKitsForOrder(trx, orderId, order.now);
  return orderId;
}
