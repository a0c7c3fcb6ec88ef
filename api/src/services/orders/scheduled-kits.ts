import type { Executor } from '../../db/schema';
import { listKitScheduleRows } from '../../repositories/subscriptions-repository';
import { schedulesNextKit } from '../subscriptions/next-kit';

/**
 * The products (by product key and by lookup key) a user has kits scheduled for: the subscription
 * rows that still run at `now` (a paid order's plan is recorded as it is paid; an order alone
 * schedules nothing).
 */
export async function scheduledProducts(
  db: Executor,
  userId: string,
  now: Date,
): Promise<Set<string>> {
  const rows = await listKitScheduleRows(db, userId);
  return new Set(
    rows
      .filter((row) => schedulesNextKit(row, now))
      .flatMap((row) => [row.lookupKey, row.productKey]),
  );
}
