import { z } from 'zod';
import { okSchema } from './common';

/** POST /impact/log-page-view, sent with `Authorization: Bearer <page-view token>` on every route change. */
export const logPageViewBodySchema = z.object({
  url: z.string().min(1).max(2048),
  ip: z.null(),
  referringUrl: z.string().max(2048).nullable(),
  userAgent: z.string().max(1000).nullable(),
  sessionId: z.string().max(100).nullable(),
});
export type LogPageViewBody = z.infer<typeof logPageViewBodySchema>;
export const logPageViewResponseSchema = okSchema;
