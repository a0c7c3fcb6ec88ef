import type { ErrorBody, ErrorCode } from '@shop/shared/contract/errors';

/** A refusal in the shop's error shape, which the sandbox's element and pages already read. */
export function errorReply(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return fields ? { error: { code, message, fields } } : { error: { code, message } };
}
