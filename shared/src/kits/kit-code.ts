// A kit's code: 10 Crockford base32 symbols (50 random bits, so it cannot be guessed) and one
// Crockford check symbol (the value mod 37). The check catches every single mistyped symbol and
// every swap of two neighbours, so the browser can say "check the code" before anything is sent.
// Shared by the API (which makes and reads codes) and the browser (which checks as the user types).

/** The 32 symbols of a code's body, by value: no I, L, O or U. */
export const KIT_CODE_SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Check symbols for the values 0–36: the 32 above, then * ~ $ = U. */
export const KIT_CHECK_SYMBOLS = `${KIT_CODE_SYMBOLS}*~$=U`;
export const KIT_CODE_BODY_LENGTH = 10;
/** The canonical form's length: body plus check symbol, no separators. */
export const KIT_CODE_LENGTH = KIT_CODE_BODY_LENGTH + 1;

/** The body's value; 32^10 = 2^50 stays inside a double's exact integers. */
function bodyValue(body: string): number {
  let value = 0;
  for (const symbol of body) value = value * 32 + KIT_CODE_SYMBOLS.indexOf(symbol);
  return value;
}

/** The check symbol of a canonical body (10 symbols from KIT_CODE_SYMBOLS). */
export function kitCheckSymbol(body: string): string {
  return KIT_CHECK_SYMBOLS.charAt(bodyValue(body) % 37);
}

/** A code from 10 body values (0–31 each; the API draws them from a CSPRNG). */
export function kitCodeFromValues(values: readonly number[]): string {
  if (values.length !== KIT_CODE_BODY_LENGTH || values.some((v) => !(v >= 0 && v < 32)))
    throw new RangeError('a kit code needs 10 values from 0 to 31');
  const body = values.map((v) => KIT_CODE_SYMBOLS.charAt(v)).join('');
  return body + kitCheckSymbol(body);
}

/**
 * What the user typed, in canonical form: upper case, no hyphens or spaces, and the letters
 * Crockford reads as digits (I and L as 1, O as 0). U is only ever a check symbol.
 */
export function normalizeKitCode(input: string): string {
  const upper = input.toUpperCase().replace(/[\s-]+/g, '');
  const body = upper.slice(0, KIT_CODE_BODY_LENGTH).replace(/[IL]/g, '1').replace(/O/g, '0');
  const check = upper.slice(KIT_CODE_BODY_LENGTH).replace(/[IL]/g, '1').replace(/O/g, '0');
  return body + check;
}

export type KitCodeProblem = 'empty' | 'too_short' | 'too_long' | 'bad_symbol' | 'bad_check';

export type KitCodeReading =
  { ok: true; code: string } | { ok: false; problem: KitCodeProblem; code: string };

/** Reads a typed or scanned code: its canonical form when well-formed, or what is wrong. */
export function parseKitCode(input: string): KitCodeReading {
  const code = normalizeKitCode(input);
  if (code.length === 0) return { ok: false, problem: 'empty', code };
  const body = code.slice(0, KIT_CODE_BODY_LENGTH);
  if ([...body].some((symbol) => !KIT_CODE_SYMBOLS.includes(symbol)))
    return { ok: false, problem: 'bad_symbol', code };
  if (code.length < KIT_CODE_LENGTH) return { ok: false, problem: 'too_short', code };
  if (code.length > KIT_CODE_LENGTH) return { ok: false, problem: 'too_long', code };
  const check = code.charAt(KIT_CODE_BODY_LENGTH);
  if (!KIT_CHECK_SYMBOLS.includes(check)) return { ok: false, problem: 'bad_symbol', code };
  if (check !== kitCheckSymbol(body)) return { ok: false, problem: 'bad_check', code };
  return { ok: true, code };
}

/** True when the input reads as a code whose check symbol matches. */
export function isValidKitCode(input: string): boolean {
  return parseKitCode(input).ok;
}

/** The printed form: XXXXX-XXXXX-C (a canonical code; anything else is returned as given). */
export function formatKitCode(code: string): string {
  if (code.length !== KIT_CODE_LENGTH) return code;
  return `${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`;
}

/** A user-facing sentence for each problem, for forms. */
export const KIT_CODE_PROBLEM_TEXT: Record<KitCodeProblem, string> = {
  empty: 'Enter the kit ID printed on the box.',
  too_short: 'A kit ID has 11 characters (like ABCDE-FGHJK-M).',
  too_long: 'A kit ID has 11 characters (like ABCDE-FGHJK-M).',
  bad_symbol: 'That has a character a kit ID never uses. Check the ID on the box.',
  bad_check: 'That kit ID does not add up. Check each character against the box.',
};
