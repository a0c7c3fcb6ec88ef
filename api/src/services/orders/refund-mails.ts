// The mail a buyer gets for each refund of their order, queued in the transaction that records
// the refund, under the refund's own key: a repeated request or a retried job sends it once.
import { splitFullName } from '@shop/shared/format/full-name';
import type { Executor } from '../../db/schema';
import type { MailQueue } from '../mail/mail-queue';
import { orderRefundEmail, type RefundPlan } from '../mail/order-refund-email';
import { accountOrderLink, orderNumber } from './order-receipts';

export interface RefundMail {
  orderId: string;
  amount: number;
  /** One mail per key: an operator's refund row, or the order's automatic refund. */
  key: string;
  /** Why the shop refunded on its own; null for an operator's refund. */
  reason: string | null;
  /** The card refunded, when the order does not name it yet. */
  paymentLabel?: string | null;
}

export interface RefundMails {
  /** Queues the refund's mail through `trx`; false when there is no order or it was queued before. */
  queue(trx: Executor, refund: RefundMail): Promise<boolean>;
  /** Tells the mail sender; after the commit. */
  wake(): void;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The plan the order bought or renewed, and what the refund leaves of it. */
async function planOf(trx: Executor, orderId: string): Promise<RefundPlan | null> {
  const subscription = await trx
    .selectFrom('payment_subscriptions as s')
    .leftJoin('subscription_renewals as r', 'r.subscription_id', 's.id')
    .leftJoin('prices as p', 'p.id', 's.price_id')
    .leftJoin('products as product', 'product.key', 'p.product_key')
    .select([
      's.status',
      's.cancel_at_period_end',
      's.current_period_end',
      's.paused_until',
      'product.title',
    ])
    .where((eb) => eb.or([eb('s.origin_order_id', '=', orderId), eb('r.order_id', '=', orderId)]))
    .executeTakeFirst();
  if (!subscription) return null;
  const title = subscription.title ?? 'Bloodwise';
  if (subscription.status === 'canceled') return { state: 'stopped', title };
  const periodEnd = asDate(subscription.current_period_end);
  if (subscription.cancel_at_period_end) return { state: 'ends', title, endsAt: periodEnd };
  const resumes = subscription.paused_until ? asDate(subscription.paused_until) : null;
  return { state: 'renews', title, nextRenewalAt: resumes ?? periodEnd };
}

export function createRefundMails(deps: { mail: MailQueue; publicOrigin: string }): RefundMails {
  return {
    async queue(trx, refund) {
      const row = await trx
        .selectFrom('orders')
        .select(['id', 'email', 'name', 'currency', 'payment_label'])
        .where('id', '=', refund.orderId)
        .executeTakeFirst();
      if (!row) return false;
      const message = orderRefundEmail({
        to: row.email,
        name: splitFullName(row.name || row.email).firstName,
        orderNumber: orderNumber(row.id),
        currency: row.currency,
        amount: refund.amount,
        paymentLabel: row.payment_label ?? refund.paymentLabel ?? null,
        reason: refund.reason,
        plan: await planOf(trx, row.id),
        orderLink: accountOrderLink(deps.publicOrigin, row.id),
      });
      return deps.mail.enqueue(trx, message, { dedupeKey: `refund:${refund.key}` });
    },
    wake: () => deps.mail.wake(),
  };
}
