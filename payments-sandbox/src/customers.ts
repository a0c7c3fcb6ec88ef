// The test provider's customers: one per user, created on first use.
import { preparedStatement } from './db/prepared-statement';
import type { Database } from './db/schema';
import { createPrefixedId } from './lib/ids';
import type { PaymentProvider, ProviderCustomer } from '@shop/shared/payments/provider-contract';

// $1 the customer's id, $2 its user (null for an order's own customer), $3 email, $4 name. Made
// on every order that keeps its card, so prepared; a user's second customer is not made.
const insertCustomerStatement = preparedStatement(
  'provider_insert_customer',
  `insert into payment_customers (id, user_id, email, name)
  values ($1::text, $2::uuid, $3::text, $4::text)
  on conflict (user_id) do nothing
  returning id, email, user_id`,
);

export async function ensureCustomer(
  db: Database,
  { userId, email, name }: Parameters<PaymentProvider['ensureCustomer']>[0],
): Promise<ProviderCustomer> {
  if (userId) {
    const existing = await findCustomerByUserId(db, userId);
    if (existing) return existing;
  }
  const id = createPrefixedId('cus');
  const { rows } = await db.executeQuery<{ id: string; email: string; user_id: string | null }>(
    insertCustomerStatement([id, userId, email, name ?? null]),
  );
  const inserted = rows[0];
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
