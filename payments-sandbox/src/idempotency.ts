// Idempotency keys of requests that act on an object that already exists (confirm, cancel): one
// key is one request; sent again it changes nothing, sent with another request it is refused.
// The key is claimed in the statement that locks the object (charges.ts).
import type { Executor } from './db/schema';
import { IdempotencyConflictError } from '@shop/shared/payments/provider-contract';

/** A key taken before: 'repeat' when this same request took it, IdempotencyConflictError if not. */
export async function repeatOf(
  trx: Executor,
  key: string,
  objectId: string,
  requestFingerprint: string,
): Promise<'repeat'> {
  const used = await trx
    .selectFrom('payment_idempotency_keys')
    .select(['object_id', 'request_fingerprint'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (used.object_id !== objectId || used.request_fingerprint !== requestFingerprint)
    throw new IdempotencyConflictError(key);
  return 'repeat';
}
