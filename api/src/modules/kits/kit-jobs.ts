// A paid order's kits are made by a job queued in the same statement or transaction that marks the
// order paid (as its receipt), so the kits exist exactly when the paid state does; the job's key
// and the kits' own (order, line, unit) key make a retried or repeated job change nothing.
import { z } from 'zod';
import type { Executor } from '../../db/schema';
import { insertJob } from '../../repositories/jobs-repository';
import { defineJobKind, type JobQueue } from '../../services/jobs/job-queue';
import { createKitsForOrder } from './kit-service';

export const kitsForOrderJob = defineJobKind({
  name: 'kits.create-for-order',
  payload: z.object({ orderId: z.string().uuid() }),
  maxAttempts: 10,
});

/** One kits job per order, however often its payment is reported. */
export const kitsJobKey = (orderId: string) => `order:${orderId}:kits`;

/** Queues the kits of an order that has just become paid, in the transaction that made it so. */
export async function queueKitsForOrder(trx: Executor, orderId: string, now: Date): Promise<void> {
  await insertJob(trx, {
    kind: kitsForOrderJob.name,
    payload: { orderId },
    runAt: now,
    maxAttempts: kitsForOrderJob.maxAttempts,
    key: kitsJobKey(orderId),
    now,
  });
}

/** Registers the kits job's handler; the kits' time is the shop clock's. */
export function handleKitJobs(jobs: JobQueue, deps: { db: Executor }): void {
  jobs.handle(kitsForOrderJob, async ({ orderId }, context) => {
    await createKitsForOrder(deps.db, orderId, context.now());
  });
}
