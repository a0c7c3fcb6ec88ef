import { z } from 'zod';
import { safeString } from './text';

/** GET /dev/outbox?to=: mail the outbox mailer kept (local only, loopback only). */
export const outboxQuerySchema = z.object({
  to: safeString().trim().toLowerCase().max(254).optional(),
});
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: safeString(),
  from: safeString(),
  subject: safeString(),
  text: safeString(),
  html: safeString().nullable(),
  createdAt: safeString(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
