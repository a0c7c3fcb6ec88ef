import type { UpgradeResult, UpgradeType } from '@shop/shared/contract/upgrades';
import type { Executor } from '../db/schema';

interface UpgradeRow {
  id: string;
  type: UpgradeType;
  status: 'pending' | 'completed';
  charge_id: string | null;
  amount_cents: number | null;
}

const COLUMNS = ['id', 'type', 'status', 'charge_id', 'amount_cents'] as const;

export const toUpgradeResult = (row: UpgradeRow): UpgradeResult => ({
  id: row.id,
  type: row.type,
  status: row.status,
  chargeId: row.charge_id,
  amount: row.amount_cents ?? 0,
});

export async function findUpgrade(db: Executor, paymentId: string, type: UpgradeType): Promise<UpgradeResult | null> {
  const row = await db.selectFrom('upgrades').select(COLUMNS).where('payment_id', '=', paymentId).where('type', '=', type).executeTakeFirst();
  return row ? toUpgradeResult(row) : null;
}

/** unique (payment_id, type) makes a second purchase of the same upgrade for an order impossible. */
export async function insertCompletedUpgrade(
  db: Executor,
  input: {
    orderId: string;
    paymentId: string;
    type: UpgradeType;
    email: string;
    priceId: string;
    product: string;
    quantity: number;
    amount: number;
    chargeId: string;
  },
): Promise<UpgradeResult | null> {
  const row = await db
    .insertInto('upgrades')
    .values({
      order_id: input.orderId,
      payment_id: input.paymentId,
      type: input.type,
      status: 'completed',
      email: input.email,
      price_id: input.priceId,
      product: input.product,
      quantity: input.quantity,
      amount_cents: input.amount,
      charge_id: input.chargeId,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'type']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toUpgradeResult(row) : null;
}
