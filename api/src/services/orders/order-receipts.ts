// Every paid order gets one receipt. Whichever path marks the order paid (the one-statement fast
// path, the general transaction of a webhook, a confirm or the reconciler) queues a job with the
// order's key in that same statement or transaction, so the receipt exists exactly when the paid
// state does; the job renders it and writes it to the mail outbox under a dedupe key, so a job run
// again after a crash sends nothing twice.
import type { AddressView } from '@shop/shared/contract/common';
import { splitFullName } from '@shop/shared/format/full-name';
import { renewalPeriodPhrase } from '@shop/shared/subscriptions/renewal-terms';
import { z } from 'zod';
import type { Database, Executor } from '../../db/schema';
import { centsFromDb } from '../../lib/money';
import { insertJob } from '../../repositories/jobs-repository';
import { findOrder, type StoredOrder } from '../../repositories/orders-repository';
import { orderReceiptEmail } from '../mail/order-receipt-email';
import type { MailQueue } from '../mail/mail-queue';
import { defineJobKind, PermanentJobError, type JobQueue } from '../jobs/job-queue';
import type { CustomizationService } from '../partners/customization-service';

export const orderReceiptJob = defineJobKind({
  name: 'order.receipt',
  payload: z.object({ orderId: z.string().uuid() }),
  maxAttempts: 10,
});

/** The job's key: one receipt job per order, however often its payment is reported. */
export const receiptJobKey = (orderId: string) => `order:${orderId}:receipt`;
/** The outbox's key: one receipt mail per order. */
export const receiptMailKey = (orderId: string) => `receipt:${orderId}`;

/** What the buyer reads out: the id's first 8 characters, upper case (as the thank-you page). */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** The order's page in the account. */
export const accountOrderLink = (publicOrigin: string, orderId: string) =>
  `${publicOrigin}/account/orders/${encodeURIComponent(orderId)}`;

/** Queues the receipt of an order that has just become paid, in the transaction that made it so. */
export async function queueOrderReceipt(trx: Executor, orderId: string, now: Date): Promise<void> {
  await insertJob(trx, {
    kind: orderReceiptJob.name,
    payload: { orderId },
    runAt: now,
    maxAttempts: orderReceiptJob.maxAttempts,
    key: receiptJobKey(orderId),
    now,
  });
}

export interface ReceiptDeps {
  db: Database;
  mail: MailQueue;
  customizations: Pick<CustomizationService, 'get'>;
  publicOrigin: string;
}

/**
 * Who gets the receipt: the buyer, or for an order an employer paid, the employer (the card on it
 * is theirs; the employee has their "your employer paid" mail).
 */
async function receiptRecipient(db: Executor, stored: StoredOrder) {
  const request = await db
    .selectFrom('employer_requests')
    .select(['employer_email'])
    .where('order_id', '=', stored.row.id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  const buyer = splitFullName(stored.row.name || stored.row.email).firstName;
  return request
    ? { to: request.employer_email, name: 'there' }
    : { to: stored.row.email, name: buyer };
}

/** Renders the order's receipt and queues it once; false when it was queued before. */
export async function sendOrderReceipt(deps: ReceiptDeps, orderId: string): Promise<boolean> {
  const stored = await findOrder(deps.db, orderId);
  if (!stored) throw new PermanentJobError(`No order ${orderId}`);
  const { row } = stored;
  const partner = row.business_key ? await deps.customizations.get(row.business_key) : null;
  const recipient = await receiptRecipient(deps.db, stored);
  const message = orderReceiptEmail({
    ...recipient,
    orderNumber: orderNumber(row.id),
    orderedAt: row.created_at,
    currency: row.currency,
    lines: stored.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.amount,
      renews: line.interval ? renewalPeriodPhrase(line.interval) : null,
    })),
    subtotal: centsFromDb(row.subtotal_cents),
    discount: centsFromDb(row.discount_cents),
    discountCode: row.discount_code,
    shipping: centsFromDb(row.shipping_cents),
    total: centsFromDb(row.total_cents),
    paymentLabel: row.payment_label,
    shippingAddress: row.shipping_address as unknown as AddressView,
    partnerName: partner?.businessName ?? null,
    orderLink: accountOrderLink(deps.publicOrigin, row.id),
  });
  return deps.mail.enqueue(deps.db, message, { dedupeKey: receiptMailKey(row.id) });
}

/** Registers the receipt job's handler. */
export function handleOrderReceipts(jobs: JobQueue, deps: ReceiptDeps): void {
  jobs.handle(orderReceiptJob, async ({ orderId }) => {
    if (await sendOrderReceipt(deps, orderId)) deps.mail.wake();
  });
}
