import { z } from 'zod';
import { safeString } from './text';

// Every error the API sends has this one shape, whatever the route or status.
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'CSRF_ORIGIN_REJECTED',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'CARD_DECLINED',
  'PAYMENT_REQUIRES_ACTION',
  'PAYMENT_FAILED',
  'RESET_LINK_UNKNOWN',
  'RESET_LINK_USED',
  'RESET_LINK_EXPIRED',
  'CONFIRMATION_LINK_UNKNOWN',
  'CONFIRMATION_LINK_USED',
  'CONFIRMATION_LINK_EXPIRED',
  'UNSUPPORTED_COUNTRY',
  'DISCOUNT_INVALID',
  'UPGRADE_ALREADY_PURCHASED',
  'UPGRADE_WINDOW_CLOSED',
  'ORDER_NOT_COMPLETED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: safeString(),
    // Field path (dot-joined, e.g. "shipping.postal_code") -> message, for form errors.
    fields: z.record(safeString(), safeString()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}
