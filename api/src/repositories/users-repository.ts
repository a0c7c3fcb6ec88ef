import type { Address } from '@shop/shared/contract/common';
import type { Executor, UserRow } from '../db/schema';
import { normaliseEmail } from '../lib/email';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewUserInput {
  email: string;
  name: string;
  passwordHash: string | null;
  kitId?: string | null;
  signupSessionId?: string | null;
  legacyStore?: boolean;
  shopifyId?: string | null;
  balanceCents?: number;
}

/** Creates the user, or returns null when the email is taken (the unique index decides, race-free). */
export async function createUser(db: Executor, input: NewUserInput): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values({
      email: normaliseEmail(input.email),
      name: input.name,
      password_hash: input.passwordHash,
      kit_id: input.kitId ?? null,
      signup_session_id: input.signupSessionId ?? null,
      legacy_store: input.legacyStore ?? false,
      shopify_id: input.shopifyId ?? null,
      balance_cents: input.balanceCents ?? 0,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function setUserPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, legacy_store: false, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function getShippingAddress(db: Executor, userId: string): Promise<Address | null> {
  const row = await db
    .selectFrom('shipping_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    country: row.country as Address['country'],
  };
}

export async function upsertShippingAddress(
  db: Executor,
  userId: string,
  address: Address,
): Promise<void> {
  const values = {
    name: address.name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    country: address.country,
    updated_at: new Date(),
  };
  await db
    .insertInto('shipping_addresses')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** A new customer has no paid (or fulfilled) order under that email. */
export async function hasPaidOrder(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('email', '=', normaliseEmail(email))
    .where('status', 'in', ['paid', 'fulfilled'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
