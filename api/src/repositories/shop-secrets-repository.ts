// Secrets every instance must share, made once by whichever instance needs one first.
import type { Executor } from '../db/schema';

/** The secret named `name`: the stored one, or `candidate` when none was stored yet. */
export async function findOrCreateShopSecret(
  db: Executor,
  name: string,
  candidate: string,
): Promise<string> {
  // Two instances starting together both try: the first insert wins and both read it back.
  await db
    .insertInto('shop_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('shop_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
