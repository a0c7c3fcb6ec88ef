// Renewals of the built-in provider's subscriptions, exactly once per cycle. The ledger row is
// written before the card is charged and every provider call's idempotency key is derived from
// it, so a retried job, a second runner or a crash between the charge and the order moves money
// once; the order, the ledger's outcome and the next period are written in one transaction.
import type { AddressView, Currency } from '@shop/shared/contract/common';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import { insertOrder } from '../../repositories/orders-repository';
import {
  claimRenewal,
  completeRenewal,
  failRenewal,
  findRenewableSubscription,
  findRenewal,
  listDueSubscriptions,
  recordRenewalCharge,
  renewalOrderContext,
  type DueSubscription,
  type RenewableSubscription,
  type RenewalOrderContext,
  type RenewalRecord,
} from '../../repositories/subscription-renewals-repository';
import { defineJobKind, PermanentJobError, type JobQueue } from '../jobs/job-queue';
import type { MailQueue } from '../mail/mail-queue';
import type { PaymentProvider, ProviderCharge } from '../payments/payment-provider';
import { renewalReceiptEmail } from './renewal-email';

/** One renewal job per subscription at a time (the singleton key); the payload names the cycle. */
export const renewSubscriptionJob = defineJobKind({
  name: 'subscription.renew',
  payload: z.object({ subscriptionId: z.string().min(1), cycle: z.number().int().positive() }),
  maxAttempts: 8,
  backoff: { baseMs: 60_000, maxMs: 6 * 3_600_000 },
});

export interface RenewalDeps {
  db: Database;
  provider: PaymentProvider;
  mail: MailQueue;
  clock: Clock;
  /** Where a bank's step would bring the subscriber back (never used off-session, but required). */
  returnUrl: string;
}

export type RenewalOutcome = 'renewed' | 'already-renewed' | 'declined' | 'not-due';

/** The provider's idempotency keys of one cycle, all derived from its ledger row. */
export function renewalKeys(subscriptionId: string, cycle: number) {
  const base = `renewal:${subscriptionId}:${cycle}`;
  return { intent: `${base}:intent`, confirm: `${base}:confirm`, order: `${base}:order` };
}

/**
 * Queues a renewal for every active subscription due at or before the shop clock's now. A
 * subscription already queued or running keeps its one job; a cycle's job key answers the same
 * job again, so a renewal missed while the shop was down is queued once when it comes back.
 */
export async function scheduleDueRenewals(
  deps: Pick<RenewalDeps, 'db' | 'clock'>,
  jobs: JobQueue,
  pageSize = 500,
): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  let after: DueSubscription | null = null;
  for (;;) {
    const page = await listDueSubscriptions(deps.db, now, pageSize, after);
    for (const due of page) {
      const { created } = await jobs.enqueue(
        deps.db,
        renewSubscriptionJob,
        { subscriptionId: due.id, cycle: due.cycle },
        { key: `renewal:${due.id}:${due.cycle}:job`, singletonKey: `subscription:${due.id}` },
      );
      if (created) queued += 1;
    }
    if (page.length < pageSize) return queued;
    after = page[page.length - 1]!;
  }
}

/** Registers the renewal job's handler on the queue. */
export function handleRenewals(jobs: JobQueue, deps: RenewalDeps): void {
  jobs.handle(renewSubscriptionJob, async ({ subscriptionId, cycle }) => {
    await renewSubscription(deps, subscriptionId, cycle);
  });
}

/** Renews `cycle` of the subscription once, however often it is called or from where. */
export async function renewSubscription(
  deps: RenewalDeps,
  subscriptionId: string,
  cycle: number,
): Promise<RenewalOutcome> {
  const { db, provider, clock } = deps;
  const subscription = await findRenewableSubscription(db, subscriptionId);
  if (!subscription) throw new PermanentJobError(`No subscription ${subscriptionId}`);
  const done = await findRenewal(db, subscriptionId, cycle);
  if (done && done.status !== 'pending')
    return done.status === 'succeeded' ? 'already-renewed' : 'declined';
  if (subscription.renewedCycles >= cycle) return 'already-renewed';
  if (subscription.status !== 'active' || subscription.renewedCycles !== cycle - 1)
    return 'not-due';
  if (subscription.currentPeriodEnd.getTime() > clock.now().getTime()) return 'not-due';
  if (!subscription.paymentMethodId)
    throw new PermanentJobError(`Subscription ${subscriptionId} has no card on file`);

  const context = await renewalOrderContext(db, subscription);
  if (!context)
    throw new PermanentJobError(`Subscription ${subscriptionId} has no recurring price`);
  const periodEnd = addCalendarSteps(
    subscription.billingAnchor,
    context.interval,
    context.intervalCount,
    cycle + 1,
  );
  // Written before the charge: from here on, the cycle's keys are fixed.
  const renewal = await claimRenewal(db, {
    subscriptionId,
    cycle,
    periodStart: subscription.currentPeriodEnd,
    periodEnd,
    amount: context.unitAmount * subscription.quantity,
    currency: context.currency,
  });
  const keys = renewalKeys(subscriptionId, cycle);
  const intent = await provider.createCharge({
    amount: renewal.amount,
    currency: renewal.currency,
    customerId: subscription.customerId,
    description: `${context.productTitle} renewal`,
    metadata: { subscriptionId, cycle: String(cycle), renewalId: String(renewal.id) },
    idempotencyKey: keys.intent,
  });
  if (renewal.chargeId !== intent.id)
    await recordRenewalCharge(db, renewal.id, intent.id, clock.now());
  const charge =
    intent.status === 'requires_confirmation'
      ? await provider.confirmCharge(intent.id, {
          source: {
            type: 'saved',
            paymentMethodId: subscription.paymentMethodId,
            offSession: true,
          },
          returnUrl: deps.returnUrl,
          idempotencyKey: keys.confirm,
        })
      : intent;
  if (charge.status === 'processing')
    throw new Error(`Renewal charge ${charge.id} still processing`);
  return settleRenewal(deps, renewal, charge, { ...context, subscription });
}

async function settleRenewal(
  deps: RenewalDeps,
  renewal: RenewalRecord,
  charge: ProviderCharge,
  context: RenewalOrderContext & { subscription: RenewableSubscription },
): Promise<RenewalOutcome> {
  const { db, clock } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<RenewalOutcome> => {
    // The subscription's lock orders this against any other writer of the same cycle.
    await findRenewableSubscription(trx, renewal.subscriptionId, { forUpdate: true });
    const current = await findRenewal(trx, renewal.subscriptionId, renewal.cycle, {
      forUpdate: true,
    });
    if (!current || current.status !== 'pending')
      return current?.status === 'failed' ? 'declined' : 'already-renewed';
    const now = clock.now();
    if (charge.status !== 'succeeded') {
      // Off-session, a bank that asks for the subscriber is a refusal until they come back.
      await failRenewal(trx, current, {
        chargeId: charge.id,
        code:
          charge.failureCode ??
          (charge.status === 'requires_action' ? 'authentication_required' : 'card_declined'),
        message: charge.failureMessage,
        now,
      });
      return 'declined';
    }
    const orderId = await insertOrder(trx, {
      kind: 'consumer',
      userId: context.userId,
      email: context.email,
      name: context.name,
      status: 'paid',
      currency: current.currency as Currency,
      lines: [
        {
          lookupKey: context.lookupKey,
          priceId: context.subscription.priceId,
          title: context.productTitle,
          quantity: context.subscription.quantity,
          unitAmount: context.unitAmount,
          amount: current.amount,
        },
      ],
      subtotal: current.amount,
      discount: 0,
      shipping: 0,
      total: current.amount,
      discountCode: null,
      shipUpfront: false,
      bnpl: false,
      bnplConsentId: null,
      businessKey: null,
      marketingEnabled: false,
      sessionId: null,
      shippingAddress: context.shippingAddress as AddressView,
      chargeId: charge.id,
      paymentMethodId: charge.paymentMethodId,
      paymentLabel: charge.method?.last4
        ? `${charge.method.brand} •••• ${charge.method.last4}`
        : null,
      idempotencyKey: renewalKeys(renewal.subscriptionId, renewal.cycle).order,
      buyerTokenHash: null,
    });
    await completeRenewal(trx, current, { chargeId: charge.id, orderId, now });
    await deps.mail.enqueue(
      trx,
      renewalReceiptEmail({
        to: context.email,
        name: context.name,
        productTitle: context.productTitle,
        amount: current.amount,
        currency: current.currency,
        periodEnd: current.periodEnd,
      }),
    );
    return 'renewed';
  });
  if (outcome === 'renewed') deps.mail.wake();
  return outcome;
}
