// What the billing provider's events (Stripe Billing's invoices and subscription updates) do to
// our subscription records. Each runs inside the transaction that records the event id, under the
// subscription's row lock, so a replayed event changes nothing and a canceled record never revives.
// An event for a subscription we do not know is logged and acknowledged, never an error.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  billedRenewalContext,
  findRenewalByCharge,
  lockBilledSubscription,
  settleBilledRenewal,
  updateBilledSubscription,
  type BilledSubscriptionPatch,
  type BilledSubscriptionRow,
} from '../../repositories/billed-subscriptions-repository';
import { insertSubscriptionChange } from '../../repositories/subscriptions-repository';
import {
  claimRenewal,
  completeRenewal,
  findRenewal,
} from '../../repositories/subscription-renewals-repository';
import type { MailQueue } from '../mail/mail-queue';
import {
  RefundRefusedError,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscriptionState,
} from '../payments/payment-provider';
import {
  dunningEndedEmail,
  renewalDeclinedEmail,
  renewalReceiptEmail,
  subscriptionEndedEmail,
} from './renewal-email';
import { insertRenewalOrder } from './renewal-order';
import { subscriptionLinks } from './renew-subscription';
import type { SubscriptionBilling } from './subscription-billing';

export interface BilledEventDeps {
  db: Database;
  provider: PaymentProvider;
  billing: SubscriptionBilling;
  mail?: MailQueue;
  clock: Clock;
  /** The shop's address, for the links in mails. */
  publicOrigin: string;
  log?: FastifyBaseLogger;
}

export type BilledEvent =
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: ProviderInvoice }
  | {
      type: 'customer.subscription.updated' | 'customer.subscription.deleted';
      subscription: ProviderSubscriptionState;
    };

/** Keys of a renewal paid by a provider invoice: the order's, and a refund's when it came late. */
export function invoiceKeys(invoiceId: string) {
  return { order: `invoice:${invoiceId}:order`, refund: `invoice:${invoiceId}:refund` };
}

/**
 * The network part of an event, done before its transaction (a provider call never runs inside
 * one): the PaymentIntent that paid a renewal when the payload did not name it, and the refund of
 * a renewal paid after our record was canceled (the shop does not deliver it). Both are idempotent,
 * so Stripe's retry of the event repeats them harmlessly.
 */
export async function prepareBilledEvent<E extends BilledEvent>(
  deps: BilledEventDeps,
  event: E,
): Promise<E> {
  if (event.type !== 'invoice.paid' || event.invoice.reason === 'start') return event;
  // One statement outside the transaction: a canceled record never changes again.
  const state = await lockBilledSubscription(
    deps.db,
    event.invoice.subscriptionId,
    event.invoice.shopSubscriptionId,
  );
  // Not ours (logged when applied), or nothing was paid: nothing to ask Stripe.
  if (!state || event.invoice.amountPaid <= 0) return event;
  const invoice = event.invoice.paymentIntentId
    ? event.invoice
    : { ...event.invoice, paymentIntentId: await deps.billing.invoicePayment(event.invoice.id) };
  if (state.status === 'canceled' && invoice.paymentIntentId) {
    try {
      await deps.provider.refund({
        chargeId: invoice.paymentIntentId,
        amount: invoice.amountPaid,
        reason: 'requested_by_customer',
        idempotencyKey: invoiceKeys(invoice.id).refund,
      });
    } catch (error) {
      // Refunded already (a replay after the key expired): nothing is left to give back.
      if (!(error instanceof RefundRefusedError)) throw error;
    }
  }
  return { ...event, invoice };
}

/** Applies an event inside its transaction. Returns whether a mail was queued. */
export async function applyBilledEvent(
  trx: Executor,
  deps: BilledEventDeps,
  event: BilledEvent,
): Promise<{ mailed: boolean }> {
  const providerId = 'invoice' in event ? event.invoice.subscriptionId : event.subscription.id;
  const shopId =
    'invoice' in event ? event.invoice.shopSubscriptionId : event.subscription.shopSubscriptionId;
  // The first period's invoice (Stripe's trial) was paid by the checkout: nothing to record.
  if ('invoice' in event && event.invoice.reason === 'start') return { mailed: false };
  const subscription = await lockBilledSubscription(trx, providerId, shopId);
  if (!subscription) {
    deps.log?.warn(
      { providerId, shopId, type: event.type },
      'billing event for an unknown subscription ignored',
    );
    return { mailed: false };
  }
  const now = deps.clock.now();
  if (!subscription.providerSubscriptionId)
    await updateBilledSubscription(
      trx,
      subscription.id,
      { providerSubscriptionId: providerId },
      now,
    );
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(trx, deps, subscription, event.invoice, now);
    case 'invoice.payment_failed':
      return invoiceFailed(trx, deps, subscription, event.invoice, now);
    case 'customer.subscription.updated':
      if (event.subscription.status === 'canceled')
        return subscriptionEnded(trx, deps, subscription, event.subscription, now);
      await subscriptionUpdated(trx, subscription, event.subscription, now);
      return { mailed: false };
    case 'customer.subscription.deleted':
      return subscriptionEnded(trx, deps, subscription, event.subscription, now);
  }
}

/**
 * The ledger row of the cycle an invoice bills: the one it already wrote, else the next cycle's,
 * claimed now. Null when there is nothing to write: the cycle is paid already, or the invoice is
 * for a period our record already holds (an old invoice delivered late).
 */
async function claimInvoiceCycle(
  trx: Executor,
  subscription: BilledSubscriptionRow,
  invoice: ProviderInvoice,
  amount: number,
  now: Date,
) {
  const written = await findRenewalByCharge(trx, subscription.id, invoice.id);
  if (written) return written.status === 'succeeded' ? null : written;
  if (invoice.periodEnd.getTime() <= subscription.currentPeriodEnd.getTime()) return null;
  const claimed = await claimRenewal(trx, {
    subscriptionId: subscription.id,
    cycle: subscription.renewedCycles + 1,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    amount,
    currency: invoice.currency,
    now,
  });
  return claimed.status === 'succeeded' ? null : claimed;
}

async function invoicePaid(
  trx: Executor,
  deps: BilledEventDeps,
  subscription: BilledSubscriptionRow,
  invoice: ProviderInvoice,
  now: Date,
): Promise<{ mailed: boolean }> {
  if (subscription.status === 'canceled') {
    // Refunded before this transaction (prepareBilledEvent): no order, no period, a note.
    await insertSubscriptionChange(trx, {
      subscriptionId: subscription.id,
      actor: 'system',
      action: 'late-payment-refunded',
      detail: { invoiceId: invoice.id, amount: invoice.amountPaid, currency: invoice.currency },
      createdAt: now,
    });
    return { mailed: false };
  }
  const context = await billedRenewalContext(trx, subscription, invoice.priceId);
  if (!context) {
    deps.log?.error({ subscriptionId: subscription.id }, 'paid renewal without its origin order');
    return { mailed: false };
  }
  const renewal = await claimInvoiceCycle(trx, subscription, invoice, invoice.amountPaid, now);
  if (!renewal) return { mailed: false };
  const quantity = Math.max(1, invoice.quantity);
  const orderId = await insertRenewalOrder(trx, {
    now,
    userId: context.userId,
    email: context.email,
    name: context.name,
    currency: invoice.currency,
    line: {
      lookupKey: context.lookupKey,
      priceId: invoice.priceId ?? subscription.priceId,
      title: context.title,
      quantity,
      unitAmount: Math.round(invoice.amountPaid / quantity),
    },
    amount: invoice.amountPaid,
    shippingAddress: context.shippingAddress,
    chargeId: invoice.paymentIntentId,
    paymentMethodId: null,
    paymentLabel: null,
    idempotencyKey: invoiceKeys(invoice.id).order,
  });
  // The ledger names the invoice; the period is the one the invoice paid for.
  await completeRenewal(
    trx,
    { ...renewal, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd },
    { chargeId: invoice.id, orderId, now },
  );
  await moveRecord(trx, subscription.id, now, {
    patch: {
      status: 'active',
      failedAttempts: 0,
      nextRetryAt: null,
      ...(subscription.skippedCycle !== null && subscription.skippedCycle <= renewal.cycle
        ? { skippedCycle: null }
        : {}),
    },
    action: 'renewed',
    detail: { cycle: renewal.cycle, orderId, amount: invoice.amountPaid, invoiceId: invoice.id },
  });
  if (!deps.mail) return { mailed: false };
  await deps.mail.enqueue(
    trx,
    renewalReceiptEmail({
      to: context.email,
      name: context.name,
      productTitle: context.title,
      amount: invoice.amountPaid,
      currency: invoice.currency,
      periodEnd: invoice.periodEnd,
    }),
  );
  return { mailed: true };
}

async function invoiceFailed(
  trx: Executor,
  deps: BilledEventDeps,
  subscription: BilledSubscriptionRow,
  invoice: ProviderInvoice,
  now: Date,
): Promise<{ mailed: boolean }> {
  if (subscription.status === 'canceled') return { mailed: false };
  const renewal = await claimInvoiceCycle(trx, subscription, invoice, invoice.amountDue, now);
  if (!renewal) return { mailed: false };
  const attempt = Math.max(1, invoice.attemptCount);
  await settleBilledRenewal(trx, renewal.id, {
    status: 'failed',
    chargeId: invoice.id,
    attempt,
    failureCode: 'payment_failed',
    failureMessage: 'The renewal invoice was not paid.',
    now,
  });
  await moveRecord(trx, subscription.id, now, {
    patch: { status: 'past_due', failedAttempts: attempt, nextRetryAt: invoice.nextAttemptAt },
    action: 'renewal-failed',
    detail: { cycle: renewal.cycle, attempt, invoiceId: invoice.id, amount: invoice.amountDue },
  });
  const context = await billedRenewalContext(trx, subscription, invoice.priceId);
  if (!deps.mail || !context) return { mailed: false };
  await deps.mail.enqueue(
    trx,
    renewalDeclinedEmail({
      to: context.email,
      name: context.name,
      productTitle: context.title,
      amount: invoice.amountDue,
      currency: invoice.currency,
      cardUrl: subscriptionLinks(deps.publicOrigin, subscription.id).card,
      // Stripe's retry schedule decides the next try and how recovery ends.
      reason: 'declined',
      nextRetryAt: invoice.nextAttemptAt,
      lastTry: null,
    }),
  );
  return { mailed: true };
}

/**
 * Stripe's status, cancel-at-period-end and pause reach our record. A period Stripe moved past
 * without an invoice paid (a skipped cycle, a paused one: its invoice voided) is a `skipped`
 * ledger row; a paid period moves with its invoice.paid, which writes the order.
 */
async function subscriptionUpdated(
  trx: Executor,
  subscription: BilledSubscriptionRow,
  state: ProviderSubscriptionState,
  now: Date,
): Promise<void> {
  if (subscription.status === 'canceled') return;
  const skipping =
    subscription.status === 'paused' ||
    subscription.skippedCycle === subscription.renewedCycles + 1;
  if (skipping && state.currentPeriodEnd.getTime() > subscription.currentPeriodEnd.getTime()) {
    const cycle = subscription.renewedCycles + 1;
    const context = await billedRenewalContext(trx, subscription, null);
    await claimRenewal(trx, {
      subscriptionId: subscription.id,
      cycle,
      periodStart: state.currentPeriodStart,
      periodEnd: state.currentPeriodEnd,
      amount: 0,
      currency: context?.currency ?? 'usd',
      status: 'skipped',
      now,
    });
    await updateBilledSubscription(
      trx,
      subscription.id,
      {
        renewedCycles: cycle,
        currentPeriodStart: state.currentPeriodStart,
        currentPeriodEnd: state.currentPeriodEnd,
        ...(subscription.skippedCycle === cycle ? { skippedCycle: null } : {}),
      },
      now,
    );
  }

  const patch: BilledSubscriptionPatch = {};
  let action: string | null = null;
  if (state.cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd) {
    patch.cancelAtPeriodEnd = state.cancelAtPeriodEnd;
    patch.cancelRequestedAt = state.cancelAtPeriodEnd ? now : null;
    action = state.cancelAtPeriodEnd ? 'cancel' : 'resume-cancelled';
  }
  if (subscription.status === 'paused' && !state.collectionPaused) {
    patch.status = 'active';
    patch.pausedUntil = null;
    action = 'resumed';
  } else if (
    subscription.status === 'active' &&
    state.collectionPaused &&
    subscription.skippedCycle === null
  ) {
    // A pause made at Stripe (the Dashboard): ours follows; a skip's pause is not one.
    patch.status = 'paused';
    patch.pausedUntil = state.collectionPausedUntil;
    action = 'pause';
  } else if (state.status === 'past_due' && subscription.status === 'active') {
    patch.status = 'past_due';
    action = 'past-due';
  } else if (state.status === 'active' && subscription.status === 'past_due') {
    patch.status = 'active';
    patch.failedAttempts = 0;
    patch.nextRetryAt = null;
    action = 'recovered';
  }
  if (!action) return;
  await moveRecord(trx, subscription.id, now, {
    patch,
    action,
    detail: { via: 'stripe', providerSubscriptionId: state.id },
  });
}

/**
 * Stripe ended the subscription: ours is canceled for good. The subscriber is told when it ended
 * as they asked (at the period's end) or because Stripe's retries of an unpaid renewal ran out;
 * an end made in Stripe's Dashboard is the operator's to explain.
 */
async function subscriptionEnded(
  trx: Executor,
  deps: BilledEventDeps,
  subscription: BilledSubscriptionRow,
  state: ProviderSubscriptionState,
  now: Date,
): Promise<{ mailed: boolean }> {
  if (subscription.status === 'canceled') return { mailed: false };
  const endedAt = state.canceledAt ?? now;
  await moveRecord(trx, subscription.id, now, {
    patch: { status: 'canceled', canceledAt: endedAt, nextRetryAt: null },
    action: 'ended',
    detail: { via: 'stripe', providerSubscriptionId: state.id },
  });
  const unpaid =
    subscription.status === 'past_due'
      ? await findRenewal(trx, subscription.id, subscription.renewedCycles + 1)
      : null;
  if (!deps.mail || (!unpaid && !subscription.cancelAtPeriodEnd)) return { mailed: false };
  const context = await billedRenewalContext(trx, subscription, null);
  if (!context) return { mailed: false };
  const recipient = { to: context.email, name: context.name, productTitle: context.title };
  const links = subscriptionLinks(deps.publicOrigin, subscription.id);
  await deps.mail.enqueue(
    trx,
    unpaid
      ? dunningEndedEmail({
          ...recipient,
          amount: unpaid.amount,
          currency: unpaid.currency,
          endAction: 'cancel',
          cardUrl: links.card,
        })
      : subscriptionEndedEmail({ ...recipient, endedAt, accountUrl: links.account }),
  );
  return { mailed: true };
}

/** Moves the record and writes the history entry that says so, in the event's transaction. */
async function moveRecord(
  trx: Executor,
  subscriptionId: string,
  now: Date,
  change: { patch: BilledSubscriptionPatch; action: string; detail: Record<string, unknown> },
): Promise<void> {
  await updateBilledSubscription(trx, subscriptionId, change.patch, now);
  await insertSubscriptionChange(trx, {
    subscriptionId,
    actor: 'system',
    action: change.action,
    detail: change.detail,
    createdAt: now,
  });
}
