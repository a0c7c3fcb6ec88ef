import type { Executor } from '../db/schema';

/** A checkout lead: the shopper typed their email, so an abandoned cart can be followed up. */
export async function recordCheckoutStart(
  db: Executor,
  input: {
    email: string;
    country: string;
    firstName: string;
    lastName: string;
    eventName: string;
    userId: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('checkout_starts')
    .values({
      email: input.email,
      country: input.country,
      first_name: input.firstName,
      last_name: input.lastName,
      event_name: input.eventName,
      user_id: input.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
