// The automatic-renewal terms a shopper agrees to at checkout, built from the priced recurring
// lines. The checkout shows this text and the API stores the same words, rendered by itself from
// its own prices, as the record of what was agreed; a new wording gets a new version.
import { intervalDuration, type RecurringInterval } from '../catalog/recurring-interval';
import { formatMoney } from '../format/money';

/** The wording's version: the checkout sends it back, and the API renders that version's text. */
export const RENEWAL_TERMS_VERSION = '2026-12-07';

/** Where a subscriber cancels online: the account, which lists every plan (behind sign-in). */
export const SUBSCRIPTIONS_ACCOUNT_PATH = '/account';

/** A piece of the terms: words, or words that link to a page of the shop (`href` is a path). */
export type RenewalTermsPart = string | { text: string; href: string };

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
 * The terms for the recurring lines of one order, in their order, as words and links. Plain
 * sentences: what is charged and how often, that it renews until cancelled, and how to cancel
 * online (a guest included: the account made with the order's e-mail gets the plan).
 */
export function renewalTermsParts(input: {
  lines: readonly RenewalTermsLine[];
  currency: string;
}): RenewalTermsPart[] {
  const charges = input.lines.map((line) => renewalChargePhrase(line, input.currency));
  return [
    `Automatic renewal. ${charges.join('; ')}. Your subscription renews automatically at the end of each period, and the payment method you use today is charged that amount each time until you cancel. You can cancel online at any time in `,
    { text: 'your account', href: SUBSCRIPTIONS_ACCOUNT_PATH },
    `. Checking out as a guest? Your plan is added to the account with this order's email address: create one with that address at any time, or log in if you already have one. Once you cancel, the renewal stops and your plan runs to the end of the period already paid. We email you a reminder before each renewal.`,
  ];
}

/** The parts as one text, links written as their words and full address (see renewalTermsText). */
export const renewalTermsPartsText = (parts: readonly RenewalTermsPart[], shopUrl: string) =>
  parts
    .map((part) => (typeof part === 'string' ? part : `${part.text} (${shopUrl}${part.href})`))
    .join('');

/**
 * The same terms as one text, each link written as its words and full address, for the record
 * kept with the order: `shopUrl` is the shop's public origin.
 */
export function renewalTermsText(input: {
  lines: readonly RenewalTermsLine[];
  currency: string;
  shopUrl: string;
}): string {
  return renewalTermsPartsText(renewalTermsParts(input), input.shopUrl);
}

/** The terms of the recurring lines among `lines` (those with an interval), or null when none recurs. */
export function renewalTermsOf(input: {
  lines: readonly { title: string; amount: number; interval: RecurringInterval | null }[];
  currency: string;
}): RenewalTermsPart[] | null {
  const recurring = input.lines.flatMap((line) =>
    line.interval ? [{ title: line.title, amount: line.amount, interval: line.interval }] : [],
  );
  return recurring.length > 0
    ? renewalTermsParts({ lines: recurring, currency: input.currency })
    : null;
}

/** The checkbox the terms sit next to. */
export const RENEWAL_CONSENT_LABEL =
  'I agree that my subscription renews automatically until I cancel.';
