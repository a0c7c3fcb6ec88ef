import { z } from 'zod';

export const FORBIDDEN_CHARACTERS_MESSAGE = 'Contains characters that are not allowed';

// NUL and unpaired UTF-16 surrogates: PostgreSQL refuses both in text and jsonb (and a lone
// surrogate cannot be encoded as UTF-8 at all), so they must stop at validation, not at the database.
const FORBIDDEN = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

/** True when the text holds a NUL or a lone surrogate. */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** The text with each NUL and lone surrogate as U+FFFD: for messages that quote a client's input. */
export function replaceForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_ALL, '\uFFFD');
}

/**
 * The contract's only string builder: `z.string()` that refuses NUL and lone surrogates.
 * Chain `.trim()`, `.min()`, `.regex()`… as usual; the check runs first, on the raw input.
 */
export function safeString(params?: Parameters<typeof z.string>[0]): z.ZodString {
  // abort: one clear message, not also "too long" or "invalid email" for the same field.
  return z.string(params).refine((value) => !hasForbiddenCharacters(value), {
    message: FORBIDDEN_CHARACTERS_MESSAGE,
    abort: true,
  });
}
