/** Emails are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One mail as the shop writes it; the outbox stores it and a mailer sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
