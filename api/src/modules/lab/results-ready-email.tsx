import { PRODUCT_NAME } from '@shop/shared/rules/product-name';
import type { MailMessage } from '../../lib/email';
import {
  ActionButton,
  EmailLayout,
  Paragraph,
  renderEmail,
} from '../../services/mail/email-layout';

/**
 * Tells the customer their lab results are on their account. It never carries a value, a flag or
 * an analyte's name: mail leaves the shop, health data does not. After a clinician's review the
 * customer is asked to get in touch, without saying why.
 */
export function resultsReadyEmail(input: {
  to: string;
  kitLabel: string;
  resultsUrl: string;
  reviewed: boolean;
  corrected: boolean;
}): Promise<MailMessage> {
  const lead = input.corrected
    ? `The lab has updated the results of your ${PRODUCT_NAME} kit ${input.kitLabel}.`
    : `The results of your ${PRODUCT_NAME} kit ${input.kitLabel} are ready.`;
  return renderEmail(
    input.to,
    input.corrected ? 'Your lab results were updated' : 'Your lab results are ready',
    <EmailLayout preview={lead}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{lead} Log in to see them on your account.</Paragraph>
      {input.reviewed ? (
        <Paragraph>
          One of our clinicians has looked at them. Please get in touch with us so we can talk them
          through with you: reply to this email or use the contact page.
        </Paragraph>
      ) : null}
      <ActionButton href={input.resultsUrl}>See your results</ActionButton>
      <Paragraph muted>
        For your privacy this email never includes your results themselves.
      </Paragraph>
    </EmailLayout>,
  );
}
