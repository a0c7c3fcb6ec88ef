import type { Executor } from '../db/schema';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Records a clock the shop made, or the customer it now holds. */
export async function saveTestClock(
  db: Executor,
  clock: { id: string; frozenTime?: Date; customerId?: string },
): Promise<void> {
  if (clock.frozenTime)
    await db
      .insertInto('stripe_test_clocks')
      .values({ id: clock.id, frozen_time: clock.frozenTime, customer_id: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  if (clock.customerId)
    await db
      .updateTable('stripe_test_clocks')
      .set({ customer_id: clock.customerId })
      .where('id', '=', clock.id)
      .execute();
}

/** Clocks frozen before `now`, the furthest behind first. */
export async function clocksBehind(
  db: Executor,
  now: Date,
): Promise<{ id: string; frozenTime: Date }[]> {
  const rows = await db
    .selectFrom('stripe_test_clocks')
    .select(['id', 'frozen_time'])
    .where('frozen_time', '<', now)
    .orderBy('frozen_time', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({ id: row.id, frozenTime: asDate(row.frozen_time) }));
}

export async function noteTestClockAdvanced(db: Executor, id: string, to: Date): Promise<void> {
  await db
    .updateTable('stripe_test_clocks')
    .set({ frozen_time: to })
    .where('id', '=', id)
    .where('frozen_time', '<', to)
    .execute();
}
