// Consumer orders: priced by the server, recorded before they are paid through the provider,
// written once per idempotency key, and shown only to whoever placed them.
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order } from '@shop/shared/contract/checkout';
import type { Address, AddressView, Currency } from '@shop/shared/contract/common';
import type { ChargeView } from '@shop/shared/contract/payment';
import type { Database, OrderRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { centsFromDb } from '../../lib/money';
import { attachBnplConsent } from '../../repositories/bnpl-consents-repository';
import { claimIdempotencyKey } from '../../repositories/idempotency-repository';
import {
  claimKeyAndInsertOrder,
  completePaidOrder,
  deleteUnpaidOrder,
  findOrder,
  insertOrder,
  updateOrderStatus,
  type NewOrder,
  type StoredOrder,
} from '../../repositories/orders-repository';
import { owns, type Buyer } from './buyer';
import { redeemDiscount } from './discount-redemption';
import { recordPaymentOrRefund } from './record-payment';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderCharge } from '../payments/payment-provider';
import { requestFingerprint, runIdempotent, type IdempotentOutcome } from './idempotency';
import {
  priceCartFromCatalog,
  priceOrder,
  toQuote,
  type PricedCart,
  type PricingInput,
} from './pricing';
import type { PricingCatalog, PricingCatalogCache } from './pricing-catalog';

/** Times an order is priced from the catalogue copy before it takes the general path. */
const CATALOG_ATTEMPTS = 3;
import { takePayment, type PaymentMethodChoice, type PaymentResult } from './take-payment';

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  log?: FastifyBaseLogger;
  /** The in-process copy of the prices a consumer order without a code is priced from. */
  pricingCatalog?: PricingCatalogCache;
}

export interface ConsumerOrderRequest {
  user: UserRow | null;
  buyer: Buyer;
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
  const { row } = stored;
  const charge = row.payment_charge_id ? await provider.getCharge(row.payment_charge_id) : null;
  return orderView(stored, charge);
}

/** The order as its buyer sees it, with the charge that paid it. */
function orderView({ row, lines }: StoredOrder, charge: ProviderCharge | null): Order {
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

/** The order if this buyer placed it; a stranger gets the same 404 as for an id that does not exist. */
export async function findOwnedOrder(db: Database, id: string, buyer: Buyer): Promise<StoredOrder> {
  const stored = await findOrder(db, id);
  if (!stored || !owns(buyer, stored.row)) throw notFound('Order not found');
  return stored;
}

export async function loadOwnedOrderView(
  deps: CheckoutDeps,
  id: string,
  buyer: Buyer,
): Promise<Order> {
  return toOrderView(deps.provider, await findOwnedOrder(deps.db, id, buyer));
}

/** An order written before anyone has paid (business checkout, employer request). */
export const UNPAID_ORDER_FIELDS = {
  status: 'pending',
  chargeId: null,
  paymentMethodId: null,
  paymentLabel: null,
} as const;

/** The fields of an order row that come from the priced cart. */
export function pricedOrderFields(
  priced: PricedCart,
): Pick<
  NewOrder,
  'currency' | 'lines' | 'subtotal' | 'discount' | 'shipping' | 'total' | 'discountCode'
> {
  return {
    currency: priced.currency,
    lines: priced.lines.map(({ lookupKey, priceId, title, quantity, unitAmount, amount }) => ({
      lookupKey,
      priceId,
      title,
      quantity,
      unitAmount,
      amount,
    })),
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    discountCode: priced.discountCode,
  };
}

export function paymentOrderFields(
  payment: PaymentResult,
): Pick<NewOrder, 'chargeId' | 'paymentMethodId' | 'paymentLabel' | 'bnpl' | 'bnplConsentId'> {
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
  // The buyer cookie is left out: a retry whose first answer (and cookie) was lost is still the same request.
  const { user, buyer: _buyer, ...body } = request;
  return requestFingerprint({ ...body, userId: user?.id ?? null });
}

export interface PlacedOrder extends IdempotentOutcome {
  /** The order this request wrote, as its buyer sees it; null on a replay, which the caller loads. */
  order: Order | null;
}

/** A pending order the idempotency claim wrote along with the key, priced from the catalogue copy. */
interface WrittenOrder {
  orderId: string;
  priced: PricedCart;
}

/** One consumer order request and what every step of placing it reads. */
interface OrderAttempt {
  deps: CheckoutDeps;
  request: ConsumerOrderRequest;
  idempotencyKey: string;
  fingerprint: string;
  pricingInput: PricingInput;
}

/**
 * Places a consumer order. The order is written first (pending), then the payment is taken,
 * then the order is marked paid in the transaction that also completes the idempotency key, so
 * every charge has its order row. A decline removes the pending order (no money moved); a
 * failure after the charge refunds it (see record-payment.ts).
 */
export async function placeConsumerOrder(
  deps: CheckoutDeps,
  request: ConsumerOrderRequest,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const attempt: OrderAttempt = {
    deps,
    request,
    idempotencyKey,
    fingerprint: consumerOrderFingerprint(request),
    pricingInput: {
      items: request.items,
      country: request.shippingAddress.country,
      shipUpfront: request.shipUpfront,
      discountCode: request.discountCode,
      email: request.email,
    },
  };
  const catalog = request.discountCode?.trim() ? null : (deps.pricingCatalog ?? null);
  const outcome = await runIdempotent(
    deps.db,
    {
      scope: ORDER_SCOPE,
      key: idempotencyKey,
      fingerprint: attempt.fingerprint,
      claim: catalog
        ? () => claimWithCatalogPrices(attempt, catalog)
        : () => claimIdempotencyKey(deps.db, ORDER_SCOPE, idempotencyKey, attempt.fingerprint),
    },
    (won) => placeClaimedOrder(attempt, won === true ? null : won),
  );
  return outcome.replayed ? { ...outcome, order: null } : outcome;
}

/** The pending order row this request writes, priced as `priced`. */
function newConsumerOrder({ request, idempotencyKey }: OrderAttempt, priced: PricedCart): NewOrder {
  const method = request.paymentMethod;
  return {
    kind: 'consumer',
    userId: request.user?.id ?? null,
    email: request.email,
    name: request.name,
    ...UNPAID_ORDER_FIELDS,
    ...pricedOrderFields(priced),
    bnpl: method.type === 'bnpl',
    bnplConsentId: method.type === 'bnpl' ? method.consentId : null,
    shipUpfront: request.shipUpfront,
    businessKey: null,
    marketingEnabled: request.marketingEnabled,
    sessionId: request.sessionId,
    shippingAddress: request.shippingAddress,
    idempotencyKey,
    buyerTokenHash: request.buyer.tokenHash,
  };
}

/**
 * Claims the key and writes the pending order in one statement, priced from the catalogue copy:
 * the order written when this request won the key, false when another holds it. A cart the copy
 * cannot price, or prices that keep moving, fall back to claiming the key alone (true).
 */
async function claimWithCatalogPrices(
  attempt: OrderAttempt,
  catalog: PricingCatalogCache,
): Promise<WrittenOrder | boolean> {
  const { db } = attempt.deps;
  for (let tries = 0; tries < CATALOG_ATTEMPTS; tries += 1) {
    const copy = await catalog.current();
    const priced = priceFromCopy(copy, attempt.pricingInput);
    if (!priced) break;
    const claimed = await claimKeyAndInsertOrder(
      db,
      {
        scope: ORDER_SCOPE,
        key: attempt.idempotencyKey,
        requestHash: attempt.fingerprint,
        catalogVersion: copy.version,
      },
      newConsumerOrder(attempt, priced),
    );
    if (claimed.catalogVersion === copy.version)
      return claimed.orderId ? { orderId: claimed.orderId, priced } : false;
    // Prices moved since the copy was read: nothing was written; read them again.
    catalog.seen(claimed.catalogVersion);
  }
  return claimIdempotencyKey(db, ORDER_SCOPE, attempt.idempotencyKey, attempt.fingerprint);
}

/** The cart priced from the catalogue copy, or null when it cannot be (it then takes the general path). */
function priceFromCopy(copy: PricingCatalog, input: PricingInput): PricedCart | null {
  try {
    return priceCartFromCatalog(copy, input);
  } catch (error) {
    // A replay of the key still gets its order on the general path, anything else the same refusal.
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The work of a won key: the pending order (written by the claim, or now), its payment, and the paid order. */
async function placeClaimedOrder(
  attempt: OrderAttempt,
  written: WrittenOrder | null,
): Promise<{ orderId: string; statusCode: number; order: Order }> {
  const { db } = attempt.deps;
  const priced = written?.priced ?? (await priceOrder(db, attempt.pricingInput));
  const orderId = written?.orderId ?? (await insertOrder(db, newConsumerOrder(attempt, priced)));
  const payment = await payOrDropOrder(attempt, priced, orderId);
  const paidRow = await recordPaidOrder(attempt, priced, orderId, payment);
  // The response is built from what was just written, not read back.
  const order = orderView({ row: paidRow, lines: toQuote(priced).lines }, payment.charge);
  return { orderId, statusCode: 201, order };
}

/** Takes the payment; declined or refused before any money moved, it leaves no order behind. */
async function payOrDropOrder(
  { deps, request, idempotencyKey }: OrderAttempt,
  priced: PricedCart,
  orderId: string,
): Promise<PaymentResult> {
  try {
    return await takePayment(deps.db, deps.provider, {
      user: request.user,
      buyer: request.buyer,
      email: request.email,
      name: request.name,
      amount: priced.total,
      currency: priced.currency,
      method: request.paymentMethod,
      idempotencyKey: `${ORDER_SCOPE}:${idempotencyKey}`,
      description: `Order for ${request.email}`,
      orderId,
    });
  } catch (error) {
    await deleteUnpaidOrder(deps.db, orderId);
    throw error;
  }
}

/** Marks the order paid (with its code redeemed and its pay-later consent tied), or refunds the payment. */
async function recordPaidOrder(
  { deps, request, idempotencyKey }: OrderAttempt,
  priced: PricedCart,
  orderId: string,
  payment: PaymentResult,
): Promise<OrderRow> {
  const paid = paymentOrderFields(payment);
  return recordPaymentOrRefund(
    deps,
    {
      payment,
      orderId,
      idempotency: { scope: ORDER_SCOPE, key: idempotencyKey },
      onFailure: {
        status: 'failed',
        chargeId: paid.chargeId,
        paymentMethodId: paid.paymentMethodId,
        paymentLabel: paid.paymentLabel,
        failureMessage: 'The order could not be completed, so the payment was refunded.',
      },
      // Without a code to count or a consent to tie, the record is completePaidOrder alone.
      singleStatement: !priced.discountRow && !payment.bnplConsentId,
    },
    async (trx) => {
      const paidRow = await completePaidOrder(trx, {
        orderId,
        update: {
          status: payment.charge?.status === 'requires_action' ? 'requires_action' : 'paid',
          chargeId: paid.chargeId,
          paymentMethodId: paid.paymentMethodId,
          paymentLabel: paid.paymentLabel,
        },
        idempotency: { scope: ORDER_SCOPE, key: idempotencyKey, responseStatus: 201 },
        // The cart has become an order.
        cart: request.user ? { userId: request.user.id } : { sessionId: request.sessionId },
      });
      if (!paidRow)
        throw new Error(`order ${orderId} left pending before its payment was recorded`);
      await redeemDiscount(trx, priced.discountRow, { email: request.email, orderId });
      if (payment.bnplConsentId && !(await attachBnplConsent(trx, payment.bnplConsentId, orderId)))
        throw new AppError(
          409,
          'CONFLICT',
          'This pay-later consent was already used for another order.',
        );
      return paidRow;
    },
  );
}

/** Completes a card payment the bank asked the shopper to confirm (3-D Secure in Stripe). */
export async function confirmOrderPayment(
  deps: CheckoutDeps,
  orderId: string,
  buyer: Buyer,
): Promise<Order> {
  const stored = await findOwnedOrder(deps.db, orderId, buyer);
  if (stored.row.status === 'requires_action' && stored.row.payment_charge_id) {
    const charge = await deps.provider.confirmCharge(stored.row.payment_charge_id);
    if (charge.status === 'succeeded')
      await updateOrderStatus(deps.db, orderId, ['requires_action'], { status: 'paid' });
  }
  return loadOrderView(deps, orderId);
}
