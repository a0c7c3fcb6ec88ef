// Stripe Billing runs the cycle of a subscription the shop sold: the checkout's PaymentIntent paid
// the first period, so the Stripe subscription starts in a trial that ends where our first period
// ends, and Stripe's first invoice is the first renewal. Every change the shop records is mirrored
// here under an idempotency key derived from our record, so a retried job changes Stripe once.
import type Stripe from 'stripe';
import type { Database } from '../../../db/schema';
import {
  findBilledSubscriptionState,
  saveProviderSubscriptionId,
} from '../../../repositories/billed-subscriptions-repository';
import type {
  BilledSubscription,
  SubscriptionBilling,
  SubscriptionChange,
} from '../../subscriptions/subscription-billing';
import { createStripeClient, type StripeClientOptions } from './stripe-client';
import { isStripeError, stripeCall, translateStripeError } from './stripe-errors';
import { idOf } from './stripe-mapping';

export interface StripeSubscriptionBillingOptions {
  secretKey: string;
  db: Database;
  client?: StripeClientOptions;
}

/** A skip pauses collection until this long after the skipped renewal, so only its invoice is voided. */
export const SKIP_RESUME_AFTER_MS = 24 * 3_600_000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The keys of one subscription's start and of one recorded change. */
export function stripeBillingKeys(subscriptionId: string) {
  return {
    start: `subscription:${subscriptionId}:stripe`,
    change: (changeId: string | number, step = 'stripe') =>
      `subscription-change:${changeId}:${step}`,
  };
}

/** A change recorded before Stripe's subscription exists: the mirror job tries again after start. */
export class BillingNotStartedError extends Error {
  constructor(subscriptionId: string) {
    super(`Subscription ${subscriptionId} has no Stripe subscription yet`);
    this.name = 'BillingNotStartedError';
  }
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createStripeSubscriptionBilling(
  options: StripeSubscriptionBillingOptions,
): SubscriptionBilling {
  const { db } = options;
  const stripe = createStripeClient(options.secretKey, options.client);

  async function update(
    id: string,
    params: Stripe.SubscriptionUpdateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    return stripeCall(
      () => stripe.subscriptions.update(id, params, { idempotencyKey }),
      idempotencyKey,
    );
  }

  /**
   * The new price takes over at the period's end through a schedule: the running phase keeps its
   * price (and its trial, while the first, prepaid period runs), nothing is prorated.
   */
  async function changeInterval(
    stripeId: string,
    subscription: BilledSubscription,
    change: Extract<SubscriptionChange, { type: 'interval' }>,
    key: (step: string) => string,
  ): Promise<void> {
    const current = await stripeCall(() => stripe.subscriptions.retrieve(stripeId));
    const existing = idOf(current.schedule);
    const schedule = existing
      ? await stripeCall(() => stripe.subscriptionSchedules.retrieve(existing))
      : await stripeCall(
          () =>
            stripe.subscriptionSchedules.create(
              { from_subscription: stripeId },
              { idempotencyKey: key('schedule') },
            ),
          key('schedule'),
        );
    const price = await stripeCall(() => stripe.prices.retrieve(change.priceId));
    const recurring = price.recurring;
    if (!recurring) throw new Error(`Price ${change.priceId} is not recurring`);
    const running = schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date;
    const trialEnd = current.status === 'trialing' ? current.trial_end : null;
    await stripeCall(
      () =>
        stripe.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: 'release',
            proration_behavior: 'none',
            phases: [
              {
                items: [{ price: subscription.priceId, quantity: subscription.quantity }],
                ...(running ? { start_date: running } : {}),
                end_date: seconds(change.effectiveAt),
                ...(trialEnd ? { trial_end: trialEnd } : {}),
                proration_behavior: 'none',
              },
              {
                items: [{ price: change.priceId, quantity: subscription.quantity }],
                duration: {
                  interval: recurring.interval,
                  interval_count: recurring.interval_count,
                },
                proration_behavior: 'none',
              },
            ],
          },
          { idempotencyKey: key('phases') },
        ),
      key('phases'),
    );
  }

  return {
    async start(subscription) {
      const state = await findBilledSubscriptionState(db, subscription.id);
      // Already started (a retried job), or ended before billing ever started.
      if (!state || state.providerSubscriptionId || state.status === 'canceled') return;
      const key = stripeBillingKeys(subscription.id).start;
      const created = await stripeCall(
        () =>
          stripe.subscriptions.create(
            {
              customer: subscription.customerId,
              items: [{ price: subscription.priceId, quantity: subscription.quantity }],
              ...(subscription.paymentMethodId
                ? { default_payment_method: subscription.paymentMethodId }
                : {}),
              // The checkout paid the first period: Stripe's first invoice is the first renewal.
              trial_end: seconds(subscription.currentPeriodEnd),
              proration_behavior: 'none',
              off_session: true,
              metadata: { shopSubscriptionId: subscription.id },
            },
            { idempotencyKey: key },
          ),
        key,
      );
      await saveProviderSubscriptionId(db, subscription.id, created.id);
    },

    async mirror(subscription, change, changeId) {
      const stripeId = subscription.providerSubscriptionId;
      if (!stripeId) {
        // Nothing to end at Stripe when billing never started; anything else waits for start.
        if (change.type === 'cancel-now') return;
        throw new BillingNotStartedError(subscription.id);
      }
      const keys = stripeBillingKeys(subscription.id);
      const key = (step?: string) => keys.change(changeId, step);
      switch (change.type) {
        case 'cancel-at-period-end':
        case 'keep':
          await update(
            stripeId,
            { cancel_at_period_end: change.type === 'cancel-at-period-end' },
            key(),
          );
          return;
        case 'cancel-now':
          await stripeCall(
            () =>
              stripe.subscriptions.cancel(stripeId, { prorate: false }, { idempotencyKey: key() }),
            key(),
          );
          return;
        case 'pause':
          await update(
            stripeId,
            { pause_collection: { behavior: 'void', resumes_at: seconds(change.until) } },
            key(),
          );
          return;
        case 'resume':
        case 'unskip':
          await update(stripeId, { pause_collection: '' }, key());
          return;
        case 'skip':
          // The invoice Stripe makes at the skipped renewal is voided; the period still advances.
          await update(
            stripeId,
            {
              pause_collection: {
                behavior: 'void',
                resumes_at: seconds(new Date(change.renewalAt.getTime() + SKIP_RESUME_AFTER_MS)),
              },
            },
            key(),
          );
          return;
        case 'interval':
          await changeInterval(stripeId, subscription, change, key);
          return;
        case 'card': {
          const updated = await update(
            stripeId,
            { default_payment_method: change.paymentMethodId, expand: ['latest_invoice'] },
            key(),
          );
          // A past-due renewal is tried again at once with the new card.
          const invoice =
            typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
          if (invoice?.status !== 'open' || !invoice.id) return;
          const invoiceId = invoice.id;
          try {
            await stripe.invoices.pay(
              invoiceId,
              { payment_method: change.paymentMethodId, off_session: true },
              { idempotencyKey: key('pay') },
            );
          } catch (error) {
            // Declined again: Stripe's invoice.payment_failed keeps our record past due.
            if (!isStripeError(error, 'StripeCardError'))
              throw translateStripeError(error, key('pay'));
          }
          return;
        }
      }
    },

    async invoicePayment(invoiceId) {
      const payments = await stripeCall(() =>
        stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }),
      );
      const paid = payments.data.find((payment) => payment.status === 'paid') ?? payments.data[0];
      return idOf(paid?.payment.payment_intent ?? null);
    },
  };
}
