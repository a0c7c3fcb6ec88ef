// The subscriber's view of a subscription: its plan, what comes next, the card it is charged to,
// how a failed renewal is being recovered, and exactly the changes the subscriber may make now.
import { compareBillingPeriods } from '@shop/shared/catalog/recurring-interval';
import type { Currency } from '@shop/shared/contract/common';
import type { PaymentMethodView } from '@shop/shared/contract/payment';
import type {
  IntervalOption,
  SubscriptionDetail,
  SubscriptionList,
} from '@shop/shared/contract/subscriptions';
import type { Executor } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { centsFromDb } from '../../lib/money';
import {
  findOwnedSubscription,
  listPlanPrices,
  listUserSubscriptions,
  type SubscriptionRecord,
} from '../../repositories/subscriptions-repository';
import { paymentMethodView } from '../payments/payment-method-view';
import type { PaymentProvider } from '../payments/payment-provider';
import { nextBilledRenewal, renewalDate } from './subscription-schedule';

export interface SubscriptionViewDeps {
  db: Executor;
  provider: PaymentProvider;
}

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

/** An interval option with the price and product (the plan's name) behind it. */
export type PlanOption = IntervalOption & { priceId: string; title: string };

/** The plan's recurring prices the subscriber may switch between (the current one included). */
export async function planOptions(db: Executor, record: SubscriptionRecord): Promise<PlanOption[]> {
  const prices = await listPlanPrices(db, record.price.productKey, record.price.currency);
  const options = prices.flatMap((price) =>
    price.recurring_interval && price.recurring_interval_count
      ? [
          {
            priceId: price.id,
            title: price.title,
            lookupKey: price.lookup_key,
            interval: price.recurring_interval,
            intervalCount: price.recurring_interval_count,
            unitAmount: centsFromDb(price.unit_amount_cents),
            currency: price.currency as Currency,
            current: price.id === record.priceId,
          },
        ]
      : [],
  );
  // The current price is always offered (as current), even when the catalogue retired it.
  // Shortest period first, whatever order the catalogue lists them in.
  return options.some((option) => option.current) ? options.sort(compareBillingPeriods) : [];
}

export type SubscriptionActions = SubscriptionDetail['actions'];

/** What the subscriber may do now; every change is checked against the same rules under the lock. */
export function allowedActions(
  record: SubscriptionRecord,
  optionCount: number,
): SubscriptionActions {
  const live = record.status !== 'canceled';
  const running = record.status === 'active' && !record.cancelAtPeriodEnd;
  const nextCycle = record.renewedCycles + 1;
  return {
    cancel: live && !record.cancelAtPeriodEnd,
    keep: live && record.cancelAtPeriodEnd,
    pause: running,
    resume: record.status === 'paused',
    skip: running && record.skippedCycle === null,
    unskip: live && record.skippedCycle === nextCycle,
    changeInterval:
      (record.status === 'active' || record.status === 'paused') &&
      !record.cancelAtPeriodEnd &&
      optionCount > 1,
    updateCard: live,
  };
}

const iso = (date: Date) => date.toISOString();

/** What the plan is and until when it runs: the account's short view and the detail share it. */
export function planSummary(record: SubscriptionRecord) {
  return {
    id: record.id,
    status: record.status,
    lookupKey: record.price.lookupKey,
    title: record.price.title,
    quantity: record.quantity,
    unitAmount: centsFromDb(record.price.unitAmount),
    currency: record.price.currency as Currency,
    interval: record.price.interval,
    intervalCount: record.price.intervalCount,
    currentPeriodEnd: iso(record.currentPeriodEnd),
  };
}

function toDetail(
  record: SubscriptionRecord,
  options: PlanOption[],
  paymentMethod: PaymentMethodView | null,
): SubscriptionDetail {
  const next = nextBilledRenewal(record);
  const skipped =
    record.skippedCycle !== null && record.skippedCycle > record.renewedCycles
      ? renewalDate(record, record.skippedCycle)
      : null;
  return {
    ...planSummary(record),
    currentPeriodStart: iso(record.currentPeriodStart),
    createdAt: iso(record.createdAt),
    nextRenewal: next
      ? {
          at: iso(next.at),
          amount: centsFromDb(next.amount),
          currency: record.price.currency as Currency,
          cycle: next.cycle,
        }
      : null,
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    canceledAt: record.canceledAt ? iso(record.canceledAt) : null,
    pausedUntil: record.pausedUntil ? iso(record.pausedUntil) : null,
    skippedRenewalAt: skipped ? iso(skipped) : null,
    paymentMethod,
    recovery:
      record.status === 'past_due' && record.failedAttempts > 0
        ? {
            failedAttempts: record.failedAttempts,
            nextRetryAt: record.nextRetryAt ? iso(record.nextRetryAt) : null,
          }
        : null,
    intervalOptions: options.map(({ priceId: _priceId, title: _title, ...option }) => option),
    actions: allowedActions(record, options.length),
  };
}

/** The card renewals are charged to, as the provider knows it (null when it is gone). */
async function cardOf(
  provider: PaymentProvider,
  record: SubscriptionRecord,
): Promise<PaymentMethodView | null> {
  if (!record.paymentMethodId) return null;
  const method = await provider.getPaymentMethod(record.customerId, record.paymentMethodId);
  return method ? paymentMethodView(method) : null;
}

export async function subscriptionDetail(
  deps: SubscriptionViewDeps,
  record: SubscriptionRecord,
): Promise<SubscriptionDetail> {
  const [options, card] = await Promise.all([
    planOptions(deps.db, record),
    cardOf(deps.provider, record),
  ]);
  return toDetail(record, options, card);
}

/** The user's subscription, or 404 alike for another user's and an unknown id. */
export async function ownedSubscriptionDetail(
  deps: SubscriptionViewDeps,
  userId: string,
  id: string,
): Promise<SubscriptionDetail> {
  const record = await findOwnedSubscription(deps.db, id, userId);
  if (!record) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return subscriptionDetail(deps, record);
}

export async function listSubscriptionDetails(
  deps: SubscriptionViewDeps,
  userId: string,
): Promise<SubscriptionList> {
  const records = await listUserSubscriptions(deps.db, userId);
  const subscriptions = [];
  for (const record of records) subscriptions.push(await subscriptionDetail(deps, record));
  return { subscriptions };
}
