// The one place an order's payment becomes final. The shopper's request, the confirm route, the
// provider's webhook and the reconciliation job all hand it the provider's own state of the
// order's intent; under a lock on the order row, whichever comes first changes the order and the
// others find nothing to do. A paid order never goes back.
import type { OrderStatus } from '@shop/shared/contract/checkout';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { centsFromDb } from '../../lib/money';
import { attachBnplConsent } from '../../repositories/bnpl-consents-repository';
import { clearCart } from '../../repositories/carts-repository';
import { findDiscount } from '../../repositories/discounts-repository';
import {
  findSentEmployerRequestByOrder,
  markEmployerRequestPaid,
} from '../../repositories/employer-requests-repository';
import { completeIdempotencyKey } from '../../repositories/idempotency-repository';
import {
  lockOrder,
  markConsumerOrderPaid,
  recordOrderRefunded,
  updateOrderStatus,
} from '../../repositories/orders-repository';
import { employeeOrderEmail } from '../mail/employer-payment-email';
import type { JobQueue } from '../jobs/job-queue';
import type { MailQueue } from '../mail/mail-queue';
import { kitsForOrderJob, queueKitsForOrder } from '../../modules/kits';
import { orderReceiptJob, queueOrderReceipt } from '../orders/order-receipts';
import type { RefundMails } from '../orders/refund-mails';
import type { PaymentProvider, ProviderCharge } from '../payments/payment-provider';
import type { SubscriptionStarts } from '../subscriptions/start-subscriptions';
import { redeemDiscount } from './discount-redemption';
import { cardLabel, PAY_LATER_LABEL, RECURRING_METADATA } from './take-payment';

/** The idempotency scope of consumer order requests (their key is kept on the order). */
export const ORDER_SCOPE = 'consumer-order';

export const UNCOMPLETABLE_MESSAGE =
  'The order could not be completed, so the payment was refunded.';

export interface FinalizeDeps {
  db: Database;
  provider: PaymentProvider;
  log?: FastifyBaseLogger;
  /** Sends the employee's "your employer paid" mail when an employer's payment settles. */
  mailQueue?: MailQueue;
  /** Writes the subscriptions a paid order's recurring lines bought, in the same transaction. */
  subscriptions: SubscriptionStarts;
  /** Woken after a commit that queued a paid order's receipt job (its poll finds it otherwise). */
  jobs?: Pick<JobQueue, 'wake'>;
  /** Tells the buyer of an order refunded because it could not be completed. */
  refundMails?: RefundMails;
}

export interface FinalizeOutcome {
  row: OrderRow;
  /** Whether this call moved the order. */
  changed: boolean;
  /**
   * Why a succeeded payment could not complete its order (its pay-later consent or one-use code
   * was used by another order meanwhile): the money was refunded and the order failed.
   */
  refusal: AppError | null;
}

const UNSETTLED: readonly OrderStatus[] = ['pending', 'requires_action'];

/** The status the provider's state moves the order to, or null when it changes nothing. */
function nextStatus(
  row: OrderRow,
  charge: ProviderCharge,
): { status: OrderStatus; failureMessage: string | null } | null {
  const unsettled = UNSETTLED.includes(row.status);
  switch (charge.status) {
    case 'succeeded':
      // A declined first try may be confirmed again with another card and succeed; a refunded
      // (given up) order is never revived.
      return unsettled || (row.status === 'failed' && row.refunded_cents === 0)
        ? { status: 'paid', failureMessage: null }
        : null;
    case 'failed':
      return unsettled
        ? { status: 'failed', failureMessage: charge.failureMessage ?? 'Your card was declined.' }
        : null;
    case 'canceled':
      return unsettled
        ? {
            status: 'failed',
            failureMessage: 'The payment was not completed, so it was cancelled.',
          }
        : null;
    case 'requires_action':
      return row.status === 'pending' ? { status: 'requires_action', failureMessage: null } : null;
    default:
      // processing, requires_confirmation: not settled yet.
      return null;
  }
}

export function paymentLabel(charge: ProviderCharge): string | null {
  if (!charge.method) return null;
  if (charge.method.type === 'bnpl') return PAY_LATER_LABEL;
  return cardLabel({ brand: charge.method.brand, last4: charge.method.last4 ?? '••••' });
}

/**
 * The shopper's order request is answered: its idempotency key replays this order (one waiting
 * for the bank too, so a repeat opens the same step). Only consumer checkouts keep their key on
 * the order.
 */
export async function completeOrderRequest(trx: Executor, row: OrderRow): Promise<void> {
  if (row.kind !== 'consumer' || !row.idempotency_key) return;
  await completeIdempotencyKey(trx, ORDER_SCOPE, row.idempotency_key, row.id, 201);
}

/** A paid consumer order empties the cart it was placed from; a failed or held one keeps it. */
async function emptyPlacedCart(trx: Executor, row: OrderRow): Promise<void> {
  if (row.kind !== 'consumer' || !row.idempotency_key) return;
  const owner = row.user_id
    ? { userId: row.user_id }
    : row.session_id
      ? { sessionId: row.session_id }
      : null;
  if (owner) await clearCart(trx, owner);
}

/** What paying completes besides the order: the code, the consent, the employer's request. */
async function completePaidRecords(
  trx: Executor,
  deps: FinalizeDeps,
  row: OrderRow,
): Promise<boolean> {
  if (row.discount_code) {
    const discount = await findDiscount(trx, row.discount_code);
    await redeemDiscount(trx, discount, { email: row.email, orderId: row.id });
  }
  if (row.bnpl_consent_id && !(await attachBnplConsent(trx, row.bnpl_consent_id, row.id))) {
    const consent = await trx
      .selectFrom('bnpl_consents')
      .select('order_id')
      .where('id', '=', row.bnpl_consent_id)
      .executeTakeFirst();
    if (consent?.order_id !== row.id)
      throw new AppError(
        409,
        'CONFLICT',
        'This pay-later consent was already used for another order.',
      );
  }
  // Only an order asked of an employer has no request key of its own.
  const request = row.idempotency_key ? null : await findSentEmployerRequestByOrder(trx, row.id);
  if (!request) return false;
  await markEmployerRequestPaid(trx, request.id);
  if (!deps.mailQueue) return false;
  await deps.mailQueue.enqueue(
    trx,
    employeeOrderEmail('paid', {
      to: request.email,
      name: request.name,
      employerEmail: request.employerEmail,
      total: centsFromDb(row.total_cents),
      currency: row.currency,
    }),
  );
  return true;
}

/**
 * The order's card label, when the order was paid without one: Stripe's webhook names the card by
 * id only, so when it comes first the confirm's answer (card expanded) brings the label after.
 */
async function labelPaidOrder(trx: Executor, row: OrderRow, charge: ProviderCharge) {
  const label = paymentLabel(charge);
  if (!label || row.payment_label !== null || charge.status !== 'succeeded') return row;
  return trx
    .updateTable('orders')
    .set({ payment_label: label })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * finalizeOrder's step inside the caller's transaction (the webhook records its event id in it).
 * `locked` is the order's current row when the caller already holds its lock.
 */
export async function applyCharge(
  trx: Executor,
  deps: FinalizeDeps,
  orderId: string,
  charge: ProviderCharge,
  locked?: OrderRow,
): Promise<{
  row: OrderRow;
  changed: boolean;
  mailed: boolean;
  started: boolean;
  /** Receipt and kits jobs were queued: wake the job runner after the commit. */
  receipt: boolean;
}> {
  const unchanged = (row: OrderRow) => ({
    row,
    changed: false,
    mailed: false,
    started: false,
    receipt: false,
  });
  const row = locked?.id === orderId ? locked : await lockOrder(trx, orderId);
  if (!row) throw new Error(`order ${orderId} not found`);
  // Only the order's own intent moves it (an upgrade's intent names the order too).
  if (row.payment_charge_id !== charge.id) return unchanged(row);
  const next = nextStatus(row, charge);
  if (!next) return unchanged(await labelPaidOrder(trx, row, charge));
  const label = paymentLabel(charge);
  const updated = await trx
    .updateTable('orders')
    .set({
      status: next.status,
      failure_message: next.failureMessage,
      updated_at: new Date(),
      ...(charge.paymentMethodId ? { payment_method_id: charge.paymentMethodId } : {}),
      ...(label ? { payment_label: label } : {}),
    })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
  let mailed = false;
  let started = false;
  if (next.status === 'paid') {
    mailed = await completePaidRecords(trx, deps, updated);
    started = await deps.subscriptions.recordPaidOrder(trx, updated, charge);
    await queueOrderReceipt(trx, updated.id, updated.updated_at);
    await queueKitsForOrder(trx, updated.id, updated.updated_at);
  }
  if (next.status === 'paid' || next.status === 'requires_action')
    await completeOrderRequest(trx, updated);
  if (next.status === 'paid') await emptyPlacedCart(trx, updated);
  return { row: updated, changed: true, mailed, started, receipt: next.status === 'paid' };
}

/**
 * Applies the provider's state of the order's intent. A succeeded payment whose order cannot be
 * completed is refunded (key `refund:<orderId>:uncompletable`) and the order failed. Any other
 * error leaves the order as it was, for the next caller (webhook or reconciliation) to finish.
 */
export async function finalizeOrder(
  deps: FinalizeDeps,
  orderId: string,
  charge: ProviderCharge,
): Promise<FinalizeOutcome> {
  // The usual order (paid by card, one-time lines, no code or consent) is paid in one statement;
  // any other, or one already settled, goes the general way below.
  if (charge.status === 'succeeded' && charge.metadata[RECURRING_METADATA] !== 'true') {
    const paid = await markConsumerOrderPaid(deps.db, {
      orderId,
      intentId: charge.id,
      at: new Date(),
      paymentMethodId: charge.paymentMethodId,
      paymentLabel: paymentLabel(charge),
      scope: ORDER_SCOPE,
      receiptJob: { kind: orderReceiptJob.name, maxAttempts: orderReceiptJob.maxAttempts },
      kitsJob: { kind: kitsForOrderJob.name, maxAttempts: kitsForOrderJob.maxAttempts },
    });
    if (paid) {
      // The same statement queued the order's receipt and kits jobs.
      deps.jobs?.wake();
      return { row: paid, changed: true, refusal: null };
    }
  }
  try {
    const { row, changed, mailed, started, receipt } = await deps.db
      .transaction()
      .execute((trx) => applyCharge(trx, deps, orderId, charge));
    if (mailed) deps.mailQueue?.wake();
    if (started) deps.subscriptions.wake();
    if (receipt) deps.jobs?.wake();
    return { row, changed, refusal: null };
  } catch (error) {
    if (!(error instanceof AppError) || charge.status !== 'succeeded') throw error;
    return refundUncompletable(deps, orderId, charge, error);
  }
}

async function refundUncompletable(
  deps: FinalizeDeps,
  orderId: string,
  charge: ProviderCharge,
  refusal: AppError,
): Promise<FinalizeOutcome> {
  deps.log?.warn(
    { orderId, chargeId: charge.id, reason: refusal.message },
    'refunding an order that cannot be completed',
  );
  const refund = await deps.provider.refund({
    chargeId: charge.id,
    reason: refusal.message,
    idempotencyKey: `refund:${orderId}:uncompletable`,
  });
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, orderId);
    if (!locked) throw new Error(`order ${orderId} not found`);
    await updateOrderStatus(trx, orderId, [...UNSETTLED, 'failed'], {
      status: 'failed',
      failureMessage: UNCOMPLETABLE_MESSAGE,
    });
    await recordOrderRefunded(trx, orderId, Math.max(locked.refunded_cents, refund.amount));
    await deps.refundMails?.queue(trx, {
      orderId,
      amount: refund.amount,
      key: `${orderId}:uncompletable`,
      reason: `${refusal.message} We could not complete your order, so we refunded your payment.`,
      paymentLabel: paymentLabel(charge),
    });
    return lockOrder(trx, orderId);
  });
  deps.refundMails?.wake();
  return { row: row!, changed: true, refusal };
}
