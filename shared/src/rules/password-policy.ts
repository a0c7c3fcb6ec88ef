// The shop's password rules, in one place: the sign-up and reset forms show them as a checklist
// and validate with them, and the API's zod schemas refuse what they refuse.

export const PASSWORD_MIN_LENGTH = 10;
/** argon2 hashes any length, but a cap keeps a megabyte "password" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordRuleId = 'length' | 'letter' | 'digit' | 'not-common' | 'not-email';

export interface PasswordContext {
  /** The account's email: a password built from it is the first thing an attacker tries. */
  email?: string | null;
}

export interface PasswordRuleCheck {
  id: PasswordRuleId;
  /** What the checklist shows while the shopper types. */
  label: string;
  /** What the field shows when this rule fails. */
  message: string;
  met: boolean;
}

// Long enough and mixed, yet on every leaked-password list: refused by name.
const COMMON_PASSWORDS = new Set([
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'qwerty12345',
  'qwerty123456',
  'qwertyuiop1',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5',
  'iloveyou123',
  'welcome123',
  'welcome1234',
  'letmein123',
  'abc1234567',
  '123456789a',
  '1234567890a',
  'a123456789',
  'admin12345',
  'bloodwise1',
  'bloodwise123',
]);

/** The part of an email before the @, when it is long enough to mean something. */
function emailName(email: string | null | undefined): string | null {
  const name = email?.trim().toLowerCase().split('@')[0] ?? '';
  return name.length >= 3 ? name : null;
}

/** Every rule with whether `password` meets it, in the order the checklist shows them. */
export function checkPassword(
  password: string,
  context: PasswordContext = {},
): PasswordRuleCheck[] {
  const lower = password.toLowerCase();
  const name = emailName(context.email);
  const tooLong = password.length > PASSWORD_MAX_LENGTH;
  return [
    {
      id: 'length',
      label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
      message: tooLong
        ? `Use at most ${PASSWORD_MAX_LENGTH} characters`
        : `Use at least ${PASSWORD_MIN_LENGTH} characters`,
      met: password.length >= PASSWORD_MIN_LENGTH && !tooLong,
    },
    {
      id: 'letter',
      label: 'At least one letter',
      message: 'Include at least one letter',
      met: /\p{L}/u.test(password),
    },
    {
      id: 'digit',
      label: 'At least one number',
      message: 'Include at least one number',
      met: /\d/.test(password),
    },
    {
      id: 'not-common',
      label: 'Not a common password',
      message: 'This password is too common. Choose another one',
      met: !COMMON_PASSWORDS.has(lower),
    },
    {
      id: 'not-email',
      label: 'Does not contain your email name',
      message: 'Do not use your email address in your password',
      met: name === null || !lower.includes(name),
    },
  ];
}

/** The message for the first rule `password` breaks, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.length === 0) return 'Please enter a password';
  return checkPassword(password, context).find((rule) => !rule.met)?.message ?? null;
}
