// A subscription starts when the order that bought it is paid: in the transaction that marks the
// order paid, one record per recurring line (once per order and price, however often the payment
// is reported), then a job tells the billing side to take over after the first, paid period.
import { z } from 'zod';
import type { Database, Executor, OrderRow } from '../../db/schema';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import { createPrefixedId } from '../../lib/tokens';
import {
  findSubscription,
  findUserIdByEmail,
  insertOriginSubscription,
  recurringLinesOfOrder,
} from '../../repositories/subscriptions-repository';
import { defineJobKind, PermanentJobError, type JobQueue } from '../jobs/job-queue';
import { RECURRING_METADATA } from '../checkout/take-payment';
import type { ProviderCharge } from '../payments/payment-provider';
import { toBilled, type SubscriptionBilling } from './subscription-billing';

/** Hands a new subscription to whoever bills its cycle; retried until it is done. */
export const startBillingJob = defineJobKind({
  name: 'subscription.start-billing',
  payload: z.object({ subscriptionId: z.string().min(1) }),
  maxAttempts: 10,
});

export interface SubscriptionStarts {
  /**
   * Writes the subscriptions a paid order bought, inside the transaction that marks it paid, and
   * queues their start; true when any is new (wake the job runner after the commit).
   */
  recordPaidOrder(trx: Executor, order: OrderRow, charge: ProviderCharge): Promise<boolean>;
  /** Tells the job runner that starts were queued; after the commit. */
  wake(): void;
}

export function createSubscriptionStarts(deps: {
  clock: Clock;
  jobs: JobQueue;
  provider: 'test' | 'stripe';
  log?: { warn(object: object, message: string): void };
}): SubscriptionStarts {
  return {
    async recordPaidOrder(trx, order, charge) {
      // Only a checkout with a recurring line marks its intent so: a one-time order costs nothing here.
      if (charge.metadata[RECURRING_METADATA] !== 'true') return false;
      const lines = await recurringLinesOfOrder(trx, order.id);
      if (lines.length === 0) return false;
      if (!charge.customerId) {
        // Every checkout with a recurring line pays on a customer; an intent without one cannot renew.
        deps.log?.warn({ orderId: order.id }, 'paid recurring order without a customer');
        return false;
      }
      // A guest's plan belongs to the account of its e-mail (now, or when one signs up with it).
      const userId = order.user_id ?? (await findUserIdByEmail(trx, order.email));
      const now = deps.clock.now();
      let created = false;
      for (const line of lines) {
        const id = await insertOriginSubscription(trx, {
          id: createPrefixedId('sub'),
          userId,
          customerId: charge.customerId,
          originOrderId: order.id,
          provider: deps.provider,
          priceId: line.priceId,
          // Pay-later leaves no card: the first renewal asks the subscriber for one.
          paymentMethodId: order.bnpl ? null : (charge.paymentMethodId ?? order.payment_method_id),
          quantity: line.quantity,
          periodStart: now,
          periodEnd: addCalendarSteps(now, line.interval, line.intervalCount),
        });
        if (!id) continue;
        created = true;
        await deps.jobs.enqueue(
          trx,
          startBillingJob,
          { subscriptionId: id },
          { key: `subscription:${id}:start` },
        );
      }
      return created;
    },
    wake: () => deps.jobs.wake(),
  };
}

/** Registers the start job's handler: the billing side's start, idempotent per subscription. */
export function handleStartBilling(
  jobs: JobQueue,
  deps: { db: Database; billing: SubscriptionBilling },
): void {
  jobs.handle(startBillingJob, async ({ subscriptionId }) => {
    const record = await findSubscription(deps.db, subscriptionId);
    if (!record) throw new PermanentJobError(`No subscription ${subscriptionId}`);
    if (record.status === 'canceled') return;
    await deps.billing.start(toBilled(record));
  });
}
