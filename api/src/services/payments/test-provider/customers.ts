// The test provider's customers: one per user, created on first use.
import type { Database } from '../../../db/schema';
import { createPrefixedId } from '../../../lib/tokens';
import type { PaymentProvider, ProviderCustomer } from '../payment-provider';

export async function ensureCustomer(
  db: Database,
  { userId, email, name }: Parameters<PaymentProvider['ensureCustomer']>[0],
): Promise<ProviderCustomer> {
  if (userId) {
    const existing = await findCustomerByUserId(db, userId);
    if (existing) return existing;
  }
  const id = createPrefixedId('cus');
  const inserted = await db
    .insertInto('payment_customers')
    .values({ id, user_id: userId, email, name: name ?? null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning(['id', 'email', 'user_id'])
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, email: inserted.email, userId: inserted.user_id };
  // Another request created it first.
  const raced = userId ? await findCustomerByUserId(db, userId) : null;
  if (!raced) throw new Error('Could not create the payment customer');
  return raced;
}

export async function findCustomerByUserId(
  db: Database,
  userId: string,
): Promise<ProviderCustomer | null> {
  const row = await db
    .selectFrom('payment_customers')
    .select(['id', 'email', 'user_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, userId: row.user_id } : null;
}
