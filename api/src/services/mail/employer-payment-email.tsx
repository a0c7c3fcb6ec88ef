import { formatCents } from '../../lib/money';
import type { MailMessage } from '../../lib/email';
import { ActionButton, EmailLayout, Paragraph, renderEmail } from './email-layout';
import { composeEmail } from './templates';

/** To the employer: an employee asks them to pay for an order, with the one link that can pay it. */
export function employerPaymentEmail(input: {
  to: string;
  employeeName: string;
  employeeEmail: string;
  total: number;
  currency: string;
  lines: readonly { title: string; quantity: number }[];
  link: string;
}): Promise<MailMessage> {
  const total = formatCents(input.total, input.currency);
  const asked = `${input.employeeName} (${input.employeeEmail}) asked you to pay for their Bloodwise order of ${total}:`;
  return renderEmail(
    input.to,
    `${input.employeeName} asked you to pay for a Bloodwise order`,
    <EmailLayout preview={asked}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{asked}</Paragraph>
      <ul>
        {input.lines.map((line, index) => (
          <li key={index}>{`${line.quantity} x ${line.title}`}</li>
        ))}
      </ul>
      <Paragraph>To review and pay for this order, open this link:</Paragraph>
      <ActionButton href={input.link}>Review and pay for this order</ActionButton>
      <Paragraph>
        If you did not expect this request, you can ignore this email: nothing is charged until you
        pay.
      </Paragraph>
    </EmailLayout>,
  );
}

interface EmployeeOrderMail {
  to: string;
  name: string;
  employerEmail: string;
  total: number;
  currency: string;
}

/**
 * To the employee, at both steps of the request: when it is sent (their order waits for the
 * employer and their cart is empty again) and when the employer has paid.
 */
export function employeeOrderEmail(
  step: 'requested' | 'paid',
  input: EmployeeOrderMail,
): Promise<MailMessage> {
  const total = formatCents(input.total, input.currency);
  return step === 'requested'
    ? composeEmail(input.to, 'We asked your employer to pay for your Bloodwise order', input.name, [
        `We emailed ${input.employerEmail} a link to pay for your order of ${total}.`,
        'Your order is saved and waits for that payment; we ship it as soon as it is paid, and we will email you then.',
        'Nothing is charged to you.',
      ])
    : composeEmail(input.to, 'Your employer paid for your Bloodwise order', input.name, [
        `${input.employerEmail} paid ${total} for your order.`,
        'We are getting it ready to ship and will send you the tracking details.',
      ]);
}
