import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The operator console's orders list reads newest first and pages by (created_at, id): one index
// for that order, one per filter that must not scan every order (a status, a partner's orders),
// and the link from an order to its employer request, which says the order is an employer's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index orders_recent_idx on orders (created_at desc, id desc)`,
    `create index orders_status_recent_idx on orders (status, created_at desc, id desc)`,
    `create index orders_partner_recent_idx on orders (business_key, created_at desc, id desc)
      where business_key is not null`,
    `create index employer_requests_order_idx on employer_requests (order_id)`,
  ]);
}
