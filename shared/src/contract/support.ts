import { z } from 'zod';
import { emailInputSchema } from './common';
import { safeString } from './text';

/** Where messages left in the chat widget go, and the address the widget shows. */
export const SUPPORT_EMAIL = 'support@bloodwise.example';
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;

/** POST /user/support-messages {name, email, message}: a message left while no one is online. */
export const supportMessageBodySchema = z.object({
  name: safeString().trim().min(1, 'Please enter your name').max(200, 'Use at most 200 characters'),
  email: emailInputSchema,
  message: safeString()
    .trim()
    .min(1, 'Please write your message')
    .max(SUPPORT_MESSAGE_MAX_LENGTH, `Use at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`),
});
export type SupportMessageBody = z.input<typeof supportMessageBodySchema>;

export const supportMessageResponseSchema = z.object({
  ok: z.literal(true),
  /** ISO time by which support expects to answer, from the support hours. */
  expectedAnswerAt: safeString(),
  /** The same in words, New York time: "today by 3:00 PM ET" or "by Mon, Nov 23, 3:00 PM ET". */
  expectedAnswer: safeString(),
});
export type SupportMessageResponse = z.infer<typeof supportMessageResponseSchema>;
