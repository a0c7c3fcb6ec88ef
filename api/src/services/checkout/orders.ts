// Consumer orders: priced by the server, recorded before they are paid through the provider,
// written once per idempotency key, and shown only to whoever placed them.
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order, SubscriptionConsent } from '@shop/shared/contract/checkout';
import type { Address, AddressView, Currency } from '@shop/shared/contract/common';
import type { ChargeView } from '@shop/shared/contract/payment';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { centsFromDb } from '../../lib/money';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
} from '../../repositories/idempotency-repository';
import {
  answerDeclinedOrder,
  claimKeyAndInsertOrder,
  deleteUnpaidOrder,
  findOrder,
  insertOrder,
  recordOrderIntent,
  takeOverStaleOrderClaim,
  updateOrderStatus,
  type NewOrder,
  type StoredOrder,
} from '../../repositories/orders-repository';
import { owns, type Buyer } from './buyer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueue } from '../mail/mail-queue';
import {
  PaymentDeclinedError,
  type PaymentProvider,
  type ProviderCharge,
} from '../payments/payment-provider';
import { completeOrderRequest, finalizeOrder, ORDER_SCOPE } from './finalize-order';
import { NOT_COMPLETED_STATUS } from './record-payment';
import {
  DECLINED_STATUS,
  keepIdempotencyKey,
  requestFingerprint,
  runIdempotent,
  type IdempotentOutcome,
} from './idempotency';
import type { CatalogPriceSource } from '../catalog/provider-prices';
import { renewalConsentFor } from '../subscriptions/renewal-consent';
import {
  mergeCartItems,
  priceCartFromCatalog,
  priceOrder,
  toQuote,
  type PricedCart,
  type PricingInput,
} from './pricing';
import type { PricingCatalog, PricingCatalogCache } from './pricing-catalog';
import type { SubscriptionStarts } from '../subscriptions/start-subscriptions';

import { declined, FIRST_ATTEMPT, takePayment, type PaymentMethodChoice } from './take-payment';

/** Times an order is priced from the catalogue copy before it takes the general path. */
const CATALOG_ATTEMPTS = 3;

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  log?: FastifyBaseLogger;
  mailQueue?: MailQueue;
  /** The shop's public origin: where a provider's redirect step returns the shopper. */
  publicOrigin?: string;
  /** The in-process copy of the prices a consumer order without a code is priced from. */
  pricingCatalog?: PricingCatalogCache;
  /** Where the amounts come from: our prices table, or the provider's prices laid over it. */
  catalogPrices: CatalogPriceSource;
  /** The shop clock: when a consent was given. The machine's time where none is passed. */
  clock?: Clock;
  /**
   * The machine's own time (never moved with the shop clock): how long a request waits for its
   * key, and the lease of a claim, compared with times the database wrote. Injected by tests.
   */
  machineClock?: Clock;
  /** Writes the subscriptions a paid order's recurring lines bought. */
  subscriptions: SubscriptionStarts;
}

/** The shop clock of these deps. */
export const checkoutClock = (deps: Pick<CheckoutDeps, 'clock'>): Clock =>
  deps.clock ?? systemClock;

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
  /** Required when the order has a recurring line. */
  subscriptionConsent?: SubscriptionConsent;
}

export { ORDER_SCOPE };

/** Where the provider sends the shopper back after a redirect step for this order. */
export const orderReturnUrl = (deps: CheckoutDeps, orderId: string) =>
  `${deps.publicOrigin ?? ''}/checkout?order=${encodeURIComponent(orderId)}`;

export function toChargeView(charge: ProviderCharge): ChargeView {
  return {
    id: charge.id,
    // Created and not confirmed yet: nothing settled, like a payment still processing.
    status: charge.status === 'requires_confirmation' ? 'processing' : charge.status,
    amount: charge.amount,
    currency: charge.currency as Currency,
    failureCode: charge.failureCode,
    failureMessage: charge.failureMessage,
    nextAction: charge.nextAction ? { type: 'provider_action', ...charge.nextAction } : null,
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
      clock: deps.machineClock ?? systemClock,
      claim: catalog
        ? () => claimWithCatalogPrices(attempt, catalog)
        : () => claimIdempotencyKey(deps.db, ORDER_SCOPE, idempotencyKey, attempt.fingerprint),
      takeOverStale: (claimedBefore) =>
        takeOverStaleOrderClaim(deps.db, {
          scope: ORDER_SCOPE,
          key: idempotencyKey,
          requestHash: attempt.fingerprint,
          claimedBefore,
          now: (deps.machineClock ?? systemClock).now(),
        }),
    },
    (won) => placeClaimedOrder(attempt, won === true ? null : won),
  );
  if (!outcome.replayed) return outcome;
  if (outcome.statusCode === DECLINED_STATUS) throw await declinedAgain(deps, outcome.orderId);
  return { ...outcome, order: null };
}

/** The answer a repeat of a declined request gets: the first one's, with its reason. */
async function declinedAgain(deps: CheckoutDeps, orderId: string) {
  const stored = await findOrder(deps.db, orderId);
  return declined(stored?.row.failure_message ?? null);
}

/**
 * The order's payment was declined (no money moved): it stays, failed, and its key answers the
 * decline from now on, so a repeat gets the same 402 and a new card may take the key.
 */
async function closeDeclinedOrder(attempt: OrderAttempt, orderId: string, message: string | null) {
  const answered = await answerDeclinedOrder(attempt.deps.db, {
    scope: ORDER_SCOPE,
    key: attempt.idempotencyKey,
    orderId,
    status: DECLINED_STATUS,
  });
  // Declined before an intent existed, the order is gone already and the key is simply released.
  return answered ? keepIdempotencyKey(declined(message)) : declined(message);
}

/** The pending order row this request writes, priced as `priced`; refused without a needed consent. */
function newConsumerOrder(
  { deps, request, idempotencyKey }: OrderAttempt,
  priced: PricedCart,
): NewOrder {
  const method = request.paymentMethod;
  const userId = request.user?.id ?? null;
  return {
    kind: 'consumer',
    userId,
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
    renewalConsent: renewalConsentFor(priced, request.subscriptionConsent, {
      userId,
      email: request.email,
      now: checkoutClock(deps).now(),
      shopUrl: deps.publicOrigin,
    }),
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
    const priced = await priceFromCopy(attempt.deps.catalogPrices, copy, attempt.pricingInput);
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
async function priceFromCopy(
  prices: CatalogPriceSource,
  copy: PricingCatalog,
  input: PricingInput,
): Promise<PricedCart | null> {
  const lookupKeys = mergeCartItems(input.items).flatMap((item) =>
    copy.prices.has(item.lookupKey) ? [item.lookupKey] : [],
  );
  const book = lookupKeys.length > 0 ? await prices.providerPrices(lookupKeys) : null;
  try {
    return priceCartFromCatalog(copy, book, input);
  } catch (error) {
    // A replay of the key still gets its order on the general path, anything else the same refusal.
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The work of a won key: the pending order (written by the claim, or now), its payment, and its outcome. */
async function placeClaimedOrder(
  attempt: OrderAttempt,
  written: WrittenOrder | null,
): Promise<{ orderId: string; statusCode: number; order: Order }> {
  const { deps } = attempt;
  const priced =
    written?.priced ?? (await priceOrder(deps.db, deps.catalogPrices, attempt.pricingInput));
  const orderId =
    written?.orderId ?? (await insertOrder(deps.db, newConsumerOrder(attempt, priced)));
  const charge = await payOrder(attempt, priced, orderId);
  let outcome;
  try {
    outcome = await finalizeOrder(deps, orderId, charge);
  } catch (error) {
    // The provider has the money or the shopper's next step; the order keeps the intent, and the
    // webhook or reconciliation finishes it. The key stays taken, so a retry never pays twice.
    deps.log?.error({ err: error, orderId, chargeId: charge.id }, 'order payment not recorded yet');
    throw keepIdempotencyKey(paymentBeingConfirmed());
  }
  if (outcome.refusal) {
    await completeIdempotencyKey(
      deps.db,
      ORDER_SCOPE,
      attempt.idempotencyKey,
      orderId,
      NOT_COMPLETED_STATUS,
    );
    throw keepIdempotencyKey(outcome.refusal);
  }
  if (charge.status === 'failed' || charge.status === 'canceled')
    throw await closeDeclinedOrder(attempt, orderId, charge.failureMessage);
  // Pay-later settles by webhook: the order waits (pending, its payment processing), answered now.
  if (outcome.row.status === 'pending') await completeOrderRequest(deps.db, outcome.row);
  // The response is built from what was just written, not read back.
  const order = orderView({ row: outcome.row, lines: toQuote(priced).lines }, charge);
  return { orderId, statusCode: 201, order };
}

/** A request whose claim a retry took over (it stopped too long before the payment) is over. */
const orderTakenOver = () =>
  new AppError(
    409,
    'CONFLICT',
    'This order was placed again by a newer request. Check your order before trying again.',
  );

export const paymentBeingConfirmed = () =>
  new AppError(
    409,
    'CONFLICT',
    'We are still confirming your payment. Check your order in a few minutes; you will not be charged twice.',
  );

/**
 * Charges the written order: its intent under `order:<id>:intent`, confirmed under
 * `order:<id>:confirm:<n>`. Refused before an intent existed (a consent or saved card that is not
 * the shopper's), it leaves no order behind; the provider unreachable, the order keeps its intent.
 */
async function payOrder(
  attempt: OrderAttempt,
  priced: PricedCart,
  orderId: string,
): Promise<ProviderCharge> {
  const { deps, request } = attempt;
  try {
    return await takePayment(deps.db, deps.provider, {
      user: request.user,
      buyer: request.buyer,
      email: request.email,
      name: request.name,
      amount: priced.total,
      currency: priced.currency,
      method: request.paymentMethod,
      description: `Order for ${request.email}`,
      metadata: { orderId },
      recordKey: `order:${orderId}`,
      attempt: FIRST_ATTEMPT,
      returnUrl: orderReturnUrl(deps, orderId),
      keepCard: true,
      recurring: priced.lines.some((line) => line.interval !== null),
      recordIntent: async (intentId) => {
        const at = new Date();
        // The order is gone when a retry took over this request's stale claim: never confirm.
        if (
          !(await recordOrderIntent(deps.db, orderId, { id: intentId, attempt: FIRST_ATTEMPT }, at))
        )
          throw keepIdempotencyKey(orderTakenOver());
      },
    });
  } catch (error) {
    // Without an intent no money moved: the order goes. With one, it stays for reconciliation.
    await deleteUnpaidOrder(deps.db, orderId);
    if (error instanceof PaymentDeclinedError) {
      await updateOrderStatus(deps.db, orderId, ['pending'], {
        status: 'failed',
        failureMessage: error.message,
      });
      throw await closeDeclinedOrder(attempt, orderId, error.message);
    }
    const stored = await findOrder(deps.db, orderId);
    if (stored && !(error instanceof AppError)) {
      deps.log?.error({ err: error, orderId }, 'order payment outcome unknown');
      throw keepIdempotencyKey(paymentBeingConfirmed());
    }
    throw error;
  }
}

/**
 * After the shopper finished the provider's step (3-D Secure, a pay-later approval) in the
 * browser: the provider's own state of the intent decides, never the browser's word.
 */
export async function confirmOrderPayment(
  deps: CheckoutDeps,
  orderId: string,
  buyer: Buyer,
): Promise<Order> {
  const stored = await findOwnedOrder(deps.db, orderId, buyer);
  const { row } = stored;
  if ((row.status === 'requires_action' || row.status === 'pending') && row.payment_charge_id) {
    const charge = await deps.provider.getCharge(row.payment_charge_id);
    if (charge) await finalizeOrder(deps, orderId, charge);
  }
  return loadOrderView(deps, orderId);
}
