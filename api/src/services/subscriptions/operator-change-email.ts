import type { MailMessage } from '../../lib/email';
import { composeEmail } from '../mail/templates';

/** What an operator changed on a subscriber's plan, as the subscriber's mail tells it. */
export type OperatorChange =
  | { kind: 'cancel-now'; at: Date }
  | { kind: 'cancel-at-period-end'; endsAt: Date }
  | {
      kind: 'pause';
      until: Date;
      nextRenewal: { at: Date; amount: number; currency: string } | null;
    };

const day = (date: Date) =>
  date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

/** Confirms a change our customer service made: what happened, what it costs, where to see it. */
export function operatorChangeEmail(input: {
  to: string;
  name: string;
  productTitle: string;
  change: OperatorChange;
  accountUrl: string;
}): MailMessage {
  const { productTitle: title, change } = input;
  const link = { link: input.accountUrl, label: 'See your subscription' };
  switch (change.kind) {
    case 'cancel-now':
      return composeEmail(input.to, `Your ${title} subscription is cancelled`, input.name, [
        `Our customer service cancelled your ${title} subscription on ${day(change.at)}.`,
        'It will not renew: no further kit is sent and nothing more is charged.',
        link,
      ]);
    case 'cancel-at-period-end':
      return composeEmail(
        input.to,
        `Your ${title} subscription ends on ${day(change.endsAt)}`,
        input.name,
        [
          `Our customer service cancelled your ${title} subscription. It stays active until ${day(change.endsAt)} and then ends without renewing.`,
          'Nothing more is charged.',
          link,
        ],
      );
    case 'pause': {
      const next = change.nextRenewal;
      return composeEmail(
        input.to,
        `Your ${title} subscription is paused until ${day(change.until)}`,
        input.name,
        [
          `Our customer service paused your ${title} subscription until ${day(change.until)}: no kit is sent and nothing is charged until then.`,
          next
            ? `It renews again on ${day(next.at)} for ${money(next.amount, next.currency)}.`
            : 'It renews again after that date at its usual price.',
          link,
        ],
      );
    }
  }
}
