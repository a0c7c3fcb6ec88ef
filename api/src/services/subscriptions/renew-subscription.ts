// Renewals of the built-in provider's subscriptions, exactly once per cycle. Under the
// subscription's row lock the cycle first honours what the subscriber changed (cancelled at the
// period's end, paused, skipped); otherwise its ledger row is written before the card is charged
// and every provider call's idempotency key is derived from it and the try's number, so a retried
// job, a second runner or a crash between the charge and the order moves money once; the order,
// the ledger's outcome and the next period are written in one transaction.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../db/schema';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import {
  claimRenewal,
  completeRenewal,
  failRenewal,
  findRenewableSubscription,
  findRenewal,
  recordRenewalCharge,
  recordSystemChange,
  renewalOrderContext,
  reopenRenewal,
  skipRenewal,
  updateRenewableSubscription,
  type RenewableSubscription,
  type RenewalOrderContext,
  type RenewalRecord,
} from '../../repositories/subscription-renewals-repository';
import { defineJobKind, PermanentJobError, type JobQueue } from '../jobs/job-queue';
import type { MailQueue } from '../mail/mail-queue';
import type { PaymentProvider, ProviderCharge } from '../payments/payment-provider';
import { declineReason, HARD_DECLINE_CODES, lastTryAt, nextRetryAt, NO_CARD_CODE } from './dunning';
import {
  dunningEndedEmail,
  renewalDeclinedEmail,
  renewalReceiptEmail,
  subscriptionEndedEmail,
  subscriptionResumedEmail,
} from './renewal-email';
import { insertRenewalOrder } from './renewal-order';
import { readDunningSettings } from './subscription-settings';

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
  /** The shop's public origin: the links in the mails. */
  shopUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export type RenewalOutcome =
  'renewed' | 'already-renewed' | 'declined' | 'not-due' | 'skipped' | 'ended' | 'canceled';

/** The provider's idempotency keys of one try of a cycle, all derived from its ledger row. */
export function renewalKeys(subscriptionId: string, cycle: number, attempt = 1) {
  const cycleBase = `renewal:${subscriptionId}:${cycle}`;
  const base = attempt === 1 ? cycleBase : `${cycleBase}:${attempt}`;
  return {
    intent: `${base}:intent`,
    confirm: `${base}:confirm`,
    job: `${base}:job`,
    // One order per cycle, whichever try paid it.
    order: `${cycleBase}:order`,
  };
}

export const subscriptionLinks = (shopUrl: string, subscriptionId: string) => ({
  account: `${shopUrl}/account/subscriptions/${subscriptionId}`,
  card: `${shopUrl}/account/subscriptions/${subscriptionId}/card`,
});

/** A dead renewal job no longer holds its cycle once it has been dead this long (shop clock). */
export const DEAD_RENEWAL_RETRY_MS = 86_400_000;

/**
 * Queues the job of a cycle's try. Its key makes this idempotent, but a key whose job is dead
 * would answer the dead job for ever: once that job has been dead for DEAD_RENEWAL_RETRY_MS, a
 * fresh job is queued under a key naming the dead one. `fresh` asks for a new job at once (the
 * subscriber updated the card, the operator retried, the sweep found it overdue).
 */
export async function queueRenewal(
  executor: Executor,
  jobs: Pick<JobQueue, 'enqueue'>,
  due: { id: string; cycle: number; attempt: number },
  now: Date,
  fresh?: string,
): Promise<boolean> {
  const base = renewalKeys(due.id, due.cycle, due.attempt).job;
  let key = fresh ? `${base}:${fresh}` : base;
  for (;;) {
    const { job, created } = await jobs.enqueue(
      executor,
      renewSubscriptionJob,
      { subscriptionId: due.id, cycle: due.cycle },
      { key, singletonKey: `subscription:${due.id}` },
    );
    if (created) return true;
    const deadLongEnough =
      job.key === key &&
      job.status === 'dead' &&
      job.finishedAt !== null &&
      now.getTime() - job.finishedAt.getTime() >= DEAD_RENEWAL_RETRY_MS;
    if (!deadLongEnough) return false;
    key = `${base}:after-${job.id}`;
  }
}

/** Registers the renewal job's handler on the queue. */
export function handleRenewals(jobs: JobQueue, deps: RenewalDeps): void {
  jobs.handle(renewSubscriptionJob, async ({ subscriptionId, cycle }) => {
    await renewSubscription(deps, subscriptionId, cycle);
  });
}

export type CycleContext = RenewalOrderContext & { subscription: RenewableSubscription };

type Decision =
  | { kind: 'done'; outcome: RenewalOutcome; mailed: boolean }
  | { kind: 'charge'; renewal: RenewalRecord; context: CycleContext; mailed: boolean };

/** The period and price of `cycle`, counted from the anchor (moved by a change of interval). */
function cycleTerms(
  subscription: RenewableSubscription,
  context: RenewalOrderContext,
  cycle: number,
) {
  return {
    subscriptionId: subscription.id,
    cycle,
    periodStart: subscription.currentPeriodEnd,
    periodEnd: addCalendarSteps(
      subscription.billingAnchor,
      context.interval,
      context.intervalCount,
      cycle - subscription.anchorCycle + 1,
    ),
    amount: context.unitAmount * subscription.quantity,
    currency: context.currency,
  };
}

/** The subscription with its customer and price, as the cycle and its mails need them. */
export async function loadRenewalContext(
  executor: Executor,
  subscription: RenewableSubscription,
): Promise<CycleContext> {
  const context = await renewalOrderContext(executor, subscription);
  if (!context)
    throw new PermanentJobError(`Subscription ${subscription.id} has no recurring price`);
  return { ...context, subscription };
}

/**
 * Ends a pause whose date has come (or, `byCard`, an open pause after the card was updated): the
 * subscription is active, and its next renewal bills. Inside the caller's locked transaction.
 */
export async function resumeSubscription(
  deps: Pick<RenewalDeps, 'mail' | 'shopUrl'>,
  trx: Executor,
  context: CycleContext,
  now: Date,
  cause: 'pause-ended' | 'card-updated',
): Promise<void> {
  const { subscription } = context;
  await updateRenewableSubscription(
    trx,
    subscription.id,
    { status: 'active', paused_until: null, failed_attempts: 0, next_retry_at: null },
    now,
  );
  await recordSystemChange(trx, {
    subscriptionId: subscription.id,
    action: 'resumed',
    detail: { cause, pausedUntil: subscription.pausedUntil?.toISOString() ?? null },
    now,
  });
  await deps.mail.enqueue(
    trx,
    subscriptionResumedEmail({
      to: context.email,
      name: context.name,
      productTitle: context.productTitle,
      amount: context.unitAmount * subscription.quantity,
      currency: context.currency,
      nextRenewalAt: subscription.currentPeriodEnd,
      accountUrl: subscriptionLinks(deps.shopUrl, subscription.id).account,
    }),
  );
}

/** Resumes the subscription if its pause has ended and its paused cycles are all recorded. */
export async function resumeIfPauseEnded(
  deps: Pick<RenewalDeps, 'mail' | 'shopUrl'>,
  trx: Executor,
  subscription: RenewableSubscription,
  now: Date,
): Promise<boolean> {
  const { pausedUntil } = subscription;
  if (
    subscription.status !== 'paused' ||
    !pausedUntil ||
    pausedUntil.getTime() > now.getTime() ||
    subscription.currentPeriodEnd.getTime() < pausedUntil.getTime()
  )
    return false;
  await resumeSubscription(
    deps,
    trx,
    await loadRenewalContext(trx, subscription),
    now,
    'pause-ended',
  );
  return true;
}

/** What the cycle does, decided under the subscription's lock; a charge leaves the row claimed. */
async function decideCycle(
  deps: RenewalDeps,
  trx: Executor,
  subscriptionId: string,
  cycle: number,
): Promise<Decision> {
  const done = (outcome: RenewalOutcome, mailed = false): Decision => ({
    kind: 'done',
    outcome,
    mailed,
  });
  const locked = await findRenewableSubscription(trx, subscriptionId, { forUpdate: true });
  if (!locked) throw new PermanentJobError(`No subscription ${subscriptionId}`);
  // Stripe Billing runs Stripe's subscriptions; this engine bills only the shop's own.
  if (locked.provider !== 'test') return done('not-due');
  if (locked.status === 'canceled') return done('canceled');
  if (locked.renewedCycles >= cycle) return done('already-renewed');
  if (locked.renewedCycles !== cycle - 1) return done('not-due');
  const now = deps.clock.now();
  const context = await loadRenewalContext(trx, locked);
  const mailed = await resumeIfPauseEnded(deps, trx, locked, now);
  const subscription: RenewableSubscription = mailed
    ? { ...locked, status: 'active', pausedUntil: null, failedAttempts: 0, nextRetryAt: null }
    : locked;
  const due =
    subscription.status === 'past_due'
      ? subscription.nextRetryAt !== null && subscription.nextRetryAt.getTime() <= now.getTime()
      : ['active', 'paused'].includes(subscription.status) &&
        subscription.currentPeriodEnd.getTime() <= now.getTime();
  if (!due) return done('not-due', mailed);

  // A try already claimed may have moved money: it is finished first, whatever changed since.
  const existing = await findRenewal(trx, subscriptionId, cycle, { forUpdate: true });
  const claimed = existing?.status === 'pending';
  // The subscriber's cancellation takes effect at the period's end, before anything is billed.
  if (subscription.cancelAtPeriodEnd && !claimed) {
    await updateRenewableSubscription(
      trx,
      subscriptionId,
      { status: 'canceled', canceled_at: subscription.currentPeriodEnd, next_retry_at: null },
      now,
    );
    await recordSystemChange(trx, {
      subscriptionId,
      action: 'ended',
      detail: { cycle, endedAt: subscription.currentPeriodEnd.toISOString() },
      now,
    });
    await deps.mail.enqueue(
      trx,
      subscriptionEndedEmail({
        to: context.email,
        name: context.name,
        productTitle: context.productTitle,
        endedAt: subscription.currentPeriodEnd,
        accountUrl: subscriptionLinks(deps.shopUrl, subscriptionId).account,
      }),
    );
    return done('ended', true);
  }

  const terms = cycleTerms(subscription, context, cycle);
  // Paused (until a date, or until the card is updated) or skipped: recorded, not billed.
  const skipReason =
    subscription.status === 'paused'
      ? 'paused'
      : subscription.status === 'active' && subscription.skippedCycle === cycle
        ? 'skipped'
        : null;
  if (skipReason && !claimed) {
    await skipRenewal(trx, { ...terms, reason: skipReason, now });
    await recordSystemChange(trx, {
      subscriptionId,
      action: 'renewal-skipped',
      detail: { cycle, reason: skipReason, periodEnd: terms.periodEnd.toISOString() },
      now,
    });
    return done('skipped', mailed);
  }

  let renewal: RenewalRecord;
  if (!existing) renewal = await claimRenewal(trx, { ...terms, now });
  else if (existing.status === 'failed') renewal = await reopenRenewal(trx, existing, now);
  else if (existing.status === 'pending') renewal = existing;
  else return done('already-renewed', mailed);
  return { kind: 'charge', renewal, context: { ...context, subscription }, mailed };
}

/** Renews `cycle` of the subscription once, however often it is called or from where. */
export async function renewSubscription(
  deps: RenewalDeps,
  subscriptionId: string,
  cycle: number,
): Promise<RenewalOutcome> {
  const { db, provider, clock } = deps;
  const decision = await db
    .transaction()
    .execute((trx) => decideCycle(deps, trx, subscriptionId, cycle));
  if (decision.mailed) deps.mail.wake();
  if (decision.kind === 'done') return decision.outcome;
  const { renewal, context } = decision;
  const { subscription } = context;
  // Written before the charge: from here on, this try's keys are fixed.
  const keys = renewalKeys(subscriptionId, cycle, renewal.attempt);
  if (!subscription.paymentMethodId) return settleRenewal(deps, renewal, { noCard: true }, context);
  const intent = await provider.createCharge({
    amount: renewal.amount,
    currency: renewal.currency,
    customerId: subscription.customerId,
    description: `${context.productTitle} renewal`,
    metadata: {
      subscriptionId,
      cycle: String(cycle),
      attempt: String(renewal.attempt),
      renewalId: String(renewal.id),
    },
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
  return settleRenewal(deps, renewal, { charge }, context);
}

async function settleRenewal(
  deps: RenewalDeps,
  renewal: RenewalRecord,
  result: { charge: ProviderCharge } | { noCard: true },
  context: CycleContext,
): Promise<RenewalOutcome> {
  const { db, clock } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<RenewalOutcome> => {
    // The subscription's lock orders this against any other writer of the same cycle.
    const subscription = await findRenewableSubscription(trx, renewal.subscriptionId, {
      forUpdate: true,
    });
    const current = await findRenewal(trx, renewal.subscriptionId, renewal.cycle, {
      forUpdate: true,
    });
    if (!subscription || !current || current.status !== 'pending')
      return current?.status === 'failed' ? 'declined' : 'already-renewed';
    const now = clock.now();
    const charge = 'charge' in result ? result.charge : null;
    if (!charge || charge.status !== 'succeeded') {
      // Off-session, a bank that asks for the subscriber is a refusal until they come back.
      const code = !charge
        ? NO_CARD_CODE
        : (charge.failureCode ??
          (charge.status === 'requires_action' ? 'authentication_required' : 'card_declined'));
      await declineRenewal(deps, trx, { ...context, subscription }, current, {
        chargeId: charge?.id ?? null,
        code,
        message: charge?.failureMessage ?? (charge ? null : 'No card on file'),
        now,
      });
      return 'declined';
    }
    const orderId = await insertRenewalOrder(trx, {
      now,
      userId: context.userId,
      email: context.email,
      name: context.name,
      currency: current.currency,
      line: {
        lookupKey: context.lookupKey,
        priceId: context.subscription.priceId,
        title: context.productTitle,
        quantity: context.subscription.quantity,
        unitAmount: context.unitAmount,
      },
      amount: current.amount,
      shippingAddress: context.shippingAddress,
      chargeId: charge.id,
      paymentMethodId: charge.paymentMethodId,
      paymentLabel: charge.method?.last4
        ? `${charge.method.brand} •••• ${charge.method.last4}`
        : null,
      idempotencyKey: renewalKeys(renewal.subscriptionId, renewal.cycle).order,
    });
    // Paid while the subscriber cancelled: the cycle is theirs, the subscription stays cancelled.
    await completeRenewal(trx, current, { chargeId: charge.id, orderId, now });
    if (subscription.status === 'past_due')
      await recordSystemChange(trx, {
        subscriptionId: subscription.id,
        action: 'recovered',
        detail: { cycle: current.cycle, attempt: current.attempt, orderId },
        now,
      });
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
  deps.mail.wake();
  return outcome;
}

/**
 * A try of the cycle was refused: the subscription is past due and tried again on the schedule
 * (not after a hard decline), or, its tries run out, cancelled or paused as the operator set.
 * The subscriber is mailed either way, with the link that updates the card.
 */
async function declineRenewal(
  deps: RenewalDeps,
  trx: Executor,
  context: CycleContext,
  renewal: RenewalRecord,
  failure: { chargeId: string | null; code: string; message: string | null; now: Date },
): Promise<void> {
  const { subscription } = context;
  const { now } = failure;
  const settings = await readDunningSettings(trx);
  const firstFailedAt = renewal.firstFailedAt ?? now;
  const hardDecline = HARD_DECLINE_CODES.has(failure.code);
  const exhausted = renewal.attempt > settings.retryDays.length;
  const retryAt = nextRetryAt(settings, {
    attempt: renewal.attempt,
    firstFailedAt,
    hardDecline,
    now,
  });
  await failRenewal(trx, renewal, { ...failure, hardDecline, nextRetryAt: retryAt });
  if (subscription.status === 'canceled') return;
  await recordSystemChange(trx, {
    subscriptionId: subscription.id,
    action: 'renewal-declined',
    detail: {
      cycle: renewal.cycle,
      attempt: renewal.attempt,
      code: failure.code,
      hardDecline,
      nextRetryAt: retryAt?.toISOString() ?? null,
    },
    now,
  });
  const links = subscriptionLinks(deps.shopUrl, subscription.id);
  if (exhausted) {
    await endRecovery(deps, trx, context, renewal, settings.endAction, now);
    return;
  }
  await deps.mail.enqueue(
    trx,
    renewalDeclinedEmail({
      to: context.email,
      name: context.name,
      productTitle: context.productTitle,
      amount: renewal.amount,
      currency: renewal.currency,
      reason: declineReason(failure.code),
      nextRetryAt: retryAt,
      lastTry: { at: lastTryAt(settings, firstFailedAt), endAction: settings.endAction },
      cardUrl: links.card,
    }),
  );
}

/**
 * Recovery is over without a payment: cancelled, or paused until the subscriber updates the card
 * (the unpaid cycle lapses, and later cycles are recorded as skipped while it stays paused).
 */
export async function endRecovery(
  deps: Pick<RenewalDeps, 'mail' | 'shopUrl'>,
  trx: Executor,
  context: CycleContext,
  renewal: RenewalRecord,
  endAction: 'cancel' | 'pause',
  now: Date,
): Promise<void> {
  const { subscription } = context;
  await updateRenewableSubscription(
    trx,
    subscription.id,
    endAction === 'cancel'
      ? { status: 'canceled', canceled_at: now, next_retry_at: null }
      : {
          status: 'paused',
          paused_until: null,
          next_retry_at: null,
          renewed_cycles: renewal.cycle,
          current_period_start: renewal.periodStart,
          current_period_end: renewal.periodEnd,
        },
    now,
  );
  await recordSystemChange(trx, {
    subscriptionId: subscription.id,
    action: 'dunning-ended',
    detail: { endAction, cycle: renewal.cycle, attempts: renewal.attempt },
    now,
  });
  await deps.mail.enqueue(
    trx,
    dunningEndedEmail({
      to: context.email,
      name: context.name,
      productTitle: context.productTitle,
      amount: renewal.amount,
      currency: renewal.currency,
      endAction,
      cardUrl: subscriptionLinks(deps.shopUrl, subscription.id).card,
    }),
  );
}
