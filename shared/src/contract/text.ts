import { z } from 'zod';
import { hasForbiddenCharacters, replaceForbiddenCharacters } from '../rules/forbidden-characters';

export const FORBIDDEN_CHARACTERS_MESSAGE = 'Contains characters that are not allowed';

export { hasForbiddenCharacters, replaceForbiddenCharacters };

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
