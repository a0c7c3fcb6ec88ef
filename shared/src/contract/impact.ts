import { z } from 'zod';
import { safeString } from './text';
import { okSchema } from './common';

/** POST /impact/log-page-view, sent with `Authorization: Bearer <page-view token>` on every route change. */
export const logPageViewBodySchema = z.object({
  url: safeString().min(1).max(2048),
  ip: z.null(),
  referringUrl: safeString().max(2048).nullable(),
  userAgent: safeString().max(1000).nullable(),
  sessionId: safeString().max(100).nullable(),
});
export type LogPageViewBody = z.infer<typeof logPageViewBodySchema>;
export const logPageViewResponseSchema = okSchema;
