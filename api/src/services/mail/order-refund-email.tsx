// The mail of a refund: how much, to which card, when it shows up, and for an order that started
// a subscription, whether the plan keeps billing (a refund alone does not cancel it).
import { formatMoney } from '@shop/shared/format/money';
import type { MailMessage } from '../../lib/email';
import { formatDay } from '../subscriptions/subscription-change-email';
import { ActionButton, EmailLayout, Paragraph, renderEmail, Title } from './email-layout';

/** What the refund does to the plan the order belongs to. */
export type RefundPlan =
  | { state: 'renews'; title: string; nextRenewalAt: Date }
  | { state: 'ends'; title: string; endsAt: Date }
  | { state: 'stopped'; title: string };

export interface OrderRefundInput {
  to: string;
  name: string;
  orderNumber: string;
  currency: string;
  amount: number;
  /** "Visa •••• 4242"; null when the provider named no method. */
  paymentLabel: string | null;
  /** Why the shop refunded on its own (the order could not be completed); null for an operator's. */
  reason: string | null;
  plan: RefundPlan | null;
  orderLink: string;
}

function planSentence(plan: RefundPlan): string {
  switch (plan.state) {
    case 'renews':
      return `Your ${plan.title} subscription is not cancelled by this refund: it keeps billing, and renews next on ${formatDay(plan.nextRenewalAt)}. You can cancel it in your account at any time.`;
    case 'ends':
      return `Your ${plan.title} subscription is cancelled: it ends on ${formatDay(plan.endsAt)} and will not bill again.`;
    case 'stopped':
      return `Your ${plan.title} subscription has ended: it will not bill again.`;
  }
}

export function orderRefundEmail(input: OrderRefundInput): Promise<MailMessage> {
  const amount = formatMoney(input.amount, input.currency);
  const to = input.paymentLabel ? `to ${input.paymentLabel}` : 'to the card you paid with';
  return renderEmail(
    input.to,
    `Your refund of ${amount} for order ${input.orderNumber}`,
    <EmailLayout preview={`We refunded ${amount} ${to}.`} tagline="Your refund">
      <Title>We refunded {amount}</Title>
      <Paragraph>Hi {input.name},</Paragraph>
      {input.reason && <Paragraph>{input.reason}</Paragraph>}
      <Paragraph>
        {`We refunded ${amount} of order ${input.orderNumber} ${to}. Refunds usually show on your statement within 5 to 10 business days, depending on your bank.`}
      </Paragraph>
      {input.plan && <Paragraph>{planSentence(input.plan)}</Paragraph>}
      <ActionButton href={input.orderLink}>View your order</ActionButton>
      <Paragraph muted>
        If the refund has not appeared after 10 business days, write to us with the order number and
        we will look into it.
      </Paragraph>
    </EmailLayout>,
  );
}
