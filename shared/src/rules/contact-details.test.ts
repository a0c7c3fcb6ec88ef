import { z } from 'zod';
import { EMAIL_PATTERN, isRegionOf, POSTAL_CODES, validEmailOf } from './contact-details';

describe('contact details', () => {
  it.each([
    'ada@example.com',
    "o'brien+shop@mail.example.co.uk",
    'first.last@example.io',
    'a@b.c',
    '.ada@example.com',
    'ada..b@example.com',
    'ada.@example.com',
    'ada@-example.com',
    'ada@example',
    'ada@example.c0m',
    'a b@example.com',
    'ada@exa_mple.com',
  ])("judges %p as zod's default email check does", (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(z.regexes.email.test(email));
  });

  it.each([
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['ada@example.c', undefined],
    ['ada@', undefined],
    ['a b@example.com', undefined],
    [`${'a'.repeat(250)}@example.com`, undefined],
    [undefined, undefined],
  ])('validEmailOf(%p) is %p', (value, expected) => {
    expect(validEmailOf(value)).toBe(expected);
  });

  it.each([
    ['US', '78701', true],
    ['US', '78701-1234', true],
    ['US', '7870', false],
    ['CA', 'K1A 0B1', true],
    ['CA', 'k1a-0b1', true],
    ['CA', '78701', false],
  ] as const)('%s postal code %p valid: %p', (country, code, valid) => {
    expect(POSTAL_CODES[country].pattern.test(code)).toBe(valid);
  });

  it.each([
    ['US', 'TX', true],
    ['US', ' texas ', true],
    ['US', 'New  York', true],
    ['US', 'ON', false],
    ['CA', 'on', true],
    ['CA', 'British Columbia', true],
    ['CA', 'TX', false],
    ['CA', 'Texas', false],
  ] as const)('%s region %p valid: %p', (country, value, valid) => {
    expect(isRegionOf(country, value)).toBe(valid);
  });
});
