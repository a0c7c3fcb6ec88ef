import { z } from 'zod';

/** GET /dev/outbox?to=: mail the outbox mailer kept (local only, loopback only). */
export const outboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
});
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
