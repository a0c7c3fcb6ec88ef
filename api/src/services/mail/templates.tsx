import type { MailMessage } from '../../lib/email';
import { ActionButton, EmailLayout, Paragraph, renderEmail } from './email-layout';

/** A paragraph of text, or a link: a button in HTML, its label and URL in plain text. */
export type Block = string | { link: string; label: string };

/** The mail of a few paragraphs most of the shop's mails are: a greeting, then the blocks. */
export function BlockEmail({
  name,
  blocks,
  preview,
}: {
  name: string;
  blocks: Block[];
  preview: string;
}) {
  return (
    <EmailLayout preview={preview}>
      <Paragraph>Hi {name},</Paragraph>
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          <Paragraph key={index}>{block}</Paragraph>
        ) : (
          <ActionButton key={index} href={block.link}>
            {block.label}
          </ActionButton>
        ),
      )}
    </EmailLayout>
  );
}

/** One mail in both forms from the same blocks, so the text and HTML versions cannot drift apart. */
export function composeEmail(
  to: string,
  subject: string,
  name: string,
  blocks: Block[],
): Promise<MailMessage> {
  const preview = blocks.find((block): block is string => typeof block === 'string') ?? subject;
  return renderEmail(to, subject, <BlockEmail name={name} blocks={blocks} preview={preview} />);
}

export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  ttlMinutes: number;
}): Promise<MailMessage> {
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
}): Promise<MailMessage> {
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
}): Promise<MailMessage> {
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
}): Promise<MailMessage> {
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
