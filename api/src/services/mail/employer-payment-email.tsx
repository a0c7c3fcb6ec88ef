import { formatCents } from '../../lib/money';
import type { MailMessage } from '../../lib/email';
import { composeEmail } from './templates';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** To the employer: an employee asks them to pay for an order, with the one link that can pay it. */
export function employerPaymentEmail(input: {
  to: string;
  employeeName: string;
  employeeEmail: string;
  total: number;
  currency: string;
  lines: readonly { title: string; quantity: number }[];
  link: string;
}): MailMessage {
  const items = input.lines.map((line) => `${line.quantity} x ${line.title}`);
  const total = formatCents(input.total, input.currency);
  const text = [
    'Hello,',
    '',
    `${input.employeeName} (${input.employeeEmail}) asked you to pay for their Bloodwise order of ${total}:`,
    '',
    ...items.map((item) => `- ${item}`),
    '',
    'To review and pay for this order, open this link:',
    '',
    input.link,
    '',
    'If you did not expect this request, you can ignore this email: nothing is charged until you pay.',
  ].join('\n');
  const html =
    '<p>Hello,</p>' +
    `<p>${escapeHtml(input.employeeName)} (${escapeHtml(input.employeeEmail)}) asked you to pay for their Bloodwise order of ${escapeHtml(total)}:</p>` +
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
    `<p><a href="${escapeHtml(input.link)}">Review and pay for this order</a></p>` +
    '<p>If you did not expect this request, you can ignore this email: nothing is charged until you pay.</p>';
  return {
    to: input.to,
    subject: `${input.employeeName} asked you to pay for a Bloodwise order`,
    text,
    html,
  };
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
): MailMessage {
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
