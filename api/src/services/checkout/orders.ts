// Consumer orders: priced by the server, paid through the provider, written once per idempotency key.
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order } from '@shop/shared/contract/checkout';
import type { Address, AddressView, Currency } from '@shop/shared/contract/common';
import type { ChargeView } from '@shop/shared/contract/payment';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { centsFromDb } from '../../lib/money';
import { attachBnplConsent } from '../../repositories/bnpl-consents-repository';
import { clearCart } from '../../repositories/carts-repository';
import { recordRedemption } from '../../repositories/discounts-repository';
import { completeIdempotencyKey } from '../../repositories/idempotency-repository';
import { findOrder, insertOrder, updateOrderStatus, type NewOrder, type StoredOrder } from '../../repositories/orders-repository';
import type { PaymentProvider, ProviderCharge } from '../payments/payment-provider';
import { requestFingerprint, runIdempotent, type IdempotentOutcome } from './idempotency';
import { priceOrder, type PricedCart } from './pricing';
import { takePayment, type PaymentMethodChoice, type PaymentResult } from './take-payment';

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
}

export interface ConsumerOrderRequest {
  user: UserRow | null;
  email: string;
  name: string;
  items: CartItem[];
  shippingAddress: Address;
  discountCode: string | null;
  shipUpfront: boolean;
  paymentMethod: PaymentMethodChoice;
  sessionId: string;
  marketingEnabled: boolean;
}

export const ORDER_SCOPE = 'consumer-order';

export function toChargeView(charge: ProviderCharge): ChargeView {
  return {
    id: charge.id,
    status: charge.status,
    amount: charge.amount,
    currency: charge.currency as Currency,
    failureCode: charge.failureCode,
    failureMessage: charge.failureMessage,
    nextAction: charge.nextAction,
    createdAt: charge.createdAt.toISOString(),
  };
}

export async function toOrderView(provider: PaymentProvider, stored: StoredOrder): Promise<Order> {
  const { row, lines } = stored;
  const charge = row.payment_charge_id ? await provider.getCharge(row.payment_charge_id) : null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    email: row.email,
    currency: row.currency as Currency,
    lines,
    subtotal: centsFromDb(row.subtotal_cents),
    discount: centsFromDb(row.discount_cents),
    shipping: centsFromDb(row.shipping_cents),
    total: centsFromDb(row.total_cents),
    discountCode: row.discount_code,
    shipUpfront: row.ship_upfront,
    bnpl: row.bnpl,
    businessKey: row.business_key,
    shippingAddress: row.shipping_address as unknown as AddressView,
    payment: charge ? toChargeView(charge) : null,
    paymentLabel: row.payment_label,
    createdAt: row.created_at.toISOString(),
  };
}

export async function loadOrderView(deps: CheckoutDeps, id: string): Promise<Order> {
  const stored = await findOrder(deps.db, id);
  if (!stored) throw notFound('Order not found');
  return toOrderView(deps.provider, stored);
}

/** An order written before anyone has paid (business checkout, employer request). */
export const UNPAID_ORDER_FIELDS = { status: 'pending', chargeId: null, paymentMethodId: null, paymentLabel: null } as const;

/** The fields of an order row that come from the priced cart. */
export function pricedOrderFields(priced: PricedCart): Pick<NewOrder, 'currency' | 'lines' | 'subtotal' | 'discount' | 'shipping' | 'total' | 'discountCode'> {
  return {
    currency: priced.currency,
    lines: priced.lines.map(({ lookupKey, priceId, title, quantity, unitAmount, amount }) => ({ lookupKey, priceId, title, quantity, unitAmount, amount })),
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    discountCode: priced.discountCode,
  };
}

export function paymentOrderFields(payment: PaymentResult): Pick<NewOrder, 'chargeId' | 'paymentMethodId' | 'paymentLabel' | 'bnpl' | 'bnplConsentId'> {
  return {
    chargeId: payment.charge?.id ?? null,
    paymentMethodId: payment.paymentMethodId,
    paymentLabel: payment.label,
    bnpl: payment.bnpl,
    bnplConsentId: payment.bnplConsentId,
  };
}

/** The fingerprint covers what the client sent and who sent it, so another shopper's key is never "the same request". */
export function consumerOrderFingerprint(request: ConsumerOrderRequest): string {
  const { user, ...body } = request;
  return requestFingerprint({ ...body, userId: user?.id ?? null });
}

/**
 * Places a consumer order: price from our own tables, take the payment, then write the order
 * and complete the idempotency key in one transaction. Nothing is written when payment fails.
 */
export async function placeConsumerOrder(deps: CheckoutDeps, request: ConsumerOrderRequest, idempotencyKey: string): Promise<IdempotentOutcome> {
  const { db, provider } = deps;
  return runIdempotent(db, { scope: ORDER_SCOPE, key: idempotencyKey, fingerprint: consumerOrderFingerprint(request) }, async () => {
    const priced = await priceOrder(db, {
      items: request.items,
      country: request.shippingAddress.country,
      shipUpfront: request.shipUpfront,
      discountCode: request.discountCode,
      email: request.email,
    });
    const payment = await takePayment(db, provider, {
      user: request.user,
      email: request.email,
      name: request.name,
      amount: priced.total,
      currency: priced.currency,
      method: request.paymentMethod,
      idempotencyKey: `${ORDER_SCOPE}:${idempotencyKey}`,
      description: `Order for ${request.email}`,
    });
    const status = payment.charge?.status === 'requires_action' ? 'requires_action' : 'paid';
    const orderId = await db.transaction().execute(async (trx) => {
      const id = await insertOrder(trx, {
        kind: 'consumer',
        userId: request.user?.id ?? null,
        email: request.email,
        name: request.name,
        status,
        ...pricedOrderFields(priced),
        ...paymentOrderFields(payment),
        shipUpfront: request.shipUpfront,
        businessKey: null,
        marketingEnabled: request.marketingEnabled,
        sessionId: request.sessionId,
        shippingAddress: request.shippingAddress,
        idempotencyKey,
      });
      if (priced.discountCode) await recordRedemption(trx, priced.discountCode);
      if (payment.bnplConsentId && !(await attachBnplConsent(trx, payment.bnplConsentId, id))) {
        throw new AppError(409, 'CONFLICT', 'This pay-later consent was already used for another order.');
      }
      await completeIdempotencyKey(trx, ORDER_SCOPE, idempotencyKey, id, 201);
      // The cart has become an order.
      await clearCart(trx, request.user ? { userId: request.user.id } : { sessionId: request.sessionId });
      return id;
    });
    return { orderId, statusCode: 201 };
  });
}

/** Completes a card payment the bank asked the shopper to confirm (3-D Secure in Stripe). */
export async function confirmOrderPayment(deps: CheckoutDeps, orderId: string): Promise<Order> {
  const stored = await findOrder(deps.db, orderId);
  if (!stored) throw notFound('Order not found');
  if (stored.row.status === 'requires_action' && stored.row.payment_charge_id) {
    const charge = await deps.provider.confirmCharge(stored.row.payment_charge_id);
    if (charge.status === 'succeeded') await updateOrderStatus(deps.db, orderId, ['requires_action'], { status: 'paid' });
  }
  return loadOrderView(deps, orderId);
}
