import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { OPS_PREFIX } from './paths';
import { safeString } from './text';

// Canary releases through the operator API (`pnpm shop release …` and the console): start one at
// a share of visitors, raise the share, promote it to everyone or abort it.

/** A canary of a stored version, its next step (or a share) and its end; beside the release routes. */
export const CANARY_PATHS = {
  start: `${OPS_PREFIX}/deliveries/:remote/canary`,
  promote: `${OPS_PREFIX}/deliveries/:remote/canary/promote`,
  abort: `${OPS_PREFIX}/deliveries/:remote/canary/abort`,
} as const;

const shareSchema = z.number().gt(0).max(100);

export const canaryStartBodySchema = z.object({
  /** A stored version (the CLI stores the build first). */
  version: safeString().trim().min(1).max(255),
  /** Per cent of visitors on the canary; 100 deploys it to everyone at once. */
  share: shareSchema,
  force: z.boolean().default(false),
});

export const canaryPromoteBodySchema = z.object({
  /** The new share; without it, the next step (5 → 25 → 50 → 100). */
  to: shareSchema.optional(),
});

export const canaryChangeSchema = z.object({
  remote: safeString(),
  action: z.enum(['start', 'step', 'promote', 'abort', 'auto-abort']),
  version: safeString(),
  stable: safeString(),
  fromShare: z.number().nullable(),
  toShare: z.number().nullable(),
  live: safeString(),
  at: isoDateTimeSchema,
  warnings: z.array(safeString()),
});

export type CanaryChange = z.infer<typeof canaryChangeSchema>;
