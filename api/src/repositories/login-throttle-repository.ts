import { sql } from 'kysely';
import type { Executor } from '../db/schema';

/** When the account's next log-in may be tried, or null when it is free to try now. */
export async function findLoginLock(db: Executor, emailHash: string): Promise<Date | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Counts one failed log-in and returns the count. One statement, so failures arriving at two
 * instances at once are both counted; a failure after a quiet `window` starts the count afresh.
 */
export async function recordLoginFailure(
  db: Executor,
  { emailHash, now, windowStart }: { emailHash: string; now: Date; windowStart: Date },
): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ email_hash: emailHash, failures: 1, last_failed_at: now })
    .onConflict((oc) =>
      oc.column('email_hash').doUpdateSet({
        failures: sql<number>`case when login_throttle.last_failed_at < ${windowStart} then 1 else login_throttle.failures + 1 end`,
        last_failed_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Locks until `until`, never shortening a longer lock another instance set meanwhile. */
export async function lockLogin(db: Executor, emailHash: string, until: Date): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ locked_until: sql<Date>`greatest(locked_until, ${until})` })
    .where('email_hash', '=', emailHash)
    .execute();
}

export async function clearLoginThrottle(db: Executor, emailHash: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('email_hash', '=', emailHash).execute();
}

/**
 * Deletes counts that no longer matter: the last failure is older than the window (the next one
 * would start afresh) and no wait is running. Answers how many.
 */
export async function deleteStaleLoginThrottles(
  db: Executor,
  { now, windowStart }: { now: Date; windowStart: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where('last_failed_at', '<', windowStart)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
