import { SUPPORT_EMAIL } from '@shop/shared/contract/support';
import type { MailMessage } from '../../lib/email';
import { EmailLayout, Paragraph, renderEmail } from './email-layout';

/**
 * To the support desk: a visitor's message from the chat widget. It quotes what the visitor typed,
 * which React escapes in the HTML part; the text part keeps it as typed.
 */
export function supportMessageEmail(input: {
  name: string;
  email: string;
  message: string;
  expectedAnswer: string;
}): Promise<MailMessage> {
  const from = `${input.name} <${input.email}> left a message in the chat while no one was online.`;
  return renderEmail(
    SUPPORT_EMAIL,
    `Chat message from ${input.name}`,
    <EmailLayout preview={from}>
      <Paragraph>{from}</Paragraph>
      <Paragraph>{`They were told to expect an answer ${input.expectedAnswer}.`}</Paragraph>
      <Paragraph>
        <span style={{ whiteSpace: 'pre-wrap' }}>{input.message}</span>
      </Paragraph>
    </EmailLayout>,
  );
}
