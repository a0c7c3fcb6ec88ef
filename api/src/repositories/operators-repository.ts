import type { Executor, UserRow } from '../db/schema';
import { normaliseEmail } from '../lib/email';
import { createUser } from './users-repository';

/**
 * Gives an e-mail the operator role: an existing account keeps its password; a new one gets none
 * (its owner sets one through the emailed link). `created` says which.
 */
export async function grantOperator(
  db: Executor,
  input: { email: string; name: string },
): Promise<{ user: UserRow; created: boolean }> {
  const created = await createUser(db, {
    email: input.email,
    name: input.name,
    passwordHash: null,
  });
  const user = await db
    .updateTable('users')
    .set({ role: 'operator', updated_at: new Date() })
    .where('email', '=', normaliseEmail(input.email))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, created: created !== null };
}

export async function listOperators(db: Executor): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', 'operator')
    .orderBy('email')
    .execute();
}
