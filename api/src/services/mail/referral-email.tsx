import { PRODUCT_NAME } from '@shop/shared/rules/partner-rules';
import type { MailMessage } from '../../lib/email';

/** The one email a referred friend gets. The referrer's address is left out: anyone can type one. */
export function referralInvitationEmail(input: { to: string; shopUrl: string }): MailMessage {
  const text = [
    'Hello,',
    '',
    `A friend thought you might like ${PRODUCT_NAME}: lab-grade blood tests you take at home, with doctor-reviewed results in days.`,
    '',
    `Have a look: ${input.shopUrl}`,
    '',
    'This is the only email we will send you about it, and we do not keep your address for marketing.',
  ].join('\n');
  return { to: input.to, subject: `A friend invited you to ${PRODUCT_NAME}`, text };
}
