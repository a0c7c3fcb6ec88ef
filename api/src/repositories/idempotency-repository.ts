import type { QueryCreator } from 'kysely';
import type { DB, Executor } from '../db/schema';

export interface IdempotencyRecord {
  requestHash: string;
  orderId: string | null;
  responseStatus: number | null;
}

/**
 * Takes the key for this request. The primary key (scope, key) decides between concurrent
 * requests on any database: exactly one insert wins, the others see the winner's row.
 */
export async function claimIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
  requestHash: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
): Promise<IdempotencyRecord | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'order_id', 'response_status'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row
    ? { requestHash: row.request_hash, orderId: row.order_id, responseStatus: row.response_status }
    : null;
}

/** The update that records a key's outcome. */
function completeIdempotencyKeyQuery(
  db: QueryCreator<DB>,
  scope: string,
  key: string,
  orderId: string,
  responseStatus: number,
) {
  return db
    .updateTable('idempotency_keys')
    .set({ order_id: orderId, response_status: responseStatus })
    .where('scope', '=', scope)
    .where('key', '=', key);
}

/** Records the outcome; later requests with the key get this order back. */
export async function completeIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
  orderId: string,
  responseStatus: number,
): Promise<void> {
  await completeIdempotencyKeyQuery(db, scope, key, orderId, responseStatus).execute();
}

/** A request that failed before making an order gives its key back, so the shopper can try again. */
export async function releaseIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('order_id', 'is', null)
    .execute();
}

/**
 * Hands a key whose request was declined (answered `declinedStatus`) to another request: the
 * claim is this request's from now on. False when the key holds anything else, or another
 * request took it first.
 */
export async function takeOverDeclinedKey(
  db: Executor,
  claim: { scope: string; key: string; declinedHash: string; requestHash: string },
  declinedStatus: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({
      request_hash: claim.requestHash,
      order_id: null,
      response_status: null,
      response_body: null,
      created_at: new Date(),
    })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('request_hash', '=', claim.declinedHash)
    .where('response_status', '=', declinedStatus)
    .returning('key')
    .executeTakeFirst();
  return taken !== undefined;
}
