import type { Executor } from '../db/schema';
import { toCount } from '../lib/count';
import { normaliseEmail } from '../lib/email';
import { createSecretToken, hashToken } from '../lib/tokens';
import { whyLinkUnclaimed, type LinkProblem } from './emailed-links';

export interface NewSignupAttempt {
  email: string;
  name: string;
  /** Null when the email already has an account: such an attempt can never be confirmed. */
  passwordHash: string | null;
  kitId: string | null;
  sessionId: string | null;
  redirect: string;
  ttlMs: number;
  now?: Date;
}

/** Records one sign-up; the token goes into the emailed link and only its hash is stored. */
export async function createSignupAttempt(
  db: Executor,
  input: NewSignupAttempt,
): Promise<{ token: string; expiresAt: Date }> {
  const token = createSecretToken();
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db
    .insertInto('signup_attempts')
    .values({
      id_hash: hashToken(token),
      email: normaliseEmail(input.email),
      name: input.name,
      password_hash: input.passwordHash,
      kit_id: input.kitId,
      session_id: input.sessionId,
      redirect: input.redirect,
      existing_account: input.passwordHash === null,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Sign-ups for one address since `since`, whether or not it has an account. */
export async function countSignupAttemptsSince(
  db: Executor,
  email: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('signup_attempts')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('email', '=', normaliseEmail(email))
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return toCount(row?.count as string | number | undefined);
}

export interface ConfirmableSignup {
  email: string;
  name: string;
  passwordHash: string;
  kitId: string | null;
  sessionId: string | null;
  redirect: string;
}

export type ConsumeSignupAttemptResult =
  { status: 'ok'; signup: ConfirmableSignup } | { status: LinkProblem };

/**
 * Marks an attempt used, once (the conditional update lets one of two racing requests win).
 * Run it in the same transaction that creates the account.
 */
export async function consumeSignupAttempt(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<ConsumeSignupAttemptResult> {
  const idHash = hashToken(token);
  const claimed = await db
    .updateTable('signup_attempts')
    .set({ used_at: now })
    .where('id_hash', '=', idHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('password_hash', 'is not', null)
    .returningAll()
    .executeTakeFirst();
  if (!claimed?.password_hash)
    return { status: await whyLinkUnclaimed(db, 'signup_attempts', idHash) };
  return {
    status: 'ok',
    signup: {
      email: claimed.email,
      name: claimed.name,
      passwordHash: claimed.password_hash,
      kitId: claimed.kit_id,
      sessionId: claimed.session_id,
      redirect: claimed.redirect,
    },
  };
}

/** Once an address has an account, its other outstanding sign-up links stop working. */
export async function closeSignupAttempts(
  db: Executor,
  email: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('signup_attempts')
    .set({ used_at: now })
    .where('email', '=', normaliseEmail(email))
    .where('used_at', 'is', null)
    .execute();
}

/** Deletes sign-up attempts that expired before `before`; answers how many. */
export async function deleteExpiredSignupAttempts(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('signup_attempts')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
