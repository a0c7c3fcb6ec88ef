import type { MailMessage } from '../../lib/email';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A paragraph of text, or a link shown as its label in HTML and as the bare URL in plain text. */
type Block = string | { link: string; label: string };

/** One mail in both forms from the same blocks, so the text and HTML versions cannot drift apart. */
export function composeEmail(
  to: string,
  subject: string,
  name: string,
  blocks: Block[],
): MailMessage {
  const all: Block[] = [`Hi ${name},`, ...blocks];
  const text = all.map((block) => (typeof block === 'string' ? block : block.link)).join('\n\n');
  const html = all
    .map((block) =>
      typeof block === 'string'
        ? `<p>${escapeHtml(block)}</p>`
        : `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`,
    )
    .join('');
  return { to, subject, text, html };
}

export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  ttlMinutes: number;
}): MailMessage {
  return composeEmail(input.to, 'Reset your Bloodwise password', input.name, [
    'Someone asked to reset the password of your Bloodwise account. To choose a new password, open this link:',
    { link: input.link, label: 'Reset your password' },
    `The link works once and expires in ${input.ttlMinutes} minutes. If you did not ask for this, ignore this email.`,
  ]);
}

/** A new operator's first password, through the same single-use link as a reset. */
export function operatorInviteEmail(input: {
  to: string;
  name: string;
  link: string;
  ttlHours: number;
}): MailMessage {
  return composeEmail(input.to, 'Your Bloodwise operator account', input.name, [
    'You can now work on the Bloodwise shop as an operator. To choose your password, open this link:',
    { link: input.link, label: 'Choose your password' },
    `The link works once and expires in ${input.ttlHours} hours. Then log in as usual and open /ops.`,
  ]);
}

/** The link that turns a sign-up into an account. */
export function signupConfirmationEmail(input: {
  to: string;
  name: string;
  link: string;
  ttlHours: number;
}): MailMessage {
  return composeEmail(input.to, 'Confirm your email for Bloodwise', input.name, [
    'Thanks for signing up. To confirm this is your email and finish creating your Bloodwise account, open this link:',
    { link: input.link, label: 'Confirm your email' },
    `The link works once and expires in ${input.ttlHours} hours. If you did not sign up, ignore this email and no account will be created.`,
  ]);
}

/** Sent instead of a confirmation when the email already has an account. */
export function signupExistingAccountEmail(input: {
  to: string;
  name: string;
  loginLink: string;
  resetLink: string;
}): MailMessage {
  return composeEmail(
    input.to,
    'Someone tried to create a Bloodwise account with your email',
    input.name,
    [
      'Someone just tried to create a Bloodwise account with this email address, but you already have one.',
      'If it was you, log in instead:',
      { link: input.loginLink, label: 'Log in to Bloodwise' },
      'Forgot your password? Choose a new one here:',
      { link: input.resetLink, label: 'Reset your password' },
      'If it was not you, ignore this email: your account has not changed.',
    ],
  );
}
