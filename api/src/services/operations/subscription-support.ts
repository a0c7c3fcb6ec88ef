// Subscription support for operators: find a subscriber's plan, read its renewal ledger and change
// log, and act for the customer (cancel, pause, retry a past-due renewal now). Each action runs
// under the subscription's row lock, refuses a cancelled subscription (it never changes again),
// and writes the change log, the audit log and the subscriber's mail in the same transaction.
import type {
  OpsSubscriptionDetail,
  OpsSubscriptionList,
  OpsSubscriptionSummary,
  SubscriptionListQuery,
  SubscriptionSettings,
} from '@shop/shared/contract/ops';
import type { Database, Executor } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import type { MailMessage } from '../../lib/email';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';
import { listRenewals } from '../../repositories/subscription-renewals-repository';
import {
  insertSubscriptionChange,
  listSubscriptionChanges,
  updateSubscription,
  type SubscriptionUpdate,
} from '../../repositories/subscriptions-repository';
import {
  findOpsSubscription,
  listOpsSubscriptions,
  type OpsSubscriptionRow,
  type SubscriptionPosition,
} from '../../repositories/ops-subscriptions-repository';
import type { JobQueue } from '../jobs/job-queue';
import type { MailQueue } from '../mail/mail-queue';
import {
  subscriptionChangeEmail,
  type ChangeMail,
} from '../subscriptions/subscription-change-email';
import { subscriptionLinks } from '../subscriptions/renew-subscription';
import { retryRenewalNow } from '../subscriptions/renewal-scheduler';
import type { SubscriptionChange } from '../subscriptions/subscription-billing';
import { queueMirror } from '../subscriptions/subscription-mirror';
import {
  readSubscriptionSettings,
  writeSubscriptionSettings,
} from '../subscriptions/subscription-settings';

export interface SubscriptionSupportDeps {
  db: Database;
  clock: Clock;
  mail: MailQueue;
  jobs: JobQueue;
  /** The shop's address, for the account link in the subscriber's mail. */
  publicOrigin: string;
}

interface ActionInput {
  id: string;
  actor: AuditActor;
  requestId?: string;
}

const DAY_MS = 86_400_000;
const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** The renewal dates of `row` from cycle `from` on, counted from its anchor. */
function cycleEnd(row: OpsSubscriptionRow, cycle: number): Date | null {
  if (!row.interval || !row.intervalCount) return null;
  return addCalendarSteps(
    row.billingAnchor,
    row.interval,
    row.intervalCount,
    cycle - row.anchorCycle + 1,
  );
}

/** The first renewal billed once a pause ends: the first cycle date on or after `until`. */
function firstRenewalFrom(row: OpsSubscriptionRow, until: Date): Date | null {
  // A year of the shortest plan (daily) is the most a pause can cover.
  for (let cycle = row.renewedCycles + 1; cycle <= row.renewedCycles + 400; cycle++) {
    const end = cycleEnd(row, cycle);
    if (!end) return null;
    if (end.getTime() >= until.getTime()) return end;
  }
  return null;
}

/** When the next renewal runs, or null when none will. */
function nextRenewalAt(row: OpsSubscriptionRow): Date | null {
  if (row.cancelAtPeriodEnd) return null;
  switch (row.status) {
    case 'active':
      return row.currentPeriodEnd;
    case 'past_due':
      return row.nextRetryAt;
    case 'paused':
      return row.pausedUntil ? firstRenewalFrom(row, row.pausedUntil) : null;
    default:
      return null;
  }
}

function renewalAmount(row: OpsSubscriptionRow): number | null {
  return row.unitAmount === null ? null : row.unitAmount * row.quantity;
}

function summary(row: OpsSubscriptionRow): OpsSubscriptionSummary {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    title: row.title ?? row.lookupKey ?? row.priceId,
    lookupKey: row.lookupKey,
    interval: row.interval,
    intervalCount: row.intervalCount,
    amount: renewalAmount(row),
    currency: row.currency === 'usd' || row.currency === 'cad' ? row.currency : null,
    provider: row.provider,
    nextRenewalAt: iso(nextRenewalAt(row)),
    renewedCycles: row.renewedCycles,
    failedAttempts: row.failedAttempts,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pausedUntil: iso(row.pausedUntil),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why a renewal cannot be tried now, or null when it can. */
function retryRefusal(row: OpsSubscriptionRow): string | null {
  // Paused with no date: its tries ran out and it waits for a card that works.
  const recovering =
    row.status === 'past_due' || (row.status === 'paused' && row.pausedUntil === null);
  if (!recovering)
    return `Only a past-due renewal can be retried; this subscription is ${row.status.replace('_', ' ')}.`;
  if (row.provider !== 'test')
    return 'Stripe Billing retries this renewal on its own schedule; it cannot be tried from here.';
  if (!row.paymentMethodId) return 'There is no card on file: the subscriber must add one first.';
  return null;
}

/** What an operator may do to the subscription as it stands. */
function allowedActions(row: OpsSubscriptionRow) {
  const live = row.status !== 'canceled';
  return {
    cancelNow: live,
    cancelAtPeriodEnd: row.status === 'active' && !row.cancelAtPeriodEnd,
    pause: (row.status === 'active' || row.status === 'paused') && !row.cancelAtPeriodEnd,
    retry: retryRefusal(row) === null,
  };
}

// The cursor an operator's next page asks with: the last row's position, `<time>_<id>`; the time
// has a fixed length, so an id with underscores still splits cleanly.
const CURSOR_TIME_LENGTH = '2026-01-01T00:00:00.000000Z'.length;
const encodeCursor = (position: SubscriptionPosition) => `${position.at}_${position.id}`;
const decodeCursor = (cursor: string): SubscriptionPosition => ({
  at: cursor.slice(0, CURSOR_TIME_LENGTH),
  id: cursor.slice(CURSOR_TIME_LENGTH + 1),
});

/** One page of subscriptions, newest first, found by e-mail or id and filtered by status. */
export async function listSubscriptionsFor(
  db: Database,
  query: SubscriptionListQuery,
): Promise<OpsSubscriptionList> {
  const { page, next } = await listOpsSubscriptions(db, {
    q: query.q,
    statuses: query.status,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: query.limit,
  });
  return {
    subscriptions: page.map(summary),
    nextCursor: next === null ? null : encodeCursor(next),
  };
}

/** The subscription with its renewal ledger and change log. */
export async function subscriptionDetailFor(
  db: Executor,
  id: string,
): Promise<OpsSubscriptionDetail> {
  const row = await findOpsSubscription(db, id);
  if (!row) throw notFound('Subscription not found');
  const [renewals, changes] = await Promise.all([
    listRenewals(db, id),
    listSubscriptionChanges(db, id),
  ]);
  return {
    subscription: {
      ...summary(row),
      userId: row.userId,
      originOrderId: row.originOrderId,
      providerSubscriptionId: row.providerSubscriptionId,
      currentPeriodStart: row.currentPeriodStart.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      canceledAt: iso(row.canceledAt),
      cancelReason: row.cancelReason,
      skippedCycle: row.skippedCycle,
      nextRetryAt: iso(row.nextRetryAt),
      hasCard: row.paymentMethodId !== null,
    },
    renewals: renewals.map((renewal) => ({
      cycle: renewal.cycle,
      attempt: renewal.attempt,
      status: renewal.status,
      amount: renewal.amount,
      currency: renewal.currency,
      periodStart: renewal.periodStart.toISOString(),
      periodEnd: renewal.periodEnd.toISOString(),
      orderId: renewal.orderId,
      chargeId: renewal.chargeId,
      failureCode: renewal.failureCode,
      failureMessage: renewal.failureMessage,
      hardDecline: renewal.hardDecline,
      at: renewal.updatedAt.toISOString(),
    })),
    // Newest first.
    changes: changes.toReversed().map((change) => ({
      at: change.createdAt.toISOString(),
      actor: change.actor,
      action: change.action,
      detail: change.detail,
    })),
    actions: allowedActions(row),
  };
}

/** The subscription's state an audit entry keeps before and after an action. */
function auditState(row: OpsSubscriptionRow, patch: SubscriptionUpdate = {}) {
  return {
    status: patch.status ?? row.status,
    cancelAtPeriodEnd: patch.cancel_at_period_end ?? row.cancelAtPeriodEnd,
    pausedUntil: iso(patch.paused_until === undefined ? row.pausedUntil : patch.paused_until),
    nextRetryAt: iso(patch.next_retry_at === undefined ? row.nextRetryAt : patch.next_retry_at),
  };
}

interface Decision {
  /** The change log's action (cancel, cancel-now, pause, retry). */
  action: string;
  detail: Record<string, unknown>;
  patch: SubscriptionUpdate;
  /** What the subscriber is told, if anything, and the next charge after the change. */
  mail?: { change: ChangeMail; next?: { at: Date; amount: number } | null };
  /** What the billing provider is told (a job queued with the change). */
  mirror?: SubscriptionChange;
}

/**
 * Runs one operator action: locks the row, refuses a cancelled subscription, applies `decide`'s
 * patch and writes the change log, the audit log, the mail and the change's mirror to the billing
 * provider together; then wakes the mail and job runners.
 */
async function act(
  deps: SubscriptionSupportDeps,
  input: ActionInput,
  decide: (row: OpsSubscriptionRow, now: Date) => Decision,
): Promise<OpsSubscriptionDetail> {
  const { mirrorQueued } = await deps.db.transaction().execute(async (trx) => {
    const locked = await findOpsSubscription(trx, input.id, { forUpdate: true });
    if (!locked) throw notFound('Subscription not found');
    if (locked.status === 'canceled')
      throw conflict('This subscription is cancelled: it cannot change any more.');
    const now = deps.clock.now();
    const decided = decide(locked, now);
    await updateSubscription(trx, locked.id, decided.patch, now);
    const changeId = await insertSubscriptionChange(trx, {
      subscriptionId: locked.id,
      actor: 'operator',
      action: decided.action,
      detail: { ...decided.detail, by: input.actor.name },
      createdAt: now,
    });
    await recordAudit(trx, {
      actor: input.actor,
      action: `subscription.${decided.action}`,
      target: `subscription:${locked.id}`,
      before: auditState(locked),
      after: { ...auditState(locked, decided.patch), ...decided.detail },
      requestId: input.requestId,
    });
    const message = decided.mail && changeMail(deps, locked, decided.mail);
    if (message) await deps.mail.enqueue(trx, message);
    const queued = decided.mirror
      ? await queueMirror(trx, deps.jobs, {
          subscription: locked,
          changeId,
          change: decided.mirror,
        })
      : false;
    return { mirrorQueued: queued };
  });
  deps.mail.wake();
  if (mirrorQueued) deps.jobs.wake();
  return subscriptionDetailFor(deps.db, input.id);
}

function changeMail(
  deps: SubscriptionSupportDeps,
  row: OpsSubscriptionRow,
  mail: NonNullable<Decision['mail']>,
): Promise<MailMessage> | null {
  if (!row.email) return null;
  return subscriptionChangeEmail(
    {
      to: row.email,
      name: row.name ?? row.email,
      productTitle: row.title ?? row.lookupKey ?? 'Bloodwise',
      link: subscriptionLinks(deps.publicOrigin, encodeURIComponent(row.id)).account,
      currency: row.currency ?? 'usd',
      next: mail.next ?? null,
    },
    mail.change,
    'operator',
  );
}

/** Cancels now (no further renewal) or at the end of the period already paid for. */
export async function cancelSubscriptionFor(
  deps: SubscriptionSupportDeps,
  input: ActionInput & { when: 'now' | 'period-end'; reason: string },
): Promise<OpsSubscriptionDetail> {
  return act(deps, input, (row, now) => {
    if (input.when === 'now')
      return {
        action: 'cancel-now',
        detail: { reason: input.reason },
        patch: {
          status: 'canceled',
          canceled_at: now,
          cancel_reason: input.reason,
          cancel_requested_at: now,
          cancel_at_period_end: false,
          next_retry_at: null,
        },
        mail: { change: { action: 'cancel-now' } },
        mirror: { type: 'cancel-now' },
      };
    if (row.status !== 'active')
      throw conflict(
        `A ${row.status.replace('_', ' ')} subscription has no paid period to run out: cancel it now instead.`,
      );
    if (row.cancelAtPeriodEnd)
      throw conflict('This subscription already ends at the period’s end.');
    return {
      action: 'cancel',
      detail: { reason: input.reason, endsAt: row.currentPeriodEnd.toISOString() },
      patch: { cancel_at_period_end: true, cancel_reason: input.reason, cancel_requested_at: now },
      mail: { change: { action: 'cancel', endsAt: row.currentPeriodEnd } },
      mirror: { type: 'cancel-at-period-end' },
    };
  });
}

/** The first day a pause may end on (tomorrow, UTC) and the last (a year from now). */
function pauseWindow(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { earliest: new Date(today + DAY_MS), latest: addCalendarSteps(now, 'year', 1) };
}

/** Pauses renewals until a day from tomorrow to a year ahead (again on a paused one: a new date). */
export async function pauseSubscriptionFor(
  deps: SubscriptionSupportDeps,
  input: ActionInput & { until: Date; reason?: string },
): Promise<OpsSubscriptionDetail> {
  return act(deps, input, (row, now) => {
    if (row.status === 'past_due')
      throw conflict('A past-due subscription cannot be paused: its renewal must be paid first.');
    if (row.status !== 'active' && row.status !== 'paused')
      throw conflict(`A ${row.status} subscription cannot be paused.`);
    if (row.cancelAtPeriodEnd)
      throw conflict('This subscription ends at the period’s end: there is nothing to pause.');
    const { earliest, latest } = pauseWindow(now);
    if (input.until < earliest || input.until > latest)
      throw badRequest('A pause ends between tomorrow and a year from today.', {
        until: 'Pick a day from tomorrow to a year ahead',
      });
    const nextAt = firstRenewalFrom(row, input.until);
    const amount = renewalAmount(row);
    return {
      action: 'pause',
      detail: {
        until: input.until.toISOString(),
        ...(input.reason ? { reason: input.reason } : {}),
      },
      patch: { status: 'paused', paused_until: input.until },
      mail: {
        change: { action: 'pause', until: input.until },
        next: nextAt && amount !== null ? { at: nextAt, amount } : null,
      },
      mirror: { type: 'pause', until: input.until },
    };
  });
}

/**
 * Tries a past-due renewal again now (or one paused because its tries ran out): the change is
 * logged and audited, then the renewal engine queues the cycle's next try at once. Its outcome
 * mails the subscriber: a receipt, or the decline with the link to update the card.
 */
export async function retrySubscriptionFor(
  deps: SubscriptionSupportDeps,
  input: ActionInput & { reason?: string },
): Promise<OpsSubscriptionDetail> {
  await act(deps, input, (row) => {
    const refusal = retryRefusal(row);
    if (refusal) throw conflict(refusal);
    return {
      action: 'retry',
      detail: {
        cycle: row.renewedCycles + 1,
        attempt: row.failedAttempts + 1,
        ...(input.reason ? { reason: input.reason } : {}),
      },
      patch: {},
    };
  });
  // The engine takes the row's lock again and re-checks it: a cancel in between wins.
  await retryRenewalNow(
    { db: deps.db, clock: deps.clock, mail: deps.mail, shopUrl: deps.publicOrigin },
    deps.jobs,
    input.id,
  );
  return subscriptionDetailFor(deps.db, input.id);
}

export async function readSettingsFor(db: Database): Promise<SubscriptionSettings> {
  return readSubscriptionSettings(db);
}

/** Stores the settings and audits the change (before and after). */
export async function updateSettingsFor(
  deps: Pick<SubscriptionSupportDeps, 'db' | 'clock'>,
  input: { settings: SubscriptionSettings; actor: AuditActor; requestId?: string },
): Promise<SubscriptionSettings> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await readSubscriptionSettings(trx);
    await writeSubscriptionSettings(trx, input.settings, deps.clock.now());
    await recordAudit(trx, {
      actor: input.actor,
      action: 'subscription.settings',
      target: 'settings:subscriptions',
      before,
      after: input.settings,
      requestId: input.requestId,
    });
    return readSubscriptionSettings(trx);
  });
}
