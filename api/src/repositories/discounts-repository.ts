import type { Discount } from '@shop/shared/contract/discounts';
import type { Currency } from '@shop/shared/contract/common';
import type { DiscountRow, Executor } from '../db/schema';
import { normaliseEmail } from '../lib/email';
import { centsFromDb } from '../lib/money';

export async function findDiscount(db: Executor, code: string): Promise<DiscountRow | null> {
  const row = await db
    .selectFrom('discounts')
    .selectAll()
    .where('code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Counts a use of the code; called in the transaction that records the paid order. A code that is
 * one use per customer also records the email: false when this email holds its use already (the
 * key on (code, email) decides between two racing orders; the later one waits for the first).
 */
export async function recordRedemption(
  db: Executor,
  row: Pick<DiscountRow, 'code' | 'once_per_customer'>,
  use: { email: string; orderId: string },
): Promise<boolean> {
  if (row.once_per_customer) {
    const recorded = await db
      .insertInto('discount_redemptions')
      .values({ code: row.code, email: normaliseEmail(use.email), order_id: use.orderId })
      .onConflict((oc) => oc.columns(['code', 'email']).doNothing())
      .returning('code')
      .executeTakeFirst();
    if (!recorded) return false;
  }
  await db
    .updateTable('discounts')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '+', 1) }))
    .where('code', '=', row.code)
    .execute();
  return true;
}

/** Whether this email has used a one-use-per-customer code; false for every other code. */
export async function usedByEmail(
  db: Executor,
  row: Pick<DiscountRow, 'code' | 'once_per_customer'> | null,
  email: string | null | undefined,
): Promise<boolean> {
  if (!row?.once_per_customer || !email) return false;
  const found = await db
    .selectFrom('discount_redemptions')
    .select('code')
    .where('code', '=', row.code)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return Boolean(found);
}

/** What a shopper may see: the restrictions are summarised, the email list never leaves the server. */
export function toDiscountView(row: DiscountRow): Discount {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOff: row.amount_off_cents === null ? null : centsFromDb(row.amount_off_cents),
    currency: row.currency as Currency,
    businessKey: row.business_key,
    minSubtotal: row.min_subtotal_cents === null ? null : centsFromDb(row.min_subtotal_cents),
    productLookupKeys: row.product_lookup_keys,
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    emailRestricted: (row.allowed_emails?.length ?? 0) > 0,
    oncePerCustomer: row.once_per_customer,
  };
}
