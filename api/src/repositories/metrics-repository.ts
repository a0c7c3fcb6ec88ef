import { sql } from 'kysely';
import { toCount } from '../lib/count';
import type { Executor } from '../db/schema';

export interface StatusCount {
  status: string;
  count: number;
}

export interface JobCount extends StatusCount {
  kind: string;
}

export interface RefundTotal extends StatusCount {
  cents: number;
}

/**
 * Rows per status of orders or of renewal charges, all time: the database is the one record every
 * instance shares.
 */
export async function countByStatus(
  db: Executor,
  table: 'orders' | 'subscription_renewals',
): Promise<StatusCount[]> {
  const rows = await sql<StatusCount>`select status, count(*)::int8 as count from ${sql.table(
    table,
  )} group by status`.execute(db);
  return rows.rows;
}

/** The shop's refunds per status, with their cents. */
export async function sumRefundsByStatus(db: Executor): Promise<RefundTotal[]> {
  return db
    .selectFrom('order_refunds')
    .select([
      'status',
      sql<number>`count(*)::int8`.as('count'),
      sql<number>`coalesce(sum(amount_cents), 0)::int8`.as('cents'),
    ])
    .groupBy('status')
    .execute();
}

/** Live and dead jobs per kind; completed ones are history, not backlog, and are not scanned. */
export async function countOpenJobs(db: Executor): Promise<JobCount[]> {
  return db
    .selectFrom('jobs')
    .select(['kind', 'status', sql<number>`count(*)::int8`.as('count')])
    .where('status', 'in', ['queued', 'running', 'dead'])
    .groupBy(['kind', 'status'])
    .execute();
}

/** Mail not delivered yet: still to be tried, or dead after `maxAttempts` (the outbox's partial index). */
export async function countUndeliveredMail(
  db: Executor,
  maxAttempts: number,
): Promise<{ queued: number; dead: number }> {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number>`count(*) filter (where attempts < ${maxAttempts})::int8`.as('queued'),
      sql<number>`count(*) filter (where attempts >= ${maxAttempts})::int8`.as('dead'),
    ])
    .where('delivered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { queued: toCount(row.queued), dead: toCount(row.dead) };
}
