import type { Executor } from '../db/schema';

/** Why an emailed link (reset, sign-up confirmation) could not be claimed. */
export type LinkProblem = 'unknown' | 'used' | 'expired';

/** Tables of single-use, expiring links keyed by the SHA-256 of the token. */
type LinkTable = 'password_reset_links' | 'signup_attempts';

/** Explains a claim that matched nothing; call it right after the conditional update. */
export async function whyLinkUnclaimed(
  db: Executor,
  table: LinkTable,
  idHash: string,
): Promise<LinkProblem> {
  const link = await db
    .selectFrom(table)
    .select(['used_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!link) return 'unknown';
  if (link.used_at) return 'used';
  return 'expired';
}
