import type { MailMessage } from '../../lib/email';
import { composeEmail } from '../mail/templates';

/** The receipt of a paid renewal: what was charged and until when the plan now runs. */
export function renewalReceiptEmail(input: {
  to: string;
  name: string;
  productTitle: string;
  amount: number;
  currency: string;
  periodEnd: Date;
}): MailMessage {
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: input.currency.toUpperCase(),
  }).format(input.amount / 100);
  const until = input.periodEnd.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return composeEmail(input.to, `Your ${input.productTitle} renewed`, input.name, [
    `Your ${input.productTitle} subscription renewed and your card was charged ${amount}.`,
    `Your next kit is scheduled; this period runs until ${until}.`,
  ]);
}
