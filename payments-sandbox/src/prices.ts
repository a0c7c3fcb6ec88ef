// The test provider's prices are the seeded catalogue's: the same lookup keys a merchant's Stripe
// account holds after `shop stripe sync-catalog`.
import type { Database } from './db/schema';
import type { ProviderPrice } from '@shop/shared/payments/provider-contract';

export async function listPrices(
  db: Database,
  lookupKeys: readonly string[],
): Promise<ProviderPrice[]> {
  if (lookupKeys.length === 0) return [];
  const rows = await db
    .selectFrom('prices')
    .selectAll()
    .where('lookup_key', 'in', [...lookupKeys])
    .where('active', '=', true)
    .orderBy('lookup_key')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    lookupKey: row.lookup_key,
    unitAmount: row.unit_amount_cents,
    currency: row.currency,
    type: row.type,
    recurringInterval: row.recurring_interval,
    recurringIntervalCount: row.recurring_interval_count,
    isUnlimitedUpgrade: row.metadata?.unlimited_upgrade === 'true',
  }));
}
