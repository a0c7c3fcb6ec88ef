import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A secret for a cookie or an emailed link: 256 random bits, URL-safe. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out live sessions or reset links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
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
