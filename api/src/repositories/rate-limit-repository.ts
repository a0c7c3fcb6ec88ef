// Rate-limit counts shared by every API instance: one row per limit and client key.
import { sql } from 'kysely';
import type { Executor } from '../db/schema';

export interface RateLimitCount {
  hits: number;
  windowEndsAt: Date;
}

/**
 * Counts one hit and answers the window's count. One statement, so hits arriving at two
 * instances at once are both counted; a hit after the window ended starts a new one.
 */
export async function countRateLimitHit(
  db: Executor,
  { key, now, windowMs }: { key: string; now: Date; windowMs: number },
): Promise<RateLimitCount> {
  const endsAt = new Date(now.getTime() + windowMs);
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, hits: 1, window_ends_at: endsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limit_hits.window_ends_at <= ${now} then 1 else rate_limit_hits.hits + 1 end`,
        window_ends_at: sql<Date>`case when rate_limit_hits.window_ends_at <= ${now} then ${endsAt} else rate_limit_hits.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowEndsAt: new Date(row.window_ends_at) };
}

/** The window's count without counting; null when the key has no live window. */
export async function readRateLimitHits(
  db: Executor,
  key: string,
  now: Date,
): Promise<RateLimitCount | null> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select(['hits', 'window_ends_at'])
    .where('key', '=', key)
    .where('window_ends_at', '>', now)
    .executeTakeFirst();
  return row ? { hits: row.hits, windowEndsAt: new Date(row.window_ends_at) } : null;
}

/** Deletes windows that ended at or before `now`; answers how many. */
export async function deleteEndedRateLimitWindows(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('window_ends_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
