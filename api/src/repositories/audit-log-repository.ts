import type { Executor } from '../db/schema';
import { toCount } from '../lib/count';

/**
 * Who did it: an operator's session (console), the CLI through the API, the CLI on the database,
 * or the payment provider (a dispute opened by the card holder's bank).
 */
export interface AuditActor {
  userId: string | null;
  name: string;
  via: 'console' | 'cli' | 'cli-direct' | 'provider';
}

export interface AuditEntryInput {
  actor: AuditActor;
  /** e.g. delivery.rollback (a release change), partner.update, order.refund. */
  action: string;
  /** What it acted on: a remote, a shop key, an order id. */
  target: string;
  before: unknown;
  after: unknown;
  requestId?: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  via: AuditActor['via'];
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function recordAudit(db: Executor, entry: AuditEntryInput): Promise<void> {
  await db
    .insertInto('operator_audit_log')
    .values({
      actor_user_id: entry.actor.userId,
      actor: entry.actor.name,
      via: entry.actor.via,
      action: entry.action,
      target: entry.target,
      before: asJson(entry.before),
      after: asJson(entry.after),
      request_id: entry.requestId ?? null,
    })
    .execute();
}

/** Newest first; `before` is the id of the last entry of the previous page. */
export async function listAudit(
  db: Executor,
  page: { limit: number; before?: number },
): Promise<AuditEntry[]> {
  let query = db.selectFrom('operator_audit_log').selectAll();
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({
    id: toCount(row.id),
    at: row.at.toISOString(),
    actor: row.actor,
    via: row.via,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
