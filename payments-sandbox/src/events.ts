// The test provider's event outbox: every state change writes its Stripe-shaped event in the
// same transaction, and a delivery pass later posts each one, signed, to the shop's webhook.
import type { Database, Executor } from './db/schema';
import { createPrefixedId } from './lib/ids';

export type EventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'payment_intent.processing'
  | 'payment_intent.requires_action'
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'setup_intent.requires_action';

/** An event's row in the outbox: a Stripe-shaped event of `type` about `object`. */
export function eventRow(type: EventType, object: Record<string, unknown>) {
  const id = createPrefixedId('evt');
  const event = {
    id,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  };
  return { id, type, payload: JSON.stringify(event) };
}

export async function insertEvent(
  trx: Executor,
  type: EventType,
  object: Record<string, unknown>,
): Promise<string> {
  const row = eventRow(type, object);
  await trx.insertInto('payment_provider_events').values(row).execute();
  return row.id;
}

export interface ClaimedEvent {
  id: string;
  body: string;
  attempts: number;
}

/**
 * Claims up to `limit` due events, oldest first. The claim pushes next_attempt_at out by
 * `leaseMs`, so an event a crashed instance held goes out later; SKIP LOCKED keeps two instances
 * off the same rows.
 */
export async function claimDueEvents(
  db: Database,
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedEvent[]> {
  const rows = await db
    .updateTable('payment_provider_events')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + leaseMs),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('payment_provider_events')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('seq')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'seq', 'payload', 'attempts'])
    .execute();
  return rows
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((row) => ({ id: row.id, body: JSON.stringify(row.payload), attempts: row.attempts }));
}

/** Marks a batch's delivered events in one statement. */
export async function markEventsDelivered(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('payment_provider_events')
    .set({ delivered_at: new Date(), last_error: null })
    .where('id', 'in', ids)
    .execute();
}

export async function markEventFailed(
  db: Database,
  id: string,
  { error, retryAt }: { error: string; retryAt: Date },
): Promise<void> {
  await db
    .updateTable('payment_provider_events')
    .set({ last_error: error.slice(0, 1000), next_attempt_at: retryAt })
    .where('id', '=', id)
    .execute();
}
