import { SUPPORT_EMAIL } from '@shop/shared/contract/support';
import type { MailMessage } from '../../lib/email';

/** To the support desk: a visitor's message from the chat widget. Plain text only: it quotes input. */
export function supportMessageEmail(input: {
  name: string;
  email: string;
  message: string;
  expectedAnswer: string;
}): MailMessage {
  const text = [
    `${input.name} <${input.email}> left a message in the chat while no one was online.`,
    `They were told to expect an answer ${input.expectedAnswer}.`,
    '',
    input.message,
  ].join('\n');
  return { to: SUPPORT_EMAIL, subject: `Chat message from ${input.name}`, text };
}
