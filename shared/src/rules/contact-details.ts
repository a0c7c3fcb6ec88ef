// What makes an email address and a postal code valid, and what people are told when they are not.
// The contract's schemas check them on the server and the areas' forms as people type, so the
// browser and the API refuse the same things with the same words.

/** zod's default email pattern, handed to the contract's z.email so both checks are one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_MESSAGES = {
  missing: 'Please enter your email',
  invalid: 'Please enter a valid email',
  tooLong: 'Email is too long',
} as const;

/** The address trimmed and lower-cased, as the API stores it, when it is one; undefined otherwise. */
export function validEmailOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? email : undefined;
}

/** Per shipping country: what the field is called, what it must look like, and what to say if not. */
export const POSTAL_CODES = {
  US: { label: 'ZIP code', pattern: /^\d{5}(?:-\d{4})?$/, message: 'Enter a 5-digit ZIP code' },
  CA: {
    label: 'Postal code',
    pattern: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
    message: 'Enter a postal code such as K1A 0B1',
  },
} as const satisfies Record<string, { label: string; pattern: RegExp; message: string }>;
