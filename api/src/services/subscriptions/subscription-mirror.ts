// Every change the shop records (the subscriber's or an operator's) is mirrored to the provider
// that bills the cycle through a job queued in the change's own transaction: a mirror that fails
// (Stripe down, or its subscription not started yet) is retried with backoff and ends dead where
// operators see it, instead of leaving Stripe behind our record after one logged error.
import { z } from 'zod';
import type { Database, Executor } from '../../db/schema';
import { findEarlierUnfinishedJob } from '../../repositories/jobs-repository';
import { findSubscription } from '../../repositories/subscriptions-repository';
import { defineJobKind, PermanentJobError, type JobQueue } from '../jobs/job-queue';
import {
  toBilled,
  type SubscriptionBilling,
  type SubscriptionChange,
} from './subscription-billing';

const changeSchema: z.ZodType<SubscriptionChange> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cancel-at-period-end') }),
  z.object({ type: z.literal('keep') }),
  z.object({ type: z.literal('cancel-now') }),
  z.object({ type: z.literal('pause'), until: z.coerce.date() }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('skip'), renewalAt: z.coerce.date() }),
  z.object({ type: z.literal('unskip') }),
  z.object({ type: z.literal('interval'), priceId: z.string(), effectiveAt: z.coerce.date() }),
  z.object({ type: z.literal('card'), paymentMethodId: z.string() }),
]);

/** One recorded change to mirror; `priceId` is the price the subscription had before it. */
export const mirrorJob = defineJobKind({
  name: 'subscription.mirror',
  payload: z.object({
    subscriptionId: z.string().min(1),
    changeId: z.number().int(),
    priceId: z.string().min(1),
    change: changeSchema,
  }),
  // Outlasts the start job's tries (a change made before Stripe's subscription exists waits).
  maxAttempts: 12,
});

/** A later change's mirror waits for the earlier ones of the same subscription. */
export class EarlierMirrorPendingError extends Error {
  constructor(subscriptionId: string, jobId: number) {
    super(`Subscription ${subscriptionId} has an earlier change not mirrored yet (job ${jobId})`);
    this.name = 'EarlierMirrorPendingError';
  }
}

export interface RecordedChange {
  subscription: { id: string; provider: 'test' | 'stripe'; priceId: string };
  changeId: number;
  change: SubscriptionChange;
}

/**
 * Queues the mirror of a change inside its transaction (so it exists only if the change commits);
 * the built-in provider has nothing to mirror and queues nothing. True when a job was queued: wake
 * the runner after the commit.
 */
export async function queueMirror(
  trx: Executor,
  jobs: JobQueue,
  { subscription, changeId, change }: RecordedChange,
): Promise<boolean> {
  if (subscription.provider === 'test') return false;
  const { created } = await jobs.enqueue(
    trx,
    mirrorJob,
    { subscriptionId: subscription.id, changeId, priceId: subscription.priceId, change },
    // No singleton key: a second key-holder would swallow the later change instead of queueing it.
    { key: `subscription-change:${changeId}:mirror` },
  );
  return created;
}

/**
 * Registers the mirror's handler. Changes of one subscription reach the provider in the order they
 * were made: a mirror runs only once every earlier one of its subscription has completed (a dead
 * one holds the later ones back until an operator requeues it), otherwise it is retried later.
 */
export function handleMirrors(
  jobs: JobQueue,
  deps: { db: Database; billing: SubscriptionBilling },
): void {
  jobs.handle(mirrorJob, async ({ subscriptionId, changeId, priceId, change }, context) => {
    const earlier = await findEarlierUnfinishedJob(deps.db, {
      kind: mirrorJob.name,
      beforeId: context.id,
      field: 'subscriptionId',
      value: subscriptionId,
    });
    if (earlier) throw new EarlierMirrorPendingError(subscriptionId, earlier.id);
    const record = await findSubscription(deps.db, subscriptionId);
    if (!record) throw new PermanentJobError(`No subscription ${subscriptionId}`);
    // Ended since: only its end is worth telling the provider.
    if (record.status === 'canceled' && change.type !== 'cancel-now') return;
    // The record as it is now (Stripe's id arrives with the start), at the price it had before the
    // change (the running phase of an interval change keeps it).
    await deps.billing.mirror({ ...toBilled(record), priceId }, change, changeId);
  });
}
