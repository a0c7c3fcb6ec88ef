import type { Updateable } from 'kysely';
import type { Executor, ResultUploadRow, ResultUploadsTable } from '../db/schema';
import { toCount } from '../lib/count';

export interface NewResultUpload {
  id: string;
  userId: string;
  fileName: string;
  sizeBytes: number;
  detectedType: ResultUploadsTable['detected_type'];
  sha256: string;
}

export async function insertResultUpload(
  db: Executor,
  input: NewResultUpload,
): Promise<ResultUploadRow> {
  return db
    .insertInto('result_uploads')
    .values({
      id: input.id,
      user_id: input.userId,
      file_name: input.fileName,
      size_bytes: input.sizeBytes,
      detected_type: input.detectedType,
      sha256: input.sha256,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One user's uploads, newest first. */
export async function listResultUploads(db: Executor, userId: string): Promise<ResultUploadRow[]> {
  return db
    .selectFrom('result_uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countResultUploads(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('result_uploads')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toCount(row?.count as string | number | undefined);
}

/** The upload when `userId` owns it; another user's id reads exactly like a missing one. */
export async function findOwnResultUpload(
  db: Executor,
  userId: string,
  id: string,
): Promise<ResultUploadRow | null> {
  const row = await db
    .selectFrom('result_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the row when `userId` owns it; returns whether it did. */
export async function deleteOwnResultUpload(
  db: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('result_uploads')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type ResultUploadState = Partial<
  Pick<
    Updateable<ResultUploadsTable>,
    | 'status'
    | 'progress'
    | 'problem'
    | 'draft'
    | 'reading_count'
    | 'collected_at'
    | 'order_id'
    | 'subscription_id'
  >
>;

/** Sets how far reading an upload got. */
export async function updateResultUploadState(
  db: Executor,
  id: string,
  state: ResultUploadState,
): Promise<ResultUploadRow | null> {
  const row = await db
    .updateTable('result_uploads')
    .set(state)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Gives up on an upload a job was reading (and only then): it becomes unreadable. */
export async function markStillReadingUnreadable(
  db: Executor,
  id: string,
  problem: string,
): Promise<void> {
  await db
    .updateTable('result_uploads')
    .set({ status: 'unreadable', progress: null, problem })
    .where('id', '=', id)
    .where('status', '=', 'reading')
    .execute();
}

/** The upload whatever its owner: for the job that reads it. */
export async function findResultUpload(db: Executor, id: string): Promise<ResultUploadRow | null> {
  const row = await db
    .selectFrom('result_uploads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Locks the owner's upload for a change of its status (confirming columns or values). */
export async function lockOwnResultUpload(
  db: Executor,
  userId: string,
  id: string,
): Promise<ResultUploadRow | null> {
  const row = await db
    .selectFrom('result_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes every upload of the owner (their readings go with them); returns the deleted ids. */
export async function deleteAllOwnResultUploads(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('result_uploads')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface KitOrderMatch {
  orderId: string;
  subscriptionId: string | null;
}

/**
 * The owner's latest paid order with a kit or a subscription placed before `before`, and the
 * subscription it started, if any: where a report collected then most likely came from.
 */
export async function findKitOrderBefore(
  db: Executor,
  userId: string,
  before: Date,
): Promise<KitOrderMatch | null> {
  const order = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', ['paid', 'fulfilled'])
    .where('orders.created_at', '<=', before)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_lines')
          .innerJoin('prices', 'prices.id', 'order_lines.price_id')
          .innerJoin('products', 'products.key', 'prices.product_key')
          .select('order_lines.id')
          .whereRef('order_lines.order_id', '=', 'orders.id')
          .where('products.type', 'in', ['kit', 'subscription']),
      ),
    )
    .orderBy('orders.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!order) return null;
  const subscription = await db
    .selectFrom('payment_subscriptions')
    .select('id')
    .where('origin_order_id', '=', order.id)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return { orderId: order.id, subscriptionId: subscription?.id ?? null };
}

export interface ActivePlan {
  subscriptionId: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
}

/** The owner's active subscription's interval (the most recent one when there are several). */
export async function findActivePlan(db: Executor, userId: string): Promise<ActivePlan | null> {
  const row = await db
    .selectFrom('payment_subscriptions')
    .innerJoin('prices', 'prices.id', 'payment_subscriptions.price_id')
    .select([
      'payment_subscriptions.id',
      'prices.recurring_interval',
      'prices.recurring_interval_count',
    ])
    .where('payment_subscriptions.user_id', '=', userId)
    .where('payment_subscriptions.status', 'in', ['active', 'past_due'])
    .where('prices.recurring_interval', 'is not', null)
    .orderBy('payment_subscriptions.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.recurring_interval) return null;
  return {
    subscriptionId: row.id,
    interval: row.recurring_interval,
    intervalCount: row.recurring_interval_count ?? 1,
  };
}
