// The mails of the renewal cycle: what happened, what it cost or will cost, and the link that
// fixes it. Dates are the shop's UTC calendar days, as the periods are counted.
import type { MailMessage } from '../../lib/email';
import { composeEmail } from '../mail/templates';
import { formatDay as day, formatMoney as money } from './subscription-change-email';

/** Who the mail is for and which plan it is about. */
interface Recipient {
  to: string;
  name: string;
  productTitle: string;
}

/** The receipt of a paid renewal: what was charged and until when the plan now runs. */
export function renewalReceiptEmail(
  input: Recipient & { amount: number; currency: string; periodEnd: Date },
): Promise<MailMessage> {
  return composeEmail(input.to, `Your ${input.productTitle} renewed`, input.name, [
    `Your ${input.productTitle} subscription renewed and your card was charged ${money(input.amount, input.currency)}.`,
    `Your next kit is scheduled; this period runs until ${day(input.periodEnd)}.`,
  ]);
}

/** A renewal the card refused: why, when it is tried again, and the one-click way to fix it. */
export function renewalDeclinedEmail(
  input: Recipient & {
    amount: number;
    currency: string;
    reason: 'declined' | 'hard-decline' | 'no-card';
    nextRetryAt: Date | null;
    /** When recovery ends and what happens then (null: this was the last try). */
    lastTry: { at: Date; endAction: 'cancel' | 'pause' } | null;
    cardUrl: string;
  },
): Promise<MailMessage> {
  const amount = money(input.amount, input.currency);
  const why = {
    declined: `your bank declined the payment of ${amount}`,
    'hard-decline': `your bank refused the payment of ${amount} and asked us not to try this card again`,
    'no-card': `there is no card on file for the payment of ${amount}`,
  }[input.reason];
  const next = input.nextRetryAt
    ? `We will try again on ${day(input.nextRetryAt)}.`
    : 'We will not try again until you add a card.';
  const end = input.lastTry
    ? `If it is still unpaid after ${day(input.lastTry.at)}, your subscription will be ${input.lastTry.endAction === 'cancel' ? 'cancelled' : 'paused'}.`
    : null;
  return composeEmail(input.to, `Your ${input.productTitle} renewal payment failed`, input.name, [
    `We could not renew your ${input.productTitle} subscription: ${why}. Your subscription is past due.`,
    'Update your card and we will charge it at once:',
    { link: input.cardUrl, label: 'Update your card' },
    next,
    ...(end ? [end] : []),
  ]);
}

/** The tries ran out: the subscription is cancelled, or paused until the card is updated. */
export function dunningEndedEmail(
  input: Recipient & {
    amount: number;
    currency: string;
    endAction: 'cancel' | 'pause';
    cardUrl: string;
  },
): Promise<MailMessage> {
  const amount = money(input.amount, input.currency);
  return input.endAction === 'cancel'
    ? composeEmail(input.to, `Your ${input.productTitle} subscription was cancelled`, input.name, [
        `We tried several times to charge ${amount} for your ${input.productTitle} renewal and every try failed, so your subscription is now cancelled.`,
        'You will not be charged again and no further kits will be sent.',
      ])
    : composeEmail(input.to, `Your ${input.productTitle} subscription is paused`, input.name, [
        `We tried several times to charge ${amount} for your ${input.productTitle} renewal and every try failed, so your subscription is paused: no kits and no charges.`,
        'Update your card to resume it:',
        { link: input.cardUrl, label: 'Update your card' },
      ]);
}

/** A cancellation at the period's end took effect. */
export function subscriptionEndedEmail(
  input: Recipient & { endedAt: Date; accountUrl: string },
): Promise<MailMessage> {
  return composeEmail(input.to, `Your ${input.productTitle} subscription has ended`, input.name, [
    `As you asked, your ${input.productTitle} subscription ended on ${day(input.endedAt)}.`,
    'You will not be charged again and no further kits will be sent. Your past orders stay in your account:',
    { link: input.accountUrl, label: 'Your subscriptions' },
  ]);
}

/** A pause ended (its date came, or the card was updated): renewals bill again. */
export function subscriptionResumedEmail(
  input: Recipient & { amount: number; currency: string; nextRenewalAt: Date; accountUrl: string },
): Promise<MailMessage> {
  return composeEmail(input.to, `Your ${input.productTitle} subscription has resumed`, input.name, [
    `Your ${input.productTitle} subscription is active again.`,
    `Your next renewal is on ${day(input.nextRenewalAt)}, when your card will be charged ${money(input.amount, input.currency)}.`,
    { link: input.accountUrl, label: 'Manage your subscription' },
  ]);
}
