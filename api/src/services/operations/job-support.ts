// What an operator sees of the job queue and does with it: dead and failing jobs, and a retry,
// recorded in the audit log like every operator action.
import type { OpsJob } from '@shop/shared/contract/ops';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';
import {
  findJob,
  listTroubledJobs,
  requeueJob,
  type JobRecord,
  type JobTrouble,
} from '../../repositories/jobs-repository';
import type { JobQueue } from '../jobs/job-queue';

function opsJob(job: JobRecord): OpsJob {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    key: job.key,
    singletonKey: job.singletonKey,
    payload: job.payload,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    runAt: job.runAt.toISOString(),
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export async function listJobsForOperator(
  db: Database,
  query: { state: JobTrouble; limit: number; before?: number },
): Promise<OpsJob[]> {
  return (await listTroubledJobs(db, query)).map(opsJob);
}

/** Puts a dead or failing job back in the queue, due now; the runner is woken after commit. */
export async function retryJobForOperator(
  deps: { db: Database; jobs: Pick<JobQueue, 'wake'>; clock: Clock },
  { id, actor, requestId }: { id: number; actor: AuditActor; requestId?: string },
): Promise<OpsJob> {
  const retried = await deps.db.transaction().execute(async (trx) => {
    const before = await findJob(trx, id);
    if (!before) throw notFound('Job not found');
    const after = await requeueJob(trx, id, { now: deps.clock.now(), at: new Date() });
    if (!after)
      throw new AppError(
        409,
        'CONFLICT',
        before.status === 'dead' && before.singletonKey
          ? `Job ${id} cannot be retried: its subject (${before.singletonKey}) has a live job, or the job is not dead any more.`
          : `Job ${id} is ${before.status}: only dead jobs and failing ones waiting for a retry can be retried.`,
      );
    await recordAudit(trx, {
      actor,
      action: 'job.retry',
      target: `job:${id}`,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: after.status, attempts: after.attempts, runAt: after.runAt.toISOString() },
      requestId,
    });
    return after;
  });
  deps.jobs.wake();
  return opsJob(retried);
}
