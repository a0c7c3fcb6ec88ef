import { sql, type Selectable } from 'kysely';
import type { Executor, JobStatus, JobsTable } from '../db/schema';
import { claimDueRows } from '../db/claim-due-rows';
import { toCount } from '../lib/count';

export interface JobRecord {
  id: number;
  kind: string;
  payload: unknown;
  key: string | null;
  singletonKey: string | null;
  status: JobStatus;
  runAt: Date;
  /** Claims so far; the claim that is running now counts. */
  attempts: number;
  maxAttempts: number;
  lockedUntil: Date | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

function toJob(row: Selectable<JobsTable>): JobRecord {
  return {
    id: toCount(row.id),
    kind: row.kind,
    payload: row.payload,
    key: row.job_key,
    singletonKey: row.singleton_key,
    status: row.status,
    runAt: row.run_at,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lockedUntil: row.locked_until,
    lockedBy: row.locked_by,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

const LIVE: readonly JobStatus[] = ['queued', 'running'];
const ERROR_LIMIT = 2_000;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  key?: string | null;
  singletonKey?: string | null;
  now: Date;
}

/**
 * Queues a job, or answers the job that holds its key (any status: the same key is the same job)
 * or its singleton key (while that job is queued or running). `created` says which.
 */
export async function insertJob(
  db: Executor,
  job: NewJob,
): Promise<{ job: JobRecord; created: boolean }> {
  const key = job.key ?? null;
  const singletonKey = job.singletonKey ?? null;
  // The holder of a singleton key can finish between the insert and the read; then insert again.
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? {}),
        job_key: key,
        singleton_key: singletonKey,
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { job: toJob(inserted), created: true };
    const holder = await db
      .selectFrom('jobs')
      .selectAll()
      .where((eb) => {
        const holds = [];
        if (key !== null) holds.push(eb('job_key', '=', key));
        if (singletonKey !== null)
          holds.push(eb.and([eb('singleton_key', '=', singletonKey), eb('status', 'in', LIVE)]));
        return eb.or(holds);
      })
      // The key's own job before a live job of the same subject.
      .orderBy(sql`job_key is not distinct from ${key}`, 'desc')
      .limit(1)
      .executeTakeFirst();
    if (holder) return { job: toJob(holder), created: false };
  }
  throw new Error(`Could not queue job ${job.kind}: its keys kept changing hands`);
}

/**
 * Claims up to `limit` jobs of the given kinds: queued ones due by `now` (the shop's clock) and
 * running ones whose lease ended by `leaseNow` (the machine's clock: a runner that stopped). Each
 * claim counts as an attempt and leases the job until its kind's `leaseUntil`; SKIP LOCKED keeps
 * runners on other connections off the same rows.
 */
export async function claimJobs(
  db: Executor,
  {
    kinds,
    now,
    leaseNow,
    leaseUntil,
    limit,
    runnerId,
  }: {
    kinds: readonly string[];
    now: Date;
    leaseNow: Date;
    leaseUntil: (kind: string) => Date;
    limit: number;
    runnerId: string;
  },
): Promise<JobRecord[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  // One statement for every kind: each kind's lease end, chosen by a case on the row's kind.
  const leaseEnds = sql.join(
    kinds.map((kind) => sql`when ${kind} then ${leaseUntil(kind)}::timestamptz`),
    sql` `,
  );
  const rows = await claimDueRows(db, {
    table: 'jobs',
    due: (jobs) =>
      jobs
        .where('kind', 'in', kinds)
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]),
            w.and([w('status', '=', 'running'), w('locked_until', '<=', leaseNow)]),
          ]),
        )
        .where((w) => w('attempts', '<', w.ref('max_attempts')))
        .orderBy('run_at')
        .orderBy('id'),
    limit,
    lease: (eb) => ({
      status: 'running' as const,
      attempts: eb('attempts', '+', 1),
      locked_until: sql<Date>`case kind ${leaseEnds} end`,
      locked_by: runnerId,
      updated_at: leaseNow,
    }),
  })
    .returningAll()
    .execute();
  return rows.map(toJob).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * Running jobs whose lease ended on their last allowed attempt (their runner stopped each time)
 * become dead instead of being claimed again. Answers how many.
 */
export async function buryExhaustedJobs(
  db: Executor,
  { leaseNow, now }: { leaseNow: Date; now: Date },
): Promise<number> {
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'dead' as const,
      locked_until: null,
      finished_at: now,
      updated_at: leaseNow,
      last_error: sql<string>`${'the runner stopped before finishing (lease expired); last error: '} || coalesce(${eb.ref('last_error')}, 'none')`,
    }))
    .where('status', '=', 'running')
    .where('locked_until', '<=', leaseNow)
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .returning('id')
    .execute();
  return rows.length;
}

/** The claim a runner holds: the job and the attempt it claimed (a fencing token). */
export interface JobLease {
  id: number;
  attempt: number;
}

/** Finishes a job; false when this runner no longer held it (its lease ended and another took it). */
export async function completeJob(
  db: Executor,
  lease: JobLease,
  { now, at }: { now: Date; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'completed',
      locked_until: null,
      last_error: null,
      finished_at: now,
      updated_at: at,
    })
    .where('id', '=', lease.id)
    .where('status', '=', 'running')
    .where('attempts', '=', lease.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed attempt: queued again at `retryAt`, or dead when it is null. */
export async function failJob(
  db: Executor,
  lease: JobLease,
  { error, retryAt, now, at }: { error: string; retryAt: Date | null; now: Date; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: retryAt ? 'queued' : 'dead',
      run_at: retryAt ?? undefined,
      locked_until: null,
      last_error: error.slice(0, ERROR_LIMIT),
      finished_at: retryAt ? null : now,
      updated_at: at,
    })
    .where('id', '=', lease.id)
    .where('status', '=', 'running')
    .where('attempts', '=', lease.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a running job's lease (a heartbeat); false when the runner lost it. */
export async function extendJobLease(
  db: Executor,
  lease: JobLease,
  { until, at }: { until: Date; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: until, updated_at: at })
    .where('id', '=', lease.id)
    .where('status', '=', 'running')
    .where('attempts', '=', lease.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findJob(db: Executor, id: number): Promise<JobRecord | null> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Jobs an operator should look at. */
export type JobTrouble = 'dead' | 'failing';

/**
 * Dead jobs (newest first), or failing ones: queued or running again after a failed attempt
 * (soonest retry first). `before` pages on by id.
 */
export async function listTroubledJobs(
  db: Executor,
  { state, limit, before }: { state: JobTrouble; limit: number; before?: number },
): Promise<JobRecord[]> {
  let query = db.selectFrom('jobs').selectAll();
  query =
    state === 'dead'
      ? query.where('status', '=', 'dead').orderBy('id', 'desc')
      : query.where('status', 'in', LIVE).where('last_error', 'is not', null).orderBy('id', 'desc');
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.limit(limit).execute();
  return rows.map(toJob);
}

/**
 * Puts a dead job, or a failing one waiting for its retry, back in the queue due now with a fresh
 * count of tries. Null when the job is not in such a state, or when its singleton key's subject
 * has another live job now (it would be a second one).
 */
export async function requeueJob(
  db: Executor,
  id: number,
  { now, at }: { now: Date; at: Date },
): Promise<JobRecord | null> {
  const row = await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: now,
      attempts: 0,
      locked_until: null,
      locked_by: null,
      finished_at: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'dead'),
        eb.and([eb('status', '=', 'queued'), eb('last_error', 'is not', null)]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs as live')
            .select('live.id')
            .whereRef('live.singleton_key', '=', 'jobs.singleton_key')
            .whereRef('live.id', '<>', 'jobs.id')
            .where('live.status', 'in', LIVE),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Deletes completed jobs finished before `before` (their keys free again). Answers how many. */
export async function pruneCompletedJobs(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'completed')
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Tells every instance listening on `channel` that jobs are waiting; sent when `db` commits. */
export async function notifyJobRunners(db: Executor, channel: string): Promise<void> {
  await sql`select pg_notify(${channel}, 'enqueued')`.execute(db);
}

/**
 * The oldest job of `kind` queued before job `beforeId` whose payload field `field` is `value` and
 * that has not completed (queued, running or dead), or null: what a job that must run after the
 * earlier ones of the same subject waits for.
 */
export async function findEarlierUnfinishedJob(
  db: Executor,
  {
    kind,
    beforeId,
    field,
    value,
  }: { kind: string; beforeId: number; field: string; value: string },
): Promise<JobRecord | null> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('id', '<', beforeId)
    .where('status', '<>', 'completed')
    .where(sql<string>`payload ->> ${field}`, '=', value)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? toJob(row) : null;
}
