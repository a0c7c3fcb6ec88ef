// The changes a subscriber makes to their own subscription. Each one locks the row first, checks
// the state it finds under the lock (a cancelled subscription never changes again), writes the
// change and its log row, queues the confirmation mail and the change's mirror to the provider
// that bills the cycle, all in one transaction. Asking again for what is already so changes nothing.
import type {
  CancelSubscriptionBody,
  IntervalChangeBody,
  IntervalChangePreview,
  SubscriptionDetail,
} from '@shop/shared/contract/subscriptions';
import type { Currency } from '@shop/shared/contract/common';
import type { Database, Executor } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import { centsFromDb } from '../../lib/money';
import {
  findOwnedSubscription,
  findSubscription,
  insertSubscriptionChange,
  lockOwnedSubscription,
  updateSubscription,
  type SubscriptionRecord,
  type SubscriptionUpdate,
} from '../../repositories/subscriptions-repository';
import { findRenewal } from '../../repositories/subscription-renewals-repository';
import { cardLabel } from '../checkout/take-payment';
import type { MailQueue } from '../mail/mail-queue';
import type { PaymentProvider } from '../payments/payment-provider';
import type { JobQueue } from '../jobs/job-queue';
import type { SubscriptionChange } from './subscription-billing';
import {
  everyInterval,
  subscriptionChangeEmail,
  type ChangeMail,
} from './subscription-change-email';
import { subscriptionLinks } from './renew-subscription';
import { queueMirror } from './subscription-mirror';
import { nextBilledRenewal, renewalDate } from './subscription-schedule';
import {
  allowedActions,
  planOptions,
  subscriptionDetail,
  SUBSCRIPTION_NOT_FOUND,
  type PlanOption,
  type SubscriptionActions,
} from './subscription-view';

export interface ManageDeps {
  db: Database;
  provider: PaymentProvider;
  clock: Clock;
  mail: MailQueue;
  /** Mirrors each change to the billing side (a `subscription.mirror` job under Stripe). */
  jobs: JobQueue;
  /** The shop's public origin: the mails link to the subscription's page. */
  publicOrigin: string;
  /** Tries an unpaid renewal again at once (the shop's renewal engine, when it bills the cycle). */
  retryRenewal?: (subscriptionId: string) => Promise<unknown>;
}

export interface Subscriber {
  id: string;
  email: string;
  name: string;
}

/** What a change writes: the row's new fields, its log entry, its mail and what to mirror. */
interface Decision {
  fields: SubscriptionUpdate;
  action: string;
  detail: Record<string, unknown>;
  mail: ChangeMail;
  mirror: SubscriptionChange;
}

type Decide = (
  record: SubscriptionRecord,
  context: { trx: Executor; now: Date; actions: SubscriptionActions; options: PlanOption[] },
) => Promise<Decision | null> | Decision | null;

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
const ENDED = 'This subscription has ended and can no longer be changed.';

async function change(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
  decide: Decide,
): Promise<SubscriptionDetail> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const record = await lockOwnedSubscription(trx, id, subscriber.id);
    if (!record) throw notFound(SUBSCRIPTION_NOT_FOUND);
    if (record.status === 'canceled') throw conflict(ENDED);
    const now = deps.clock.now();
    const options = await planOptions(trx, record);
    const actions = allowedActions(record, options.length);
    const decision = await decide(record, { trx, now, actions, options });
    if (!decision) return { record, decision: null, mirrorQueued: false };
    await updateSubscription(trx, record.id, decision.fields, now);
    const changeId = await insertSubscriptionChange(trx, {
      subscriptionId: record.id,
      actor: 'subscriber',
      action: decision.action,
      detail: decision.detail,
      createdAt: now,
    });
    const after = (await findSubscription(trx, record.id))!;
    const next = nextBilledRenewal(after);
    await deps.mail.enqueue(
      trx,
      subscriptionChangeEmail(
        {
          to: subscriber.email,
          name: subscriber.name,
          // The plan as the subscriber knew it (an interval change names the new one itself).
          productTitle: record.price.title,
          link: subscriptionLinks(deps.publicOrigin, encodeURIComponent(after.id)).account,
          currency: after.price.currency,
          next: next ? { at: next.at, amount: next.amount } : null,
        },
        decision.mail,
      ),
    );
    // Mirrored to the billing side by a job that exists only if this change commits.
    const mirrorQueued = await queueMirror(trx, deps.jobs, {
      subscription: record,
      changeId,
      change: decision.mirror,
    });
    return { record: after, decision, mirrorQueued };
  });
  if (outcome.decision) {
    deps.mail.wake();
    if (outcome.mirrorQueued) deps.jobs.wake();
  }
  return subscriptionDetail(deps, outcome.record);
}

/**
 * Cancels at the period's end (the subscriber keeps what was paid for); at once only when asked
 * and nothing is paid for the coming period (past due, or never paid).
 */
export function cancelSubscription(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
  body: CancelSubscriptionBody,
): Promise<SubscriptionDetail> {
  return change(deps, subscriber, id, async (record, { trx, now }) => {
    const unpaid = record.status === 'past_due' || record.status === 'incomplete';
    const reason = body.reason ?? null;
    if (body.immediately && unpaid)
      return {
        fields: {
          status: 'canceled',
          canceled_at: now,
          cancel_reason: reason,
          cancel_requested_at: now,
          next_retry_at: null,
        },
        action: 'cancel-now',
        detail: { reason },
        mail: { action: 'cancel-now' },
        mirror: { type: 'cancel-now' },
      };
    if (record.cancelAtPeriodEnd) return null;
    // A renewal already claimed (its charge in flight) completes: the plan then ends after it.
    const inFlight = await findRenewal(trx, record.id, record.renewedCycles + 1);
    const endsAt =
      inFlight?.status === 'pending' && record.status === 'active'
        ? inFlight.periodEnd
        : record.currentPeriodEnd;
    return {
      fields: { cancel_at_period_end: true, cancel_reason: reason, cancel_requested_at: now },
      action: 'cancel',
      detail: { reason, endsAt: endsAt.toISOString() },
      mail: { action: 'cancel', endsAt },
      mirror: { type: 'cancel-at-period-end' },
    };
  });
}

/** Undoes a cancel at the period's end while the period runs. */
export function keepSubscription(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
): Promise<SubscriptionDetail> {
  return change(deps, subscriber, id, (record, { actions }) => {
    if (!actions.keep) return null;
    return {
      fields: { cancel_at_period_end: false, cancel_reason: null, cancel_requested_at: null },
      action: 'resume-cancelled',
      detail: {},
      mail: { action: 'resume-cancelled' },
      mirror: { type: 'keep' },
    };
  });
}

/** The latest day a pause may run to, and the earliest: a year from now, and tomorrow. */
export function pauseWindow(now: Date): { earliest: Date; latest: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    earliest: addCalendarSteps(today, 'day', 1),
    latest: addCalendarSteps(now, 'year', 1),
  };
}

const invalidUntil = (message: string) =>
  new AppError(422, 'VALIDATION_ERROR', message, { until: message });

/** Parses and checks a pause's end against the shop clock: from tomorrow to a year ahead. */
export function pauseUntil(value: string, now: Date): Date {
  const until = new Date(value);
  if (Number.isNaN(until.getTime())) throw invalidUntil('Choose a valid date to pause until.');
  const { earliest, latest } = pauseWindow(now);
  if (until.getTime() < earliest.getTime())
    throw invalidUntil('A pause has to last until tomorrow at least.');
  if (until.getTime() > latest.getTime()) throw invalidUntil('A pause can last a year at most.');
  return until;
}

/** Pauses renewals until a day: no kit and no charge before it; the period still advances. */
export function pauseSubscription(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
  untilText: string,
): Promise<SubscriptionDetail> {
  const until = pauseUntil(untilText, deps.clock.now());
  return change(deps, subscriber, id, (record, { actions }) => {
    if (record.status === 'paused' && record.pausedUntil?.getTime() === until.getTime())
      return null;
    if (record.status === 'past_due')
      throw conflict('This subscription has an unpaid renewal: update your card to pay it first.');
    if (!actions.pause)
      throw conflict(
        record.cancelAtPeriodEnd
          ? 'This subscription ends at the end of its period: keep it before pausing it.'
          : 'This subscription cannot be paused now.',
      );
    return {
      fields: { status: 'paused', paused_until: until },
      action: 'pause',
      detail: { until: until.toISOString() },
      mail: { action: 'pause', until },
      mirror: { type: 'pause', until },
    };
  });
}

/** Ends a pause at once: renewals bill again from the next renewal date. */
export function resumeSubscription(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
): Promise<SubscriptionDetail> {
  return change(deps, subscriber, id, (record) => {
    if (record.status === 'active') return null;
    if (record.status !== 'paused') throw conflict('This subscription is not paused.');
    return {
      fields: { status: 'active', paused_until: null },
      action: 'resume',
      detail: {},
      mail: { action: 'resume' },
      mirror: { type: 'resume' },
    };
  });
}

/** Skips the next renewal (its kit and its charge); only the next one can be skipped. */
export function skipNextRenewal(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
): Promise<SubscriptionDetail> {
  return change(deps, subscriber, id, (record, { actions }) => {
    const cycle = record.renewedCycles + 1;
    if (record.skippedCycle === cycle) return null;
    if (!actions.skip)
      throw conflict('The next renewal of this subscription cannot be skipped now.');
    const renewalAt = renewalDate(record, cycle);
    return {
      fields: { skipped_cycle: cycle },
      action: 'skip',
      detail: { cycle, renewalAt: renewalAt.toISOString() },
      mail: { action: 'skip', skippedAt: renewalAt },
      mirror: { type: 'skip', renewalAt },
    };
  });
}

/** Undoes the skip before the skipped renewal runs. */
export function unskipNextRenewal(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
): Promise<SubscriptionDetail> {
  return change(deps, subscriber, id, (record, { actions }) => {
    if (record.skippedCycle === null) return null;
    if (!actions.unskip) throw conflict('The skipped renewal has already passed.');
    const renewalAt = renewalDate(record, record.skippedCycle);
    return {
      fields: { skipped_cycle: null },
      action: 'unskip',
      detail: { cycle: record.skippedCycle },
      mail: { action: 'unskip', renewalAt },
      mirror: { type: 'unskip' },
    };
  });
}

const invalidInterval = (message: string) =>
  new AppError(422, 'VALIDATION_ERROR', message, { lookupKey: message });

/** The subscription as it would be after switching to `option` at the next renewal. */
function switched(record: SubscriptionRecord, option: PlanOption): SubscriptionRecord {
  return {
    ...record,
    priceId: option.priceId,
    billingAnchor: record.currentPeriodEnd,
    anchorCycle: record.renewedCycles + 1,
    price: {
      ...record.price,
      lookupKey: option.lookupKey,
      unitAmount: option.unitAmount,
      interval: option.interval,
      intervalCount: option.intervalCount,
    },
  };
}

function previewOf(
  record: SubscriptionRecord,
  options: PlanOption[],
  lookupKey: string,
): { option: PlanOption; preview: IntervalChangePreview } {
  const option = options.find((candidate) => candidate.lookupKey === lookupKey);
  if (!option) throw invalidInterval('This interval is not offered for your plan.');
  if (option.current) throw invalidInterval('Your subscription already renews at this interval.');
  const after = switched(record, option);
  const next = nextBilledRenewal(after);
  return {
    option,
    preview: {
      lookupKey: option.lookupKey,
      interval: option.interval,
      intervalCount: option.intervalCount,
      dueNow: 0,
      nextRenewalAt: (next?.at ?? record.currentPeriodEnd).toISOString(),
      nextRenewalAmount: centsFromDb(option.unitAmount * record.quantity),
      currency: record.price.currency as Currency,
    },
  };
}

/** What switching interval costs: nothing now, the new price from the next renewal. */
export async function previewIntervalChange(
  deps: Pick<ManageDeps, 'db'>,
  subscriber: Subscriber,
  id: string,
  lookupKey: string,
): Promise<IntervalChangePreview> {
  const record = await findOwnedSubscription(deps.db, id, subscriber.id);
  if (!record) throw notFound(SUBSCRIPTION_NOT_FOUND);
  if (record.status === 'canceled') throw conflict(ENDED);
  const options = await planOptions(deps.db, record);
  if (!allowedActions(record, options.length).changeInterval)
    throw conflict('The interval of this subscription cannot be changed now.');
  return previewOf(record, options, lookupKey).preview;
}

/**
 * Switches to another of the plan's intervals from the next renewal (re-anchored there); the
 * amount the subscriber saw in the preview must still be the price, or 409.
 */
export function changeInterval(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
  body: IntervalChangeBody,
): Promise<SubscriptionDetail> {
  return change(deps, subscriber, id, (record, { actions, options }) => {
    if (record.price.lookupKey === body.lookupKey && !record.cancelAtPeriodEnd) return null;
    if (!actions.changeInterval)
      throw conflict('The interval of this subscription cannot be changed now.');
    const { option, preview } = previewOf(record, options, body.lookupKey);
    if (preview.nextRenewalAmount !== body.expectedNextRenewalAmount)
      throw conflict('The price of this interval has changed. Please review it again.');
    const effectiveAt = record.currentPeriodEnd;
    return {
      fields: {
        price_id: option.priceId,
        billing_anchor: effectiveAt,
        anchor_cycle: record.renewedCycles + 1,
      },
      action: 'interval',
      detail: {
        from: record.price.lookupKey,
        to: option.lookupKey,
        interval: option.interval,
        intervalCount: option.intervalCount,
        effectiveAt: effectiveAt.toISOString(),
        amount: preview.nextRenewalAmount,
      },
      mail: {
        action: 'interval',
        every: everyInterval(option.interval, option.intervalCount),
        plan: option.title,
        from: effectiveAt,
        amount: preview.nextRenewalAmount,
      },
      mirror: { type: 'interval', priceId: option.priceId, effectiveAt },
    };
  });
}

/**
 * Charges renewals to another of the subscriber's saved cards. A past-due subscription is tried
 * again at once with it.
 */
export async function updateSubscriptionCard(
  deps: ManageDeps,
  subscriber: Subscriber,
  id: string,
  paymentMethodId: string,
): Promise<SubscriptionDetail> {
  const owned = await findOwnedSubscription(deps.db, id, subscriber.id);
  if (!owned) throw notFound(SUBSCRIPTION_NOT_FOUND);
  // The subscriber's saved cards are on their own customer (where the account adds them).
  const customer = await deps.provider.findCustomerByUserId(subscriber.id);
  const method = customer
    ? await deps.provider.getPaymentMethod(customer.id, paymentMethodId)
    : null;
  if (!customer || !method) throw notFound('Payment method not found');
  const updated = await change(deps, subscriber, id, (record, { now }) => {
    if (record.paymentMethodId === method.id && record.customerId === customer.id) return null;
    return {
      fields: {
        payment_method_id: method.id,
        customer_id: customer.id,
        ...(record.status === 'past_due' ? { next_retry_at: now } : {}),
      },
      action: 'card',
      detail: { paymentMethodId: method.id, retryNow: record.status === 'past_due' },
      mail: { action: 'card', card: cardLabel(method) },
      mirror: { type: 'card', paymentMethodId: method.id },
    };
  });
  // An unpaid renewal (past due, or paused when its tries ran out) is tried with the new card now.
  const waiting =
    updated.status === 'past_due' || (updated.status === 'paused' && updated.pausedUntil === null);
  if (!waiting || !deps.retryRenewal) return updated;
  await deps.retryRenewal(id);
  const after = await findOwnedSubscription(deps.db, id, subscriber.id);
  return after ? subscriptionDetail(deps, after) : updated;
}
