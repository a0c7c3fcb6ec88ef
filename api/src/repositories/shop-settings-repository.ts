// Settings the operator changes while the shop runs, one JSON value per key.
import type { Executor } from '../db/schema';

/** The stored value of `key`, or undefined when it was never set. */
export async function readShopSetting(db: Executor, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('shop_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function writeShopSetting(
  db: Executor,
  key: string,
  value: unknown,
  now: Date,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
