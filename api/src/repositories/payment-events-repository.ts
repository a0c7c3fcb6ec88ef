import type { Executor } from '../db/schema';

/**
 * Records a provider event id; false when it was recorded before (a repeat). Call in the
 * transaction that applies the event, so an event is applied exactly when its id is stored.
 */
export async function recordPaymentEvent(
  trx: Executor,
  event: { id: string; type: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({ id: event.id, type: event.type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Records a batch of provider event ids in one statement; the ids not recorded before. */
export async function recordPaymentEvents(
  trx: Executor,
  events: ReadonlyArray<{ id: string; type: string }>,
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const inserted = await trx
    .insertInto('payment_events')
    .values(events.map((event) => ({ id: event.id, type: event.type })))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((row) => row.id));
}

/** Whether an event id was applied already (a repeat needs no provider call before it). */
export async function paymentEventSeen(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
