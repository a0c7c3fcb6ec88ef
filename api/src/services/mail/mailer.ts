import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema';
import type { MailMessage } from '../../lib/email';
import { insertOutboxMessage } from '../../repositories/outbox-repository';

/** Where the shop's mail goes. The default keeps it in the outbox table; SMTP sends it. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createOutboxMailer(db: Database, from: string): Mailer {
  return {
    kind: 'outbox',
    // The table is where dev mail ends, so it is delivered as soon as it is written.
    send: async (message) => {
      await insertOutboxMessage(db, { ...message, from }, { delivered: true });
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
