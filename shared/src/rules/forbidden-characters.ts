// Characters no text the shop keeps may hold; plain functions, so a page's first script can check
// a field the way the contract's schemas do without loading them.

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
