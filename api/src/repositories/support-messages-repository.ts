import type { Executor } from '../db/schema';
import { normaliseEmail } from '../lib/email';
import { hashToken } from '../lib/tokens';

export async function insertSupportMessage(
  db: Executor,
  input: { name: string; email: string; message: string; ip: string; expectedAnswerAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('support_messages')
    .values({
      name: input.name,
      email: normaliseEmail(input.email),
      message: input.message,
      // Only a hash: enough to tell one sender from another, not to find them.
      ip_hash: hashToken(input.ip),
      expected_answer_at: input.expectedAnswerAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Messages one address left since `since`, oldest first (for the per-address limit and its wait). */
export async function supportMessageTimesSince(
  db: Executor,
  email: string,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('support_messages')
    .select('created_at')
    .where('email', '=', normaliseEmail(email))
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}
