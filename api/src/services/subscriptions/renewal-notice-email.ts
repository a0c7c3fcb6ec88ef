// The notices a subscriber gets before money moves and once a year: in plain words, with the
// amount, the date and the direct link to cancel online (the subscription's own account page).
import { formatMoney } from '@shop/shared/format/money';
import type { MailMessage } from '../../lib/email';
import { composeEmail } from '../mail/templates';
import { formatDay as mailDate } from './subscription-change-email';

export interface NoticeMailInput {
  to: string;
  name: string;
  productTitle: string;
  /** What the coming renewal charges, in cents. */
  amount: number;
  currency: string;
  /** "every month", "every 2 years". */
  period: string;
  renewalAt: Date;
  /** The subscription's account page: cancel, pause or skip there. */
  manageLink: string;
}

const cancelLink = (link: string) => ({ link, label: 'Manage or cancel your subscription' });

/** Sent a few days before each renewal that charges. */
export function renewalReminderEmail(input: NoticeMailInput): Promise<MailMessage> {
  const amount = formatMoney(input.amount, input.currency);
  const date = mailDate(input.renewalAt);
  return composeEmail(
    input.to,
    `Your ${input.productTitle} renews on ${date} for ${amount}`,
    input.name,
    [
      `Your ${input.productTitle} subscription renews automatically on ${date}. We will then charge ${amount} to the payment method on file, and it renews ${input.period} after that until you cancel.`,
      `If you do not want it to renew, cancel online before ${date}. You keep your plan until then. You can also pause it or skip the next kit on the same page:`,
      cancelLink(input.manageLink),
    ],
  );
}

/** Sent about a month before the renewal of a plan of a year or more. */
export function longPlanReminderEmail(
  input: NoticeMailInput & { term: string },
): Promise<MailMessage> {
  const amount = formatMoney(input.amount, input.currency);
  const date = mailDate(input.renewalAt);
  return composeEmail(
    input.to,
    `Your ${input.productTitle} renews for another ${input.term} on ${date}`,
    input.name,
    [
      `Your ${input.productTitle} subscription renews automatically on ${date} for another ${input.term}. We will then charge ${amount} to the payment method on file.`,
      `If you do not want it to renew, cancel online before ${date}; nothing more is charged and you keep your plan until then:`,
      cancelLink(input.manageLink),
    ],
  );
}

/** Sent on each anniversary of the subscription. */
export function yearlySummaryEmail(
  input: NoticeMailInput & {
    years: number;
    /** Charged for it over the year that just ended. */
    paidLastYear: number;
    /** Renewals due in the coming year if nothing changes, and what they come to. */
    renewalsComingYear: number;
    /** Paused: the day renewals start again. */
    pausedUntil: Date | null;
  },
): Promise<MailMessage> {
  const money = (cents: number) => formatMoney(cents, input.currency);
  const span = input.years === 1 ? 'a year' : `${input.years} years`;
  const coming =
    input.renewalsComingYear === 0
      ? `Nothing is due in the coming year if nothing changes.`
      : `If nothing changes, it renews ${input.period} at ${money(input.amount)}: ${input.renewalsComingYear} ${input.renewalsComingYear === 1 ? 'renewal' : 'renewals'}, ${money(input.amount * input.renewalsComingYear)} over the coming year. The next renewal is on ${mailDate(input.renewalAt)}.`;
  return composeEmail(
    input.to,
    `Your ${input.productTitle} subscription: your yearly summary`,
    input.name,
    [
      `You have had your ${input.productTitle} subscription for ${span}. Over the past year you paid ${money(input.paidLastYear)} for it.`,
      ...(input.pausedUntil
        ? [`It is paused until ${mailDate(input.pausedUntil)} and renews automatically after that.`]
        : []),
      coming,
      `It renews automatically until you cancel. You can cancel online at any time, in a few clicks, on your subscription's page:`,
      cancelLink(input.manageLink),
    ],
  );
}
