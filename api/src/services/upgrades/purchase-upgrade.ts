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
import { findCatalogPrice } from '../catalog/provider-prices';
import type { OrderRow } from '../../db/schema';
import { lockOrder, type StoredOrder } from '../../repositories/orders-repository';
import {
  completeUpgrade,
  ensurePendingUpgrade,
  findUpgrade,
  lockUpgrade,
  recordDeclinedAttempt,
  recordUpgradeIntent,
  toUpgradeResult,
  type StoredUpgrade,
} from '../../repositories/upgrades-repository';
import type { FinalizeDeps } from '../checkout/finalize-order';
import { paymentBeingConfirmed, type CheckoutDeps } from '../checkout/orders';
import { declined } from '../checkout/take-payment';
import { orderNotCompleted } from '../checkout/record-payment';
import { IdempotencyConflictError, type ProviderCharge } from '../payments/payment-provider';
import { firstUpgradableKit } from './upgrade-offers';
import { queueUpgradeReceipt } from './upgrade-receipts';

export const alreadyPurchased = (type: UpgradeType) =>
  new AppError(409, 'UPGRADE_ALREADY_PURCHASED', `This order already has the ${type} upgrade.`);

/** The record key of one charge attempt of an upgrade; its intent and confirmation keys derive from it. */
export function upgradeChargeKey(upgradeId: string, attempt: number): string {
  return `upgrade:${upgradeId}:${attempt}`;
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
  const price = await findCatalogPrice(deps.db, deps.catalogPrices, UPGRADE_LOOKUP_KEYS[type]);
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

/** Where the provider returns the shopper after a bank step on an upgrade. */
const upgradeReturnUrl = (deps: CheckoutDeps, orderId: string) =>
  `${deps.publicOrigin ?? ''}/checkout?order=${encodeURIComponent(orderId)}`;

/**
 * Charges the upgrade to the order's saved card and completes it. The upgrade row is written
 * first; its intent (`upgrade:<id>:<attempt>:intent`) is recorded on it before it is confirmed
 * with the order's card. A decline leaves it pending (402 with the bank's reason) and the next try
 * is a new attempt. A bank that asks the shopper again answers with the upgrade still pending and
 * its `nextAction`; the confirm route then decides from the provider's state. `created: false`
 * means the upgrade was already completed, by an earlier request or a racing one: no new charge.
 */
export async function purchaseUpgrade(
  deps: CheckoutDeps,
  request: PurchaseRequest,
): Promise<{ upgrade: UpgradeResult; created: boolean }> {
  const { provider } = deps;
  const { order, price, upgrade, paymentMethodId } = await upgradeInProgress(deps, request);
  if (upgrade.status === 'completed') return { upgrade: toUpgradeResult(upgrade), created: false };
  const orderId = order.row.id;
  const orderCharge = order.row.payment_charge_id
    ? await provider.getCharge(order.row.payment_charge_id)
    : null;
  if (!orderCharge?.customerId) throw noSavedCard();
  const amount = multiplyCents(price.unitAmount, request.quantity);
  const recordKey = upgradeChargeKey(upgrade.id, upgrade.attempts);

  let charge;
  try {
    charge = await provider.createCharge({
      amount,
      currency: price.currency,
      customerId: orderCharge.customerId,
      description: `${upgrade.title} for order ${orderId}`,
      metadata: { orderId, upgradeId: upgrade.id, upgrade: request.type },
      idempotencyKey: `${recordKey}:intent`,
    });
  } catch (error) {
    // Same attempt, different amount: another purchase of this upgrade (other quantity) is in flight.
    if (error instanceof IdempotencyConflictError)
      throw new AppError(409, 'CONFLICT', 'Another purchase of this upgrade is in progress.');
    throw error;
  }
  await recordUpgradeIntent(deps.db, upgrade.id, {
    id: charge.id,
    priceId: price.id,
    quantity: request.quantity,
    at: new Date(),
  });
  if (charge.status === 'requires_confirmation')
    charge = await provider.confirmCharge(charge.id, {
      source: { type: 'saved', paymentMethodId, offSession: false },
      returnUrl: upgradeReturnUrl(deps, orderId),
      idempotencyKey: `${recordKey}:confirm`,
    });
  return settleUpgrade(deps, upgrade, charge);
}

const noSavedCard = () =>
  badRequest('This order has no saved card to charge (it was paid later or by an employer).');

/** What the provider's state of an upgrade's current intent made of it. */
export type UpgradeSettlement =
  | { outcome: 'completed'; changed: boolean }
  | { outcome: 'declined'; message: string }
  /** It succeeded but could not be completed: the money was given back. */
  | { outcome: 'refunded' }
  /** Still with the shopper, the bank or the provider; or not this upgrade's current intent. */
  | { outcome: 'unchanged' };

const CANCELLED_MESSAGE = 'The payment was not completed, so it was cancelled.';
const REFUNDED_MESSAGE = 'The upgrade could not be completed, so the payment was refunded.';

/** An upgrade is completed onto an order that is still paid and none of whose money went back. */
const completable = (order: OrderRow | undefined) =>
  order !== undefined &&
  (order.status === 'paid' || order.status === 'fulfilled') &&
  order.refunded_cents === 0;

/**
 * The one place an upgrade's payment becomes final: the purchase, the confirm route, the webhook
 * and reconciliation all hand it the provider's state of the upgrade's intent. Under a lock on
 * the upgrade row, whichever comes first changes it and the others find nothing to do; only the
 * current attempt's intent moves it. A succeeded charge whose order was refunded or is no longer
 * paid is refunded (key derived from the intent) and the attempt closed; a failed write leaves the
 * attempt open with its intent for the next caller, so no charge is ever left without a record.
 */
export async function settleUpgradePayment(
  deps: FinalizeDeps,
  upgradeId: string,
  charge: ProviderCharge,
): Promise<UpgradeSettlement> {
  const decided = await deps.db.transaction().execute(async (trx) => {
    const row = await lockUpgrade(trx, upgradeId);
    if (!row?.order_id || row.charge_id !== charge.id) return { outcome: 'unchanged' } as const;
    if (row.status === 'completed') return { outcome: 'completed', changed: false } as const;
    if (charge.status === 'failed' || charge.status === 'canceled') {
      const message =
        charge.failureMessage ??
        (charge.status === 'canceled'
          ? CANCELLED_MESSAGE
          : 'Your bank did not confirm this payment, so it was not charged.');
      await recordDeclinedAttempt(trx, row.id, charge.id, message);
      return { outcome: 'declined', message } as const;
    }
    if (charge.status !== 'succeeded') return { outcome: 'unchanged' } as const;
    // Given back already (a refund that landed before its attempt was closed): close it now.
    if (charge.amountRefunded > 0) {
      await recordDeclinedAttempt(trx, row.id, charge.id, REFUNDED_MESSAGE);
      return { outcome: 'refunded' } as const;
    }
    const order = await lockOrder(trx, row.order_id);
    const upgrade = await findUpgrade(trx, row.order_id, row.type);
    if (!completable(order) || !row.price || !upgrade) return { outcome: 'refuse' } as const;
    // The attempt's own quantity: the unit amount is what the provider charged for each.
    const quantity = Math.max(1, row.quantity);
    const unitAmount = Math.round(charge.amount / quantity);
    const completed = await completeUpgrade(trx, {
      id: row.id,
      orderId: row.order_id,
      type: row.type,
      chargeId: charge.id,
      priceId: row.price.id,
      lookupKey: row.price.lookup_key,
      title: upgrade.title,
      quantity,
      unitAmount,
      amount: charge.amount,
    });
    // The card was charged again: the add-on's receipt is queued with the row that records it.
    if (completed) await queueUpgradeReceipt(trx, row.id, new Date());
    return { outcome: 'completed', changed: true } as const;
  });
  if (decided.outcome !== 'refuse') return decided;
  // Refunded outside the lock; a second caller refunds under the same key, so once.
  deps.log?.warn(
    { upgradeId, chargeId: charge.id },
    'refunding an upgrade that cannot be completed',
  );
  const refunded = await undoPayment(
    deps.provider,
    charge,
    `Upgrade ${upgradeId} could not be completed`,
    deps.log,
  );
  // Not given back yet: the attempt stays open, so the next caller (reconciliation) tries again.
  if (!refunded) throw new Error(`upgrade ${upgradeId}: payment ${charge.id} not given back yet`);
  await recordDeclinedAttempt(deps.db, upgradeId, charge.id, REFUNDED_MESSAGE);
  return { outcome: 'refunded' };
}

/** The purchase's and the confirm route's answer from the provider's state of the upgrade's intent. */
async function settleUpgrade(
  deps: CheckoutDeps,
  upgrade: StoredUpgrade,
  charge: ProviderCharge,
): Promise<{ upgrade: UpgradeResult; created: boolean }> {
  if (charge.status === 'requires_action' && charge.nextAction) {
    return {
      upgrade: {
        ...toUpgradeResult(upgrade),
        chargeId: charge.id,
        nextAction: { type: 'provider_action', ...charge.nextAction },
      },
      created: true,
    };
  }
  let settled: UpgradeSettlement;
  try {
    settled = await settleUpgradePayment(deps, upgrade.id, charge);
  } catch (error) {
    // The intent stays on the upgrade: the same purchase again, the webhook or reconciliation
    // completes it, under the same keys, so nothing is charged twice.
    deps.log?.error(
      { err: error, upgradeId: upgrade.id, chargeId: charge.id },
      'upgrade payment not recorded yet',
    );
    throw paymentBeingConfirmed();
  }
  if (settled.outcome === 'declined') throw declined(settled.message);
  if (settled.outcome === 'refunded') throw orderNotCompleted();
  const current = await findUpgradeById(deps, upgrade.id);
  return {
    upgrade: toUpgradeResult(current),
    created: settled.outcome === 'completed' && settled.changed,
  };
}

async function findUpgradeById(deps: CheckoutDeps, upgradeId: string): Promise<StoredUpgrade> {
  const row = await deps.db
    .selectFrom('upgrades')
    .select(['order_id', 'type'])
    .where('id', '=', upgradeId)
    .executeTakeFirst();
  const upgrade = row?.order_id ? await findUpgrade(deps.db, row.order_id, row.type) : null;
  if (!upgrade) throw notFound('Upgrade not found');
  return upgrade;
}

/**
 * After the shopper finished the bank's step for an upgrade in the browser: the provider's state
 * of the upgrade's intent decides whether it is completed.
 */
export async function confirmUpgradePayment(
  deps: CheckoutDeps,
  upgradeId: string,
  buyer: Buyer,
): Promise<UpgradeResult> {
  const row = await deps.db
    .selectFrom('upgrades')
    .select(['order_id', 'type'])
    .where('id', '=', upgradeId)
    .executeTakeFirst();
  if (!row?.order_id) throw notFound('Upgrade not found');
  const order = await findBuyersOrder(deps, row.order_id, buyer);
  const upgrade = await findUpgrade(deps.db, order.row.id, row.type);
  if (!upgrade) throw notFound('Upgrade not found');
  if (upgrade.status === 'completed' || !upgrade.chargeId) return toUpgradeResult(upgrade);
  const charge = await deps.provider.getCharge(upgrade.chargeId);
  if (!charge || charge.metadata.upgradeId !== upgrade.id) throw notFound('Upgrade not found');
  return (await settleUpgrade(deps, upgrade, charge)).upgrade;
}

/**
 * The provider's event for an upgrade's intent (the shopper finished the bank's step but never came
 * back): settles the upgrade from the provider's current word on it, not the event's (a charge
 * given back since stays so). A write that fails throws, so the event is delivered again.
 */
export async function settleUpgradeIntent(
  deps: FinalizeDeps,
  upgradeId: string,
  charge: ProviderCharge,
): Promise<void> {
  const current = await deps.provider.getCharge(charge.id);
  if (current?.metadata.upgradeId !== upgradeId) return;
  await settleUpgradePayment(deps, upgradeId, current);
}
