import type { UpgradeResult, UpgradeType } from '@shop/shared/contract/upgrades';
import { claimDueRows } from '../db/claim-due-rows';
import type { Executor } from '../db/schema';
import { centsFromDb } from '../lib/money';

/** An upgrade row with what the purchase flow needs to decide its next step. */
export interface StoredUpgrade extends UpgradeResult {
  attempts: number;
  failureMessage: string | null;
}

function selectUpgrades(db: Executor) {
  return (
    db
      .selectFrom('upgrades')
      // By lookup key: price_id is the provider's price (Stripe's id when Stripe prices the catalogue).
      .leftJoin('prices', 'prices.lookup_key', 'upgrades.upgrade_to')
      .leftJoin('products', 'products.key', 'prices.product_key')
      .select([
        'upgrades.id',
        'upgrades.type',
        'upgrades.status',
        'upgrades.charge_id',
        'upgrades.amount_cents',
        'upgrades.quantity',
        'upgrades.attempts',
        'upgrades.failure_message',
        'products.title',
      ])
  );
}

type UpgradeSelection = Awaited<
  ReturnType<ReturnType<typeof selectUpgrades>['executeTakeFirstOrThrow']>
>;

function toStoredUpgrade(row: UpgradeSelection): StoredUpgrade {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    chargeId: row.charge_id,
    amount: row.amount_cents === null ? 0 : centsFromDb(row.amount_cents),
    quantity: row.quantity,
    title: row.title ?? row.type,
    attempts: row.attempts,
    failureMessage: row.failure_message,
    nextAction: null,
  };
}

export function toUpgradeResult({
  id,
  type,
  status,
  chargeId,
  amount,
  quantity,
  title,
}: StoredUpgrade): UpgradeResult {
  return { id, type, status, chargeId, amount, quantity, title, nextAction: null };
}

export async function findUpgrade(
  db: Executor,
  orderId: string,
  type: UpgradeType,
): Promise<StoredUpgrade | null> {
  const row = await selectUpgrades(db)
    .where('upgrades.order_id', '=', orderId)
    .where('upgrades.type', '=', type)
    .executeTakeFirst();
  return row ? toStoredUpgrade(row) : null;
}

export async function isUpgradeCompleted(
  db: Executor,
  orderId: string,
  type: UpgradeType,
): Promise<boolean> {
  const row = await db
    .selectFrom('upgrades')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return row !== undefined;
}

export interface PendingUpgradeInput {
  orderId: string;
  paymentId: string;
  type: UpgradeType;
  email: string;
  priceId: string;
  upgradeTo: string;
  /** The ordered kit's lookup key it upgrades; null for an add-on not tied to a kit (bp-tape). */
  upgradable: string | null;
}

/**
 * Records the upgrade as pending, or finds the row already there: unique (order_id, type) and
 * (payment_id, type) mean every request for one order's upgrade works on the same row, however
 * many arrive at once. No conflict target, so a race on either unique index is a no-op.
 */
export async function ensurePendingUpgrade(
  db: Executor,
  input: PendingUpgradeInput,
): Promise<{ upgrade: StoredUpgrade; created: boolean }> {
  const inserted = await db
    .insertInto('upgrades')
    .values({
      order_id: input.orderId,
      payment_id: input.paymentId,
      type: input.type,
      status: 'pending',
      email: input.email,
      price_id: input.priceId,
      upgrade_to: input.upgradeTo,
      upgradable: input.upgradable,
      product: input.upgradable,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  const upgrade = await findUpgrade(db, input.orderId, input.type);
  if (!upgrade)
    throw new Error(`upgrade ${input.type} for order ${input.orderId} vanished after its insert`);
  return { upgrade, created: inserted !== undefined };
}

/**
 * The current attempt's intent, written on the (pending) upgrade before it is confirmed, with the
 * price and quantity it charges: reconciliation finds it from here if nobody comes back for it.
 */
export async function recordUpgradeIntent(
  db: Executor,
  id: string,
  intent: { id: string; priceId: string; quantity: number; at: Date },
): Promise<void> {
  await db
    .updateTable('upgrades')
    .set({
      charge_id: intent.id,
      price_id: intent.priceId,
      quantity: intent.quantity,
      payment_intent_at: intent.at,
      payment_check_after: null,
      updated_at: intent.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A pending upgrade under its row lock, with the price and quantity its current attempt charges
 * (as recorded with its intent: the provider's price id, not necessarily a row of ours).
 */
export async function lockUpgrade(trx: Executor, id: string) {
  const row = await trx
    .selectFrom('upgrades')
    .select([
      'id',
      'order_id',
      'type',
      'status',
      'charge_id',
      'price_id',
      'upgrade_to',
      'quantity',
      'attempts',
      'failure_message',
      'payment_intent_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const price =
    row.price_id && row.upgrade_to ? { id: row.price_id, lookup_key: row.upgrade_to } : null;
  return { ...row, price };
}

/**
 * The current attempt ended without money kept (declined, cancelled or given back): the upgrade
 * stays pending and payable again, and the attempt counter moves on so a retry is charged under
 * a new provider key. Only the attempt whose intent is named and still open moves, so racing
 * callers with the same answer move it on once.
 */
export async function recordDeclinedAttempt(
  db: Executor,
  id: string,
  chargeId: string,
  message: string,
): Promise<boolean> {
  const result = await db
    .updateTable('upgrades')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      failure_message: message,
      payment_intent_at: null,
      payment_check_after: null,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('charge_id', '=', chargeId)
    .where('payment_intent_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims pending upgrades whose intent was written before `before`, for one reconciliation pass:
 * rows another instance holds are skipped (`for update skip locked`), and each claimed row is
 * leased until `leaseUntil`, so a crash mid-pass only delays it.
 */
export async function claimUnsettledUpgrades(
  db: Executor,
  { before, now, leaseUntil, limit }: { before: Date; now: Date; leaseUntil: Date; limit: number },
): Promise<{ id: string; charge_id: string | null; attempts: number }[]> {
  return claimDueRows(db, {
    table: 'upgrades',
    due: (rows) =>
      rows
        .where('status', '=', 'pending')
        .where('charge_id', 'is not', null)
        .where('payment_intent_at', '<', before)
        .where((w) =>
          w.or([w('payment_check_after', 'is', null), w('payment_check_after', '<=', now)]),
        )
        .orderBy('payment_intent_at'),
    limit,
    lease: { payment_check_after: leaseUntil },
  })
    .returning(['id', 'charge_id', 'attempts'])
    .execute();
}

export interface CompletedUpgradeInput {
  id: string;
  orderId: string;
  type: UpgradeType;
  chargeId: string;
  priceId: string;
  lookupKey: string;
  title: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

/**
 * pending -> completed, and the upgrade becomes a line of its order (so every view of the order
 * lists it and its totals include it). Runs in the caller's transaction, under its lock on the
 * upgrade; only the call that moves the row off pending writes the line.
 */
export async function completeUpgrade(
  trx: Executor,
  input: CompletedUpgradeInput,
): Promise<boolean> {
  const moved = await trx
    .updateTable('upgrades')
    .set({
      status: 'completed',
      charge_id: input.chargeId,
      price_id: input.priceId,
      quantity: input.quantity,
      amount_cents: input.amount,
      failure_message: null,
      payment_intent_at: null,
      payment_check_after: null,
      updated_at: new Date(),
    })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (!moved) return false;
  await trx
    .insertInto('order_lines')
    .values({
      order_id: input.orderId,
      lookup_key: input.lookupKey,
      price_id: input.priceId,
      title: input.title,
      quantity: input.quantity,
      unit_amount_cents: input.unitAmount,
      amount_cents: input.amount,
      upgrade_id: input.id,
    })
    .execute();
  await trx
    .updateTable('orders')
    .set((eb) => ({
      subtotal_cents: eb('subtotal_cents', '+', input.amount),
      total_cents: eb('total_cents', '+', input.amount),
      updated_at: new Date(),
    }))
    .where('id', '=', input.orderId)
    .execute();
  return true;
}
