import type { Executor, UserRow } from '../db/schema';
import { createSecretToken, hashToken } from '../lib/tokens';

export interface CreatedSession {
  /** The raw token: it goes into the cookie and is never stored. */
  token: string;
  expiresAt: Date;
}

export async function createSession(
  db: Executor,
  input: {
    userId: string;
    ttlMs: number;
    userAgent?: string | null;
    ip?: string | null;
    now?: Date;
  },
): Promise<CreatedSession> {
  const token = createSecretToken();
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      user_id: input.userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      ip: input.ip ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export interface SessionWithUser {
  idHash: string;
  expiresAt: Date;
  lastSeenAt: Date;
  user: UserRow;
}

/** The live session for a cookie token, with its user; undefined when unknown or expired. */
export async function findSessionByToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id_hash as session_id_hash',
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
    ])
    .where('sessions.id_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id_hash, session_expires_at, session_last_seen_at, ...user } = row;
  return {
    idHash: session_id_hash,
    expiresAt: new Date(session_expires_at),
    lastSeenAt: new Date(session_last_seen_at),
    user: user as UserRow,
  };
}

/** Slides the expiry forward (callers do it at most once in a while, not on every request). */
export async function extendSession(
  db: Executor,
  idHash: string,
  expiresAt: Date,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt, last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSessionByToken(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Deletes sessions that expired at or before `now`; answers how many. */
export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
