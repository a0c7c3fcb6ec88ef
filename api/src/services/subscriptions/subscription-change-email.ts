// The mail confirming each change made to a subscription, by the subscriber or by the shop's
// customer service for them: what changed, what it costs and when, and the link to the
// subscription in the account (where every change can be made again or undone). Only the sender's
// words differ by who made the change.
import type { MailMessage } from '../../lib/email';
import { composeEmail } from '../mail/templates';

export interface ChangeMailContext {
  to: string;
  name: string;
  productTitle: string;
  /** The subscription's page in the account. */
  link: string;
  currency: string;
  /** The next charge after the change, or null when none is coming. */
  next: { at: Date; amount: number } | null;
}

export type ChangeMail =
  | { action: 'cancel'; endsAt: Date }
  | { action: 'cancel-now' }
  | { action: 'resume-cancelled' }
  | { action: 'pause'; until: Date }
  | { action: 'resume' }
  | { action: 'skip'; skippedAt: Date }
  | { action: 'unskip'; renewalAt: Date }
  | { action: 'interval'; every: string; plan: string; from: Date; amount: number }
  | { action: 'card'; card: string };

/** "$129.00": amounts in subscription mails, to the cent. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

/** "March 31, 2026": dates in mails are the UTC calendar day the shop computes them on. */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** "every month", "every 3 months", "every 28 days". */
export function everyInterval(unit: string, count: number): string {
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

function nextCharge(context: ChangeMailContext): string {
  return context.next
    ? `Your next renewal is on ${formatDay(context.next.at)} for ${formatMoney(context.next.amount, context.currency)}.`
    : 'No renewal is scheduled.';
}

/** Who made the change the mail confirms. */
export type ChangeMailActor = 'subscriber' | 'operator';

export function subscriptionChangeEmail(
  context: ChangeMailContext,
  change: ChangeMail,
  by: ChangeMailActor = 'subscriber',
): Promise<MailMessage> {
  const title = context.productTitle;
  const who = by === 'operator' ? 'Our customer service' : 'You';
  const money = (amount: number) => formatMoney(amount, context.currency);
  const manage = { label: 'Manage your subscription', link: context.link };
  const compose = (subject: string, lines: string[]) =>
    composeEmail(context.to, subject, context.name, [
      ...lines,
      'You can review or change it at any time in your account:',
      manage,
    ]);
  switch (change.action) {
    case 'cancel':
      return compose(
        `Your ${title} subscription is cancelled: it ends on ${formatDay(change.endsAt)}`,
        [
          `${who} cancelled your ${title} subscription. It stays active until ${formatDay(change.endsAt)} and then ends; you will not be charged again.`,
          'Changed your mind? You can keep it from your account until that day.',
        ],
      );
    case 'cancel-now':
      return compose(`Your ${title} subscription has ended`, [
        `${who} cancelled your ${title} subscription and it has ended today. Nothing more will be charged.`,
      ]);
    case 'resume-cancelled':
      return compose(`Your ${title} subscription continues`, [
        `You kept your ${title} subscription: it will not end.`,
        nextCharge(context),
      ]);
    case 'pause':
      return compose(`Your ${title} subscription is paused until ${formatDay(change.until)}`, [
        `${who} paused your ${title} subscription until ${formatDay(change.until)}. No kits are sent and nothing is charged until then.`,
        nextCharge(context),
      ]);
    case 'resume':
      return compose(`Your ${title} subscription is active again`, [
        `You resumed your ${title} subscription.`,
        nextCharge(context),
      ]);
    case 'skip':
      return compose(`Your next ${title} kit is skipped`, [
        `The renewal of ${formatDay(change.skippedAt)} is skipped: no kit is sent and nothing is charged for it.`,
        nextCharge(context),
      ]);
    case 'unskip':
      return compose(`Your next ${title} kit is back on`, [
        `You undid the skip: your ${title} subscription renews on ${formatDay(change.renewalAt)} as planned.`,
        nextCharge(context),
      ]);
    case 'interval':
      return compose(`Your ${title} subscription will renew ${change.every}`, [
        `From ${formatDay(change.from)} your subscription renews ${change.every} as ${change.plan}, for ${money(change.amount)} each time. Nothing is charged today.`,
        nextCharge(context),
      ]);
    case 'card':
      return compose(`The card for your ${title} subscription changed`, [
        `Renewals of your ${title} subscription are now charged to ${change.card}.`,
        nextCharge(context),
      ]);
  }
}
