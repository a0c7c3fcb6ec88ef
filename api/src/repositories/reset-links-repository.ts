import type { Executor } from '../db/schema';
import { createSecretToken, hashToken } from '../lib/tokens';
import { whyLinkUnclaimed, type LinkProblem } from './emailed-links';

export async function createResetLink(
  db: Executor,
  input: { userId: string; ttlMs: number; now?: Date },
): Promise<{ linkId: string; expiresAt: Date }> {
  const linkId = createSecretToken();
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db
    .insertInto('password_reset_links')
    .values({
      id_hash: hashToken(linkId),
      user_id: input.userId,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { linkId, expiresAt };
}

export type ConsumeResetLinkResult = { status: 'ok'; userId: string } | { status: LinkProblem };

/**
 * Marks a link used, once: the conditional update lets only one of two racing requests win.
 * Run it in the same transaction as the password change.
 */
export async function consumeResetLink(
  db: Executor,
  linkId: string,
  now = new Date(),
): Promise<ConsumeResetLinkResult> {
  const idHash = hashToken(linkId);
  const claimed = await db
    .updateTable('password_reset_links')
    .set({ used_at: now })
    .where('id_hash', '=', idHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (claimed) return { status: 'ok', userId: claimed.user_id };
  return { status: await whyLinkUnclaimed(db, 'password_reset_links', idHash) };
}

/** Once a password is reset, the user's other outstanding links stop working too. */
export async function invalidateUserResetLinks(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('password_reset_links')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Why a link cannot be used, or null while it can; reads only, so opening the page uses nothing up. */
export async function resetLinkProblem(
  db: Executor,
  linkId: string,
  now = new Date(),
): Promise<LinkProblem | null> {
  const link = await db
    .selectFrom('password_reset_links')
    .select(['used_at', 'expires_at'])
    .where('id_hash', '=', hashToken(linkId))
    .executeTakeFirst();
  if (!link) return 'unknown';
  if (link.used_at) return 'used';
  return link.expires_at > now ? null : 'expired';
}

/** Deletes reset links that expired before `before`; answers how many. */
export async function deleteExpiredResetLinks(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_links')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
