// The receipt of a paid order: what was bought and what it cost, how it was paid, where it goes
// and what happens next. It names no result and nothing about the buyer's health.
import type { CSSProperties } from 'react';
import { Column, Hr, Row, Section, Text } from '@react-email/components';
import type { AddressView } from '@shop/shared/contract/common';
import { formatMoney } from '@shop/shared/format/money';
import type { MailMessage } from '../../lib/email';
import { formatDay } from '../subscriptions/subscription-change-email';
import {
  ActionButton,
  EmailLayout,
  Paragraph,
  paragraphStyle,
  renderEmail,
  Subheading,
  Title,
} from './email-layout';

export interface ReceiptLine {
  title: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  /** "every 3 months" for a subscription's line; null for a one-time purchase. */
  renews: string | null;
}

export interface OrderReceiptInput {
  to: string;
  /** The buyer's first name, for the greeting. */
  name: string;
  /** What the buyer reads out: the id's first 8 characters, upper case. */
  orderNumber: string;
  orderedAt: Date;
  currency: string;
  lines: readonly ReceiptLine[];
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shipping: number;
  total: number;
  /** "Visa •••• 4242", "Pay later", or null when the provider named no method. */
  paymentLabel: string | null;
  shippingAddress: AddressView;
  /** The storefront's partner, for an order placed on a partner's shop. */
  partnerName: string | null;
  /** The order's page in the account. */
  orderLink: string;
}

/** The four steps from a paid order to results, as the thank-you page lists them. */
export const RECEIPT_NEXT_STEPS = [
  'We ship your kit within one business day and email you the tracking number.',
  'Activate the kit in your account with the ID printed on the box, before you collect your sample.',
  'Collect your sample in the morning and send it back the same day in the prepaid return box.',
  'Your doctor-reviewed results appear in your account in about 5 days after the lab receives it.',
];

const cell: CSSProperties = { ...paragraphStyle, margin: 0, padding: '8px 0' };
const amountCell: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
const lineRow: CSSProperties = { borderBottom: '1px solid #e4e7eb' };
const small: CSSProperties = { fontSize: '13px', color: '#616e7c' };
const totalCell: CSSProperties = { ...cell, fontWeight: 700, fontSize: '17px' };

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Row>
      <Column style={strong ? totalCell : cell}>{label}</Column>
      <Column style={strong ? { ...totalCell, textAlign: 'right' } : amountCell}>{value}</Column>
    </Row>
  );
}

function ReceiptLines({ input }: { input: OrderReceiptInput }) {
  const money = (cents: number) => formatMoney(cents, input.currency);
  return (
    <Section>
      {input.lines.map((line, index) => (
        <Row key={index} style={lineRow}>
          <Column style={cell}>
            <strong>{line.title}</strong>
            <br />
            <span style={small}>
              {`Qty ${line.quantity} × ${money(line.unitAmount)}`}
              {line.renews ? ` · renews ${line.renews}` : ''}
            </span>
          </Column>
          <Column style={amountCell}>{money(line.amount)}</Column>
        </Row>
      ))}
    </Section>
  );
}

function ReceiptTotals({ input }: { input: OrderReceiptInput }) {
  const money = (cents: number) => formatMoney(cents, input.currency);
  return (
    <Section style={{ marginTop: '4px' }}>
      <TotalRow label="Subtotal" value={money(input.subtotal)} />
      {input.discount > 0 && (
        <TotalRow
          label={`Discount${input.discountCode ? ` (${input.discountCode})` : ''}`}
          value={`−${money(input.discount)}`}
        />
      )}
      <TotalRow label="Shipping" value={input.shipping === 0 ? 'Free' : money(input.shipping)} />
      <TotalRow label="Total paid" value={money(input.total)} strong />
    </Section>
  );
}

function ReceiptDetails({ input }: { input: OrderReceiptInput }) {
  const address = input.shippingAddress;
  return (
    <Section>
      <Row>
        <Column style={{ verticalAlign: 'top', width: '50%', paddingRight: '12px' }}>
          <Subheading>Paid with</Subheading>
          <Text style={{ ...paragraphStyle, margin: 0 }}>
            {input.paymentLabel ?? 'Your payment method'}
          </Text>
        </Column>
        <Column style={{ verticalAlign: 'top', width: '50%' }}>
          <Subheading>Ships to</Subheading>
          <Text style={{ ...paragraphStyle, margin: 0 }}>
            {address.name}
            <br />
            {address.line1}
            {address.line2 ? (
              <>
                <br />
                {address.line2}
              </>
            ) : null}
            <br />
            {`${address.city}, ${address.state} ${address.postal_code}`}
            <br />
            {address.country}
          </Text>
        </Column>
      </Row>
    </Section>
  );
}

export function OrderReceipt({ input }: { input: OrderReceiptInput }) {
  const where = input.partnerName ? ` through ${input.partnerName}` : '';
  return (
    <EmailLayout
      preview={`Order ${input.orderNumber}: ${formatMoney(input.total, input.currency)} paid. Your kit ships within one business day.`}
      tagline={input.partnerName ? `Your order from ${input.partnerName}` : 'Your receipt'}
    >
      <Title>Thank you for your order, {input.name}</Title>
      <Paragraph muted>
        {`Order ${input.orderNumber} · placed ${formatDay(input.orderedAt)}${where}`}
      </Paragraph>
      <ReceiptLines input={input} />
      <ReceiptTotals input={input} />
      <Hr style={{ borderColor: '#e4e7eb', margin: '16px 0 0' }} />
      <ReceiptDetails input={input} />
      <Subheading>What happens next</Subheading>
      <ol style={{ ...paragraphStyle, margin: '6px 0', paddingLeft: '22px' }}>
        {RECEIPT_NEXT_STEPS.map((step) => (
          <li key={step} style={{ marginBottom: '6px' }}>
            {step}
          </li>
        ))}
      </ol>
      <ActionButton href={input.orderLink}>View your order</ActionButton>
      <Paragraph muted>
        {input.partnerName
          ? `${input.partnerName} offers this test through Bloodwise, who ships your kit, runs the lab work and charged your card.`
          : 'Keep this email as your receipt.'}
      </Paragraph>
    </EmailLayout>
  );
}

export function orderReceiptEmail(input: OrderReceiptInput): Promise<MailMessage> {
  const from = input.partnerName ? ` from ${input.partnerName}` : '';
  return renderEmail(
    input.to,
    `Your receipt for order ${input.orderNumber}${from}`,
    <OrderReceipt input={input} />,
  );
}
