// An add-on bought after the order charges the card again, so it gets its own receipt. The
// transaction that completes the add-on queues the job (so the receipt exists exactly when the
// completed add-on does); the job writes the outbox under a dedupe key, so it is sent once.
import { splitFullName } from '@shop/shared/format/full-name';
import { z } from 'zod';
import type { Database, Executor } from '../../db/schema';
import { insertJob } from '../../repositories/jobs-repository';
import { findOrder } from '../../repositories/orders-repository';
import { defineJobKind, PermanentJobError, type JobQueue } from '../jobs/job-queue';
import type { MailQueue } from '../mail/mail-queue';
import { upgradeReceiptEmail } from '../mail/upgrade-receipt-email';
import { accountOrderLink, orderNumber } from '../orders/order-receipts';

export const upgradeReceiptJob = defineJobKind({
  name: 'upgrade.receipt',
  payload: z.object({ upgradeId: z.string().uuid() }),
  maxAttempts: 10,
});

export const upgradeReceiptMailKey = (upgradeId: string) => `upgrade-receipt:${upgradeId}`;

/** Queues the receipt of an add-on, in the transaction that completed it. */
export async function queueUpgradeReceipt(trx: Executor, upgradeId: string, now: Date) {
  await insertJob(trx, {
    kind: upgradeReceiptJob.name,
    payload: { upgradeId },
    runAt: now,
    maxAttempts: upgradeReceiptJob.maxAttempts,
    key: `upgrade:${upgradeId}:receipt`,
    now,
  });
}

export interface UpgradeReceiptDeps {
  db: Database;
  mail: MailQueue;
  publicOrigin: string;
}

/** Renders a completed add-on's receipt and queues it once; false when it was queued before. */
export async function sendUpgradeReceipt(deps: UpgradeReceiptDeps, upgradeId: string) {
  const line = await deps.db
    .selectFrom('upgrades')
    .innerJoin('order_lines', 'order_lines.upgrade_id', 'upgrades.id')
    .select([
      'upgrades.order_id',
      'upgrades.status',
      'order_lines.title',
      'order_lines.quantity',
      'order_lines.amount_cents',
    ])
    .where('upgrades.id', '=', upgradeId)
    .executeTakeFirst();
  if (!line?.order_id || line.status !== 'completed')
    throw new PermanentJobError(`No completed upgrade ${upgradeId}`);
  const stored = await findOrder(deps.db, line.order_id);
  if (!stored) throw new PermanentJobError(`No order for upgrade ${upgradeId}`);
  const message = await upgradeReceiptEmail({
    to: stored.row.email,
    name: splitFullName(stored.row.name || stored.row.email).firstName,
    orderNumber: orderNumber(stored.row.id),
    title: line.title,
    quantity: Number(line.quantity),
    amount: Number(line.amount_cents),
    currency: stored.row.currency,
    paymentLabel: stored.row.payment_label,
    orderLink: accountOrderLink(deps.publicOrigin, stored.row.id),
  });
  return deps.mail.enqueue(deps.db, message, { dedupeKey: upgradeReceiptMailKey(upgradeId) });
}

/** Registers the add-on receipt job's handler. */
export function handleUpgradeReceipts(jobs: JobQueue, deps: UpgradeReceiptDeps): void {
  jobs.handle(upgradeReceiptJob, async ({ upgradeId }) => {
    if (await sendUpgradeReceipt(deps, upgradeId)) deps.mail.wake();
  });
}
