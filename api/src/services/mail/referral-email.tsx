import { PRODUCT_NAME } from '@shop/shared/rules/partner-rules';
import type { MailMessage } from '../../lib/email';
import { ActionButton, EmailLayout, Paragraph, renderEmail } from './email-layout';

/** The one email a referred friend gets. The referrer's address is left out: anyone can type one. */
export function referralInvitationEmail(input: {
  to: string;
  shopUrl: string;
}): Promise<MailMessage> {
  const pitch = `A friend thought you might like ${PRODUCT_NAME}: lab-grade blood tests you take at home, with doctor-reviewed results in days.`;
  return renderEmail(
    input.to,
    `A friend invited you to ${PRODUCT_NAME}`,
    <EmailLayout preview={pitch}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{pitch}</Paragraph>
      <Paragraph>Have a look:</Paragraph>
      <ActionButton href={input.shopUrl}>{`Visit ${PRODUCT_NAME}`}</ActionButton>
      <Paragraph muted>
        This is the only email we will send you about it, and we do not keep your address for
        marketing.
      </Paragraph>
    </EmailLayout>,
  );
}
