import {
  checkPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from './password-policy';

const unmet = (password: string, email?: string | null) =>
  checkPassword(password, { email })
    .filter((rule) => !rule.met)
    .map((rule) => rule.id);

describe('password policy', () => {
  it('accepts a long enough password with a letter and a number', () => {
    expect(passwordProblem('correct horse 42')).toBeNull();
    expect(unmet('correct horse 42')).toEqual([]);
  });

  it('accepts exactly the minimum and the maximum length', () => {
    expect(passwordProblem(`a${'1'.repeat(PASSWORD_MIN_LENGTH - 1)}`)).toBeNull();
    expect(passwordProblem(`a${'1'.repeat(PASSWORD_MAX_LENGTH - 1)}`)).toBeNull();
  });

  it.each([
    ['', 'Please enter a password'],
    ['abc12', 'Use at least 10 characters'],
    [`a${'1'.repeat(PASSWORD_MAX_LENGTH)}`, 'Use at most 128 characters'],
    ['12345678901', 'Include at least one letter'],
    ['abcdefghijk', 'Include at least one number'],
    ['Password123', 'This password is too common. Choose another one'],
  ])('refuses %j with %j', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('counts letters from any alphabet', () => {
    expect(passwordProblem('пароль12345')).toBeNull();
  });

  it('lists every broken rule for the checklist, in order', () => {
    expect(unmet('abc')).toEqual(['length', 'digit']);
    expect(checkPassword('x').map((rule) => rule.id)).toEqual([
      'length',
      'letter',
      'digit',
      'not-common',
      'not-email',
    ]);
  });

  it('refuses a password built from the email name, whatever its case', () => {
    expect(unmet('Jane.Doe2024!', ' JANE.DOE@example.com ')).toEqual(['not-email']);
    expect(passwordProblem('jane.doe2024', { email: 'jane.doe@example.com' })).toBe(
      'Do not use your email address in your password',
    );
  });

  it('ignores an email name too short to mean anything, or a missing email', () => {
    expect(unmet('jo-secret-123', 'jo@example.com')).toEqual([]);
    expect(unmet('jo-secret-123', null)).toEqual([]);
  });
});
