import { formatCents } from '../../lib/money';
import type { MailMessage } from './mailer';

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
  return { to: input.to, subject: `${input.employeeName} asked you to pay for a Bloodwise order`, text, html };
}
