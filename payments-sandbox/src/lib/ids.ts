// Stripe-style object ids and client secrets. The sandbox keeps its own copy of these few lines
// rather than importing the shop's: it is a separate product that talks to the shop as Stripe does.
import { randomBytes } from 'node:crypto';

/** A client secret's random part: 256 random bits, URL-safe. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Provider-style ids such as pm_3Fk… (24 random base62 characters). */
export function createPrefixedId(prefix: string, length = 24): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (const byte of bytes) {
    // Rejection sampling keeps the alphabet uniform.
    if (byte < 248) id += ID_ALPHABET[byte % 62];
    if (id.length === length) break;
  }
  while (id.length < length) id += ID_ALPHABET[randomBytes(1)[0]! % 62];
  return `${prefix}_${id}`;
}
