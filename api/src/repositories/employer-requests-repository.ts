import type { Executor } from '../db/schema';
import { hashToken } from '../lib/tokens';

export interface EmployerRequest {
  id: string;
  email: string;
  name: string;
  employerEmail: string;
  orderId: string;
  status: 'sent' | 'paid';
}

/** Only the hash of the emailed pay token is stored, like sessions and reset links. */
export async function insertEmployerRequest(
  db: Executor,
  input: { email: string; name: string; employerEmail: string; orderId: string; payToken: string },
): Promise<string> {
  const row = await db
    .insertInto('employer_requests')
    .values({
      email: input.email,
      name: input.name,
      employer_email: input.employerEmail,
      order_id: input.orderId,
      pay_token_hash: hashToken(input.payToken),
      status: 'sent',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findEmployerRequestByToken(
  db: Executor,
  payToken: string,
): Promise<EmployerRequest | null> {
  const row = await db
    .selectFrom('employer_requests')
    .selectAll()
    .where('pay_token_hash', '=', hashToken(payToken))
    .executeTakeFirst();
  if (!row || !row.order_id) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    employerEmail: row.employer_email,
    orderId: row.order_id,
    status: row.status,
  };
}

export async function markEmployerRequestPaid(db: Executor, id: string): Promise<void> {
  await db.updateTable('employer_requests').set({ status: 'paid' }).where('id', '=', id).execute();
}

/** The employer request an order waits on, if it was placed as one and is not paid yet. */
export async function findSentEmployerRequestByOrder(
  db: Executor,
  orderId: string,
): Promise<EmployerRequest | null> {
  const row = await db
    .selectFrom('employer_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  if (!row || !row.order_id) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    employerEmail: row.employer_email,
    orderId: row.order_id,
    status: row.status,
  };
}
