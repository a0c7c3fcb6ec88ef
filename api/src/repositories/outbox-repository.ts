import type { Executor } from '../db/schema';
import { claimDueRows } from '../db/claim-due-rows';
import type { MailMessage } from '../lib/email';

export interface OutboxEntry {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Newest first, optionally for one recipient. */
export async function listOutbox(db: Executor, to?: string, limit = 50): Promise<OutboxEntry[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Writes one message. `delivered` when the table is where the mail ends (the dev outbox);
 * otherwise it waits for the sender. Takes the caller's executor, so the mail is queued in the
 * same transaction as the change it reports. A message with a `dedupeKey` already queued is
 * dropped (false).
 */
export async function insertOutboxMessage(
  db: Executor,
  message: MailMessage & { from: string },
  {
    delivered,
    now = new Date(),
    dedupeKey = null,
  }: { delivered: boolean; now?: Date; dedupeKey?: string | null },
): Promise<boolean> {
  const result = await db
    .insertInto('outbox')
    .values({
      to_address: message.to.trim().toLowerCase(),
      from_address: message.from,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      created_at: now,
      next_attempt_at: now,
      delivered_at: delivered ? now : null,
      dedupe_key: dedupeKey,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface QueuedMail extends MailMessage {
  id: number;
  from: string;
  attempts: number;
}

/**
 * Claims up to `limit` due messages for one sender. The claim pushes next_attempt_at out by
 * `leaseMs`, so mail a crashed sender held is tried again later; SKIP LOCKED keeps two
 * instances off the same rows.
 */
export async function claimDueMail(
  db: Executor,
  {
    now,
    leaseMs,
    limit,
    maxAttempts,
  }: { now: Date; leaseMs: number; limit: number; maxAttempts: number },
): Promise<QueuedMail[]> {
  const rows = await claimDueRows(db, {
    table: 'outbox',
    due: (mail) =>
      mail
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where('attempts', '<', maxAttempts)
        .orderBy('id'),
    limit,
    lease: (eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + leaseMs),
    }),
  })
    .returningAll()
    .execute();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      to: row.to_address,
      from: row.from_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body ?? undefined,
      attempts: row.attempts,
    }));
}

export async function markMailDelivered(db: Executor, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ delivered_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(
  db: Executor,
  id: number,
  { error, retryAt }: { error: string; retryAt: Date },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 1000), next_attempt_at: retryAt })
    .where('id', '=', id)
    .execute();
}
