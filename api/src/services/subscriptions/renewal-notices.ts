// The notices a subscription law asks for: a reminder before each renewal that charges, a
// notice about a month before a plan of a year or more renews, and a summary on each anniversary.
// A scheduler on every instance queues the notices due by the shop clock (each minute and when
// the clock moves); the job records the notice and queues its mail in one transaction, and the
// record's key (subscription, kind, occasion) lets two instances or a retried job mail it once.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { deriveRecurringInterval } from '@shop/shared/catalog/recurring-interval';
import type { NoticeSettings } from '@shop/shared/contract/ops';
import { renewalPeriodPhrase } from '@shop/shared/subscriptions/renewal-terms';
import type { Database, Executor } from '../../db/schema';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import type { MailMessage } from '../../lib/email';
import {
  chargedBetween,
  listNoticeCandidates,
  lockNoticeSubscription,
  recordNotice,
  type NoticeKind,
  type NoticeSubscription,
} from '../../repositories/subscription-notices-repository';
import { defineJobKind, type JobQueue } from '../jobs/job-queue';
import { createScanScheduler, type ScanScheduler } from '../jobs/scan-scheduler';
import type { MailQueue } from '../mail/mail-queue';
import {
  longPlanReminderEmail,
  renewalReminderEmail,
  yearlySummaryEmail,
  type NoticeMailInput,
} from './renewal-notice-email';
import { readNoticeSettings } from './subscription-settings';

/** Days before the renewal of a plan of a year or more: inside the 15 to 45 days the law asks. */
export const LONG_PLAN_NOTICE_DAYS = 30;
/** Closer to the renewal than this, the long-plan notice is left to the renewal reminder. */
const LONG_PLAN_NOTICE_LAST_DAYS = 15;

export const sendNoticeJob = defineJobKind({
  name: 'subscription.notice',
  payload: z.object({
    subscriptionId: z.string().min(1),
    kind: z.enum(['renewal-reminder', 'long-plan-reminder', 'yearly-summary']),
    occasion: z.string().min(1),
  }),
});

export interface NoticeDeps {
  db: Database;
  clock: Clock;
  mail: MailQueue;
  /** The shop's public origin: the mails link to the subscription's account page there. */
  publicOrigin: string;
}

export interface DueNotice {
  kind: NoticeKind;
  /** The coming renewal's cycle ("cycle:4"), or the year being summed up ("year:2"). */
  occasion: string;
}

/** A plan whose period is a year or longer. */
export function isLongPlan(interval: NoticeSubscription['interval'], count: number): boolean {
  const daysPerUnit = { day: 1, week: 7, month: 30.5, year: 366 }[interval];
  return daysPerUnit * count >= 365;
}

/**
 * The notices due for the subscription now. Reminders go only before a renewal that charges: an
 * active subscription, not ending at the period's end, whose coming cycle is not skipped (a
 * paused one is reminded once it is active again, if its renewal is still ahead). The yearly
 * summary goes to active and paused subscriptions alike: both renew by themselves.
 */
export function dueNotices(
  subscription: NoticeSubscription,
  now: Date,
  settings: NoticeSettings,
): DueNotice[] {
  if (subscription.cancelAtPeriodEnd) return [];
  const due: DueNotice[] = [];
  const cycle = subscription.renewedCycles + 1;
  const renewalAt = subscription.currentPeriodEnd;
  const charges =
    subscription.status === 'active' &&
    subscription.skippedCycle !== cycle &&
    now.getTime() < renewalAt.getTime();
  const daysBefore = (days: number) => addCalendarSteps(renewalAt, 'day', -days).getTime();
  if (charges && !subscription.reminderSent && now.getTime() >= daysBefore(settings.reminderDays))
    due.push({ kind: 'renewal-reminder', occasion: `cycle:${cycle}` });
  if (
    charges &&
    !subscription.longPlanSent &&
    isLongPlan(subscription.interval, subscription.intervalCount) &&
    now.getTime() >= daysBefore(LONG_PLAN_NOTICE_DAYS) &&
    now.getTime() < daysBefore(LONG_PLAN_NOTICE_LAST_DAYS)
  )
    due.push({ kind: 'long-plan-reminder', occasion: `cycle:${cycle}` });
  if (subscription.yearsElapsed >= 1 && !subscription.yearlySent)
    due.push({ kind: 'yearly-summary', occasion: `year:${subscription.yearsElapsed}` });
  return due;
}

/** Queues every notice due now; resolves with how many jobs were queued. */
export async function scheduleDueNotices(
  deps: Pick<NoticeDeps, 'db' | 'clock'>,
  jobs: JobQueue,
  pageSize = 500,
): Promise<number> {
  const settings = await readNoticeSettings(deps.db);
  const now = deps.clock.now();
  const leadDays = Math.max(settings.reminderDays, LONG_PLAN_NOTICE_DAYS);
  let queued = 0;
  let after: string | null = null;
  for (;;) {
    const page = await listNoticeCandidates(deps.db, { now, leadDays, after, limit: pageSize });
    for (const subscription of page)
      for (const notice of dueNotices(subscription, now, settings)) {
        const payload = { subscriptionId: subscription.id, ...notice };
        const key = `notice:${subscription.id}:${notice.kind}:${notice.occasion}`;
        const { created } = await jobs.enqueue(deps.db, sendNoticeJob, payload, { key });
        if (created) queued += 1;
      }
    if (page.length < pageSize) return queued;
    after = page[page.length - 1]!.id;
  }
}

/** Registers the notice job's handler on the queue. */
export function handleNotices(jobs: JobQueue, deps: NoticeDeps): void {
  jobs.handle(sendNoticeJob, async ({ subscriptionId, kind, occasion }) => {
    await sendNotice(deps, subscriptionId, { kind, occasion });
  });
}

/**
 * Sends the notice if it is still due, once: under the subscription's lock it is checked again,
 * recorded, and its mail queued in the same transaction. Resolves with whether it was sent now.
 */
export async function sendNotice(
  deps: NoticeDeps,
  subscriptionId: string,
  notice: DueNotice,
): Promise<boolean> {
  const settings = await readNoticeSettings(deps.db);
  const sent = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const subscription = await lockNoticeSubscription(trx, subscriptionId, now);
    if (!subscription) return false;
    const due = dueNotices(subscription, now, settings).some(
      (candidate) => candidate.kind === notice.kind && candidate.occasion === notice.occasion,
    );
    if (!due) return false;
    if (!(await recordNotice(trx, { subscriptionId, ...notice, sentAt: now }))) return false;
    await deps.mail.enqueue(trx, await noticeMail(trx, deps, subscription, notice.kind, now));
    return true;
  });
  if (sent) deps.mail.wake();
  return sent;
}

/** The date of the renewal that starts cycle `cycle`, counted from the anchor. */
function renewalDate(subscription: NoticeSubscription, cycle: number): Date {
  return addCalendarSteps(
    subscription.billingAnchor,
    subscription.interval,
    subscription.intervalCount,
    cycle - subscription.anchorCycle,
  );
}

/** Renewals that would charge in [from, to) if nothing changes (not skipped, not while paused). */
function renewalsBetween(subscription: NoticeSubscription, from: Date, to: Date): number {
  let count = 0;
  for (let cycle = subscription.renewedCycles + 1; ; cycle += 1) {
    const at =
      cycle === subscription.renewedCycles + 1
        ? subscription.currentPeriodEnd
        : renewalDate(subscription, cycle);
    if (at.getTime() >= to.getTime()) return count;
    if (at.getTime() >= from.getTime() && cycle !== subscription.skippedCycle) count += 1;
  }
}

async function noticeMail(
  trx: Executor,
  deps: NoticeDeps,
  subscription: NoticeSubscription,
  kind: NoticeKind,
  now: Date,
): Promise<MailMessage> {
  const base: NoticeMailInput = {
    to: subscription.email,
    name: subscription.name,
    productTitle: subscription.productTitle,
    amount: subscription.unitAmount * subscription.quantity,
    currency: subscription.currency,
    period: renewalPeriodPhrase(
      deriveRecurringInterval(subscription.interval, subscription.intervalCount),
    ),
    renewalAt: subscription.currentPeriodEnd,
    manageLink: `${deps.publicOrigin}/account/subscriptions/${encodeURIComponent(subscription.id)}`,
  };
  if (kind === 'renewal-reminder') return renewalReminderEmail(base);
  if (kind === 'long-plan-reminder')
    return longPlanReminderEmail({
      ...base,
      term: renewalPeriodPhrase(
        deriveRecurringInterval(subscription.interval, subscription.intervalCount),
      ).replace(/^every /, ''),
    });
  const years = subscription.yearsElapsed;
  const anniversary = (year: number) => addCalendarSteps(subscription.startedAt, 'year', 1, year);
  const pausedUntil = subscription.status === 'paused' ? subscription.pausedUntil : null;
  const comingFrom = pausedUntil && pausedUntil.getTime() > now.getTime() ? pausedUntil : now;
  return yearlySummaryEmail({
    ...base,
    years,
    paidLastYear: await chargedBetween(trx, subscription, {
      from: anniversary(years - 1),
      to: anniversary(years),
      withPurchase: years === 1,
    }),
    renewalsComingYear: renewalsBetween(subscription, comingFrom, anniversary(years + 1)),
    pausedUntil,
  });
}

/** Looks for due notices every `intervalMs` and whenever asked (the clock moved). */
export function createNoticeScheduler(
  deps: Pick<NoticeDeps, 'db' | 'clock'>,
  jobs: JobQueue,
  options: { intervalMs: number; log?: Pick<FastifyBaseLogger, 'error'> },
): ScanScheduler {
  return createScanScheduler(() => scheduleDueNotices(deps, jobs), jobs, {
    ...options,
    what: 'subscription notices',
  });
}
