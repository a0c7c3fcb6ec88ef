import type { BnplConsent } from '@shop/shared/contract/checkout';
import type { Executor } from '../db/schema';

interface ConsentRow {
  id: string;
  email: string;
  terms_version: string;
  accepted_at: Date;
  order_id: string | null;
}

const toConsent = (row: ConsentRow): BnplConsent => ({
  id: row.id,
  email: row.email,
  termsVersion: row.terms_version,
  acceptedAt: row.accepted_at.toISOString(),
  orderId: row.order_id,
});

const COLUMNS = ['id', 'email', 'terms_version', 'accepted_at', 'order_id'] as const;

/** A consent and who gave it (see services/checkout/buyer.ts). */
export interface StoredBnplConsent {
  consent: BnplConsent;
  user_id: string | null;
  buyer_token_hash: string | null;
}

/** The shopper's explicit acceptance of the pay-later terms, with where it came from. */
export async function recordBnplConsent(
  db: Executor,
  input: {
    sessionId: string;
    email: string;
    termsVersion: string;
    ip: string | null;
    userAgent: string | null;
    userId: string | null;
    buyerTokenHash: string | null;
  },
): Promise<BnplConsent> {
  const row = await db
    .insertInto('bnpl_consents')
    .values({
      session_id: input.sessionId,
      email: input.email,
      terms_version: input.termsVersion,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      user_id: input.userId,
      buyer_token_hash: input.buyerTokenHash,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toConsent(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findBnplConsent(db: Executor, id: string): Promise<StoredBnplConsent | null> {
  if (!UUID.test(id)) return null;
  const row = await db
    .selectFrom('bnpl_consents')
    .select([...COLUMNS, 'user_id', 'buyer_token_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { consent: toConsent(row), user_id: row.user_id, buyer_token_hash: row.buyer_token_hash }
    : null;
}

/** Ties the consent to the order it paid for; a consent pays for one order only. */
export async function attachBnplConsent(
  db: Executor,
  id: string,
  orderId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bnpl_consents')
    .set({ order_id: orderId })
    .where('id', '=', id)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
