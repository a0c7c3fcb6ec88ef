import { errorBodySchema } from '@shop/shared/contract/errors';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../lib/app-error';

/** The per-IP limit every log-in-like route carries (counted in the database, across instances). */
export function authRateLimit(config: Pick<AppConfig, 'authRateLimit'>) {
  return { max: config.authRateLimit.max, timeWindow: config.authRateLimit.timeWindowMs };
}

export const AUTH_ERROR_RESPONSES = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
} as const;

function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 in the standard shape with Retry-After, like the per-IP limit's answer. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number, what: string): AppError {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many ${what}. Please try again in ${inWords(waitMs)}.`,
  );
}
