// What makes an email address valid, and what people are told when it is not: apart from the postal
// rules (contact-details.ts), so a page's first script can check an email without the address tables.

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
