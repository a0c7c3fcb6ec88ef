import type { Cart, CartItem } from '@shop/shared/contract/cart';
import { MAX_CART_LINE_QUANTITY } from '@shop/shared/contract/cart';
import type { QueryCreator } from 'kysely';
import type { DB, Executor } from '../db/schema';

/** A cart belongs to an anonymous session id or, once logged in, to the user. */
export type CartOwner = { userId: string } | { sessionId: string };

export const EMPTY_CART: Cart = { items: [], updatedAt: null };

function ownerColumn(owner: CartOwner) {
  return 'userId' in owner
    ? (['user_id', owner.userId] as const)
    : (['session_id', owner.sessionId] as const);
}

function toCart(row: { items: CartItem[] | null; updated_at: Date } | undefined): Cart {
  return row ? { items: row.items ?? [], updatedAt: row.updated_at.toISOString() } : EMPTY_CART;
}

export async function getCart(db: Executor, owner: CartOwner): Promise<Cart> {
  const [column, value] = ownerColumn(owner);
  const row = await db
    .selectFrom('carts')
    .select(['items', 'updated_at'])
    .where(column, '=', value)
    .executeTakeFirst();
  return toCart(row);
}

/** Replaces the cart's lines (one upsert, so two tabs writing at once never make two carts). */
export async function putCart(
  db: Executor,
  owner: CartOwner,
  items: readonly CartItem[],
): Promise<Cart> {
  const [column, value] = ownerColumn(owner);
  const now = new Date();
  const row = await db
    .insertInto('carts')
    .values({ [column]: value, items: JSON.stringify(items), updated_at: now })
    .onConflict((oc) =>
      oc.column(column).doUpdateSet({ items: JSON.stringify(items), updated_at: now }),
    )
    .returning(['items', 'updated_at'])
    .executeTakeFirstOrThrow();
  return toCart(row);
}

/**
 * Changes the cart's lines from what the server holds, with the cart's row locked, so two changes
 * at once are applied one after the other and neither is lost. Run it in a transaction.
 */
export async function changeCartLines(
  trx: Executor,
  owner: CartOwner,
  change: (items: CartItem[]) => CartItem[],
): Promise<Cart> {
  const [column, value] = ownerColumn(owner);
  // The row must exist to be locked: a first change makes an empty cart, which is then changed.
  await trx
    .insertInto('carts')
    .values({ [column]: value, items: '[]', updated_at: new Date() })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  const row = await trx
    .selectFrom('carts')
    .select(['items'])
    .where(column, '=', value)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return putCart(trx, owner, change(row.items ?? []));
}

/** Adds quantities line by line, capped at the per-line maximum. */
export function mergeItems(into: readonly CartItem[], from: readonly CartItem[]): CartItem[] {
  const merged = new Map(into.map((item) => [item.lookupKey, item.quantity]));
  for (const item of from)
    merged.set(
      item.lookupKey,
      Math.min(MAX_CART_LINE_QUANTITY, (merged.get(item.lookupKey) ?? 0) + item.quantity),
    );
  return [...merged].map(([lookupKey, quantity]) => ({ lookupKey, quantity }));
}

/**
 * On login or sign-up: the session's anonymous cart joins the user's cart and is deleted, so a
 * second login from the same session cannot add the same lines twice. Run it in a transaction.
 */
export async function mergeSessionCartIntoUser(
  trx: Executor,
  sessionId: string,
  userId: string,
): Promise<Cart> {
  const session = await trx
    .deleteFrom('carts')
    .where('session_id', '=', sessionId)
    .where('user_id', 'is', null)
    .returning('items')
    .executeTakeFirst();
  const current = await getCart(trx, { userId });
  if (!session || (session.items ?? []).length === 0) return current;
  return putCart(trx, { userId }, mergeItems(current.items, session.items ?? []));
}

/** The update that empties a cart. */
function emptyCartQuery(db: QueryCreator<DB>, owner: CartOwner) {
  const [column, value] = ownerColumn(owner);
  return db
    .updateTable('carts')
    .set({ items: '[]', updated_at: new Date() })
    .where(column, '=', value);
}

export async function clearCart(db: Executor, owner: CartOwner): Promise<void> {
  await emptyCartQuery(db, owner).execute();
}
