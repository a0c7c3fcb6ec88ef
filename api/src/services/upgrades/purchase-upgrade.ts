// Buying a post-purchase upgrade: one click charges the order's saved card through the payment
// provider, once. Two guards make "once" hold for double-clicks, reloads and racing requests:
// the row per (order, type) that only one request can move from pending to completed, and a
// provider idempotency key derived from the order, the type and the attempt, so every request
// racing on the same attempt gets the same charge back instead of a new one.
import {
  UPGRADE_LOOKUP_KEYS,
  UPGRADE_WINDOW_MINUTES,
  type UpgradeResult,
  type UpgradeType,
} from '@shop/shared/contract/upgrades';
import type { Buyer } from '../checkout/buyer';
import { findBuyersOrder, isUpgradeWindowOpen } from './upgrade-window';
import { undoPayment } from '../payments/undo-payment';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { normaliseEmail } from '../../lib/email';
import { multiplyCents } from '../../lib/money';
import { findPriceByLookupKey } from '../../repositories/catalog-repository';
import type { StoredOrder } from '../../repositories/orders-repository';
import {
  completeUpgrade,
  ensurePendingUpgrade,
  findUpgrade,
  recordDeclinedAttempt,
  toUpgradeResult,
  type StoredUpgrade,
} from '../../repositories/upgrades-repository';
import type { CheckoutDeps } from '../checkout/orders';
import { declined } from '../checkout/take-payment';
import { orderNotCompleted } from '../checkout/record-payment';
import { IdempotencyConflictError } from '../payments/payment-provider';
import { firstUpgradableKit } from './upgrade-offers';

export const alreadyPurchased = (type: UpgradeType) =>
  new AppError(409, 'UPGRADE_ALREADY_PURCHASED', `This order already has the ${type} upgrade.`);

/** The provider key of one charge attempt; attempt 0 keeps the plain `<type>:<order>` form. */
export function upgradeChargeKey(type: UpgradeType, orderId: string, attempt: number): string {
  return attempt === 0 ? `${type}:${orderId}` : `${type}:${orderId}:retry-${attempt}`;
}

/**
 * The buyer's order, still within the upgrade window. When the client names an email it must be
 * the order's too.
 */
export async function findUpgradableOrder(
  deps: CheckoutDeps,
  ref: string,
  buyer: Buyer,
  email?: string,
): Promise<StoredOrder> {
  const order = await findBuyersOrder(deps, ref, buyer);
  if (email !== undefined && normaliseEmail(email) !== normaliseEmail(order.row.email)) {
    throw forbidden('This email does not match the order.');
  }
  if (!isUpgradeWindowOpen(order)) {
    throw new AppError(
      409,
      'UPGRADE_WINDOW_CLOSED',
      `Add-ons can be bought within ${UPGRADE_WINDOW_MINUTES} minutes of an order. This offer has ended.`,
    );
  }
  return order;
}

/** The payment id an order's upgrades are filed under: the charge that paid it, else the order id. */
export const orderPaymentId = (order: StoredOrder) => order.row.payment_charge_id ?? order.row.id;

/** The ordered kit an upgrade is for: one of the order's own lines, and a blood-test kit. */
async function assertUpgradableLine(deps: CheckoutDeps, order: StoredOrder, lookupKey: string) {
  const ordered = order.lines.some((line) => line.lookupKey === lookupKey);
  if (!ordered || (await firstUpgradableKit(deps.db, [lookupKey])) === null) {
    throw badRequest('This product cannot take the upgrade.', {
      upgradable: `${lookupKey} is not a kit of this order`,
    });
  }
}

async function upgradePrice(deps: CheckoutDeps, type: UpgradeType, priceId?: string) {
  const price = await findPriceByLookupKey(deps.db, UPGRADE_LOOKUP_KEYS[type]);
  if (!price) throw notFound('This upgrade is not on sale');
  // A client names the price it was shown; the amount is still the server's own.
  if (priceId !== undefined && priceId !== price.id)
    throw badRequest('This offer has changed. Reload the page to see it.', {
      priceId: 'Unknown price for this upgrade',
    });
  return price;
}

export interface PendingRequest {
  ref: string;
  /** The caller; only the order's own buyer may extend it. */
  buyer: Buyer;
  type: UpgradeType;
  email?: string;
  /** The ordered kit's lookup key; null for an add-on not tied to a kit. */
  upgradable: string | null;
  priceId?: string;
}

/** The order, the price and the (pending or completed) upgrade row a request works on. */
async function upgradeInProgress(deps: CheckoutDeps, request: PendingRequest) {
  const order = await findUpgradableOrder(deps, request.ref, request.buyer, request.email);
  const { row } = order;
  if (row.status !== 'paid' && row.status !== 'fulfilled')
    throw new AppError(409, 'CONFLICT', 'The order is not paid yet.');
  if (!row.payment_method_id)
    throw badRequest(
      'This order has no saved card to charge (it was paid later or by an employer).',
    );
  if (request.upgradable !== null) await assertUpgradableLine(deps, order, request.upgradable);
  const price = await upgradePrice(deps, request.type, request.priceId);
  const { upgrade, created } = await ensurePendingUpgrade(deps.db, {
    orderId: row.id,
    paymentId: orderPaymentId(order),
    type: request.type,
    email: row.email,
    priceId: price.id,
    upgradeTo: price.lookupKey,
    upgradable: request.upgradable,
  });
  return { order, price, upgrade, created, paymentMethodId: row.payment_method_id };
}

/** Accepting an offer: records it as pending (once). A completed one is refused. */
export async function recordPendingUpgrade(
  deps: CheckoutDeps,
  request: PendingRequest,
): Promise<{ upgrade: StoredUpgrade; created: boolean }> {
  const { upgrade, created } = await upgradeInProgress(deps, request);
  if (upgrade.status === 'completed') throw alreadyPurchased(request.type);
  return { upgrade, created };
}

export interface PurchaseRequest extends PendingRequest {
  quantity: number;
}

/**
 * Charges the upgrade to the order's saved card and completes it. A decline leaves it pending
 * (402 with the bank's reason) and the next try is a new attempt. `created: false` means the
 * upgrade was already completed, by an earlier request or by one racing this one: no new charge.
 */
export async function purchaseUpgrade(
  deps: CheckoutDeps,
  request: PurchaseRequest,
): Promise<{ upgrade: UpgradeResult; created: boolean }> {
  const { db, provider } = deps;
  const { order, price, upgrade, paymentMethodId } = await upgradeInProgress(deps, request);
  if (upgrade.status === 'completed') return { upgrade: toUpgradeResult(upgrade), created: false };
  const orderId = order.row.id;
  const amount = multiplyCents(price.unitAmount, request.quantity);

  let charge;
  try {
    charge = await provider.createCharge({
      amount,
      currency: price.currency,
      paymentMethodId,
      description: `${upgrade.title} for order ${orderId}`,
      metadata: { orderId, upgrade: request.type },
      idempotencyKey: upgradeChargeKey(request.type, orderId, upgrade.attempts),
    });
  } catch (error) {
    // Same attempt, different amount: another purchase of this upgrade (other quantity) is in flight.
    if (error instanceof IdempotencyConflictError)
      throw new AppError(409, 'CONFLICT', 'Another purchase of this upgrade is in progress.');
    throw error;
  }
  if (charge.status !== 'succeeded') {
    const message =
      charge.failureMessage ?? 'Your bank asks you to confirm this payment, so it was not charged.';
    await recordDeclinedAttempt(db, upgrade.id, upgrade.attempts, message);
    throw declined(message);
  }
  let completed: StoredUpgrade | null;
  try {
    completed = await completeUpgrade(db, {
      id: upgrade.id,
      orderId,
      type: request.type,
      chargeId: charge.id,
      priceId: price.id,
      lookupKey: price.lookupKey,
      title: upgrade.title,
      quantity: request.quantity,
      unitAmount: price.unitAmount,
      amount,
    });
  } catch (error) {
    // The charge has no upgrade to show for it: give it back, and let the next try be a new attempt.
    deps.log?.error(
      { err: error, orderId, upgrade: request.type },
      'upgrade write failed after payment; refunding',
    );
    await undoPayment(
      provider,
      { charge, bnplAuthorisationId: null },
      `Upgrade ${request.type} of order ${orderId} could not be recorded`,
      deps.log,
    );
    await recordDeclinedAttempt(
      db,
      upgrade.id,
      upgrade.attempts,
      'The upgrade could not be completed, so the payment was refunded.',
    ).catch(() => undefined);
    throw orderNotCompleted();
  }
  if (completed) return { upgrade: toUpgradeResult(completed), created: true };
  const raced = await findUpgrade(db, orderId, request.type);
  if (!raced) throw new Error(`upgrade ${request.type} for order ${orderId} vanished`);
  return { upgrade: toUpgradeResult(raced), created: false };
}
