// The receipt of an add-on bought after an order (on its thank-you page): the card on the order
// was charged again, so the buyer gets a receipt for that charge alone.
import { Column, Row, Section } from '@react-email/components';
import { formatMoney } from '@shop/shared/format/money';
import type { MailMessage } from '../../lib/email';
import {
  ActionButton,
  EmailLayout,
  Paragraph,
  paragraphStyle,
  renderEmail,
  Title,
} from './email-layout';

export interface UpgradeReceiptInput {
  to: string;
  name: string;
  /** The order the add-on joined, as the buyer reads it out. */
  orderNumber: string;
  title: string;
  quantity: number;
  amount: number;
  currency: string;
  /** "Visa •••• 4242", or null when the provider named no method. */
  paymentLabel: string | null;
  orderLink: string;
}

const cell = { ...paragraphStyle, margin: 0, padding: '8px 0' };

export function UpgradeReceipt({ input }: { input: UpgradeReceiptInput }) {
  const money = formatMoney(input.amount, input.currency);
  return (
    <EmailLayout
      preview={`${input.title}: ${money} paid. It ships with order ${input.orderNumber}.`}
      tagline="Your receipt"
    >
      <Title>Your add-on is on its way, {input.name}</Title>
      <Paragraph muted>{`Added to order ${input.orderNumber}`}</Paragraph>
      <Section>
        <Row style={{ borderBottom: '1px solid #e4e7eb' }}>
          <Column style={cell}>
            <strong>{input.title}</strong>
            {input.quantity > 1 ? ` × ${input.quantity}` : ''}
          </Column>
          <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>{money}</Column>
        </Row>
        <Row>
          <Column style={{ ...cell, fontWeight: 700 }}>Total paid</Column>
          <Column style={{ ...cell, fontWeight: 700, textAlign: 'right' }}>{money}</Column>
        </Row>
      </Section>
      <Paragraph>{`Charged to ${input.paymentLabel ?? 'the card you paid your order with'}. It ships with the rest of your order.`}</Paragraph>
      <ActionButton href={input.orderLink}>View your order</ActionButton>
      <Paragraph muted>Keep this email as your receipt.</Paragraph>
    </EmailLayout>
  );
}

export function upgradeReceiptEmail(input: UpgradeReceiptInput): Promise<MailMessage> {
  return renderEmail(
    input.to,
    `Your receipt for ${input.title} (order ${input.orderNumber})`,
    <UpgradeReceipt input={input} />,
  );
}
