import type { Executor } from '../db/schema';

export interface ReferralResult {
  /** False when this visitor had already referred this address. */
  created: boolean;
  /** True when nobody had referred this address before, so it has not been emailed yet. */
  firstForReferred: boolean;
}

export async function addReferral(
  db: Executor,
  email: string,
  referred: string,
): Promise<ReferralResult> {
  const earlier = await db
    .selectFrom('referrals')
    .select('id')
    .where('referred', '=', referred)
    .limit(1)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('referrals')
    .values({ email, referred })
    .onConflict((oc) => oc.columns(['email', 'referred']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return {
    created: inserted !== undefined,
    firstForReferred: inserted !== undefined && earlier === undefined,
  };
}
