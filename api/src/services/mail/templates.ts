import type { MailMessage } from './mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  ttlMinutes: number;
}): MailMessage {
  const text = [
    `Hi ${input.name},`,
    '',
    'Someone asked to reset the password of your Bloodwise account. To choose a new password, open this link:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.ttlMinutes} minutes. If you did not ask for this, ignore this email.`,
  ].join('\n');
  const html =
    `<p>Hi ${escapeHtml(input.name)},</p>` +
    '<p>Someone asked to reset the password of your Bloodwise account. To choose a new password, open this link:</p>' +
    `<p><a href="${escapeHtml(input.link)}">Reset your password</a></p>` +
    `<p>The link works once and expires in ${input.ttlMinutes} minutes. If you did not ask for this, ignore this email.</p>`;
  return { to: input.to, subject: 'Reset your Bloodwise password', text, html };
}
