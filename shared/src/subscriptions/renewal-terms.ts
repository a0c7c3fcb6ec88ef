// The automatic-renewal terms a shopper agrees to at checkout, built from the priced recurring
// lines. The checkout shows this text and the API stores the same words, rendered by itself from
// its own prices, as the record of what was agreed; a new wording gets a new version.
import { intervalDuration, type RecurringInterval } from '../catalog/recurring-interval';
import { formatMoney } from '../format/money';

/** The wording's version: the checkout sends it back, and the API renders that version's text. */
export const RENEWAL_TERMS_VERSION = '2025-07-01';

/** Where a subscriber cancels online; the account app's page, behind sign-in. */
export const SUBSCRIPTIONS_ACCOUNT_PATH = '/account/subscriptions';

/** One recurring line: its title, what each renewal charges (all units), and how often. */
export interface RenewalTermsLine {
  title: string;
  amount: number;
  /** The shop's interval name; it carries the count ('quarter' is 3 months, '20-days' 20 days). */
  interval: RecurringInterval;
}

/** "every month", "every 3 months", "every 20 days", "every 2 years". */
export function renewalPeriodPhrase(interval: RecurringInterval): string {
  return `every ${intervalDuration(interval).replace(/^1 /, '')}`;
}

/** The charge of one line: "Monthly membership: $29 every month". */
export function renewalChargePhrase(line: RenewalTermsLine, currency: string): string {
  return `${line.title}: ${formatMoney(line.amount, currency)} ${renewalPeriodPhrase(line.interval)}`;
}

/**
 * The terms text for the recurring lines of one order, in their order. Plain sentences: what is
 * charged and how often, that it renews until cancelled, and how to cancel online.
 */
export function renewalTermsText(input: {
  lines: readonly RenewalTermsLine[];
  currency: string;
}): string {
  const charges = input.lines.map((line) => renewalChargePhrase(line, input.currency));
  return [
    `Automatic renewal. ${charges.join('; ')}.`,
    `Your subscription renews automatically at the end of each period, and the payment method you use today is charged that amount each time until you cancel.`,
    `You can cancel online at any time in your account under Subscriptions (${SUBSCRIPTIONS_ACCOUNT_PATH}); the renewal then stops and your plan runs to the end of the period already paid.`,
    `We email you a reminder before each renewal.`,
  ].join(' ');
}

/** The terms of the recurring lines among `lines` (those with an interval), or null when none recurs. */
export function renewalTermsOf(input: {
  lines: readonly { title: string; amount: number; interval: RecurringInterval | null }[];
  currency: string;
}): string | null {
  const recurring = input.lines.flatMap((line) =>
    line.interval ? [{ title: line.title, amount: line.amount, interval: line.interval }] : [],
  );
  return recurring.length > 0
    ? renewalTermsText({ lines: recurring, currency: input.currency })
    : null;
}

/** The checkbox the terms sit next to. */
export const RENEWAL_CONSENT_LABEL =
  'I agree that my subscription renews automatically until I cancel.';
