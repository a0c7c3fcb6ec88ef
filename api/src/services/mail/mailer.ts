import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where the shop's mail goes. The default keeps it in the outbox table; SMTP sends it. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createOutboxMailer(db: Database, from: string): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          to_address: message.to.trim().toLowerCase(),
          from_address: from,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .execute();
    },
    async close() {},
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
