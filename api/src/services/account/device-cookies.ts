// Device cookies for log-in: a browser that has logged in to an account carries a signed token
// that gives its log-ins an allowance of their own, so guesses spread over many addresses slow
// the guesser down without locking out the owner's browser. The token names the account, its
// expiry and a random nonce (the device); an HMAC under a key every instance shares signs them.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/schema';
import { createSecretToken, safeEqual } from '../../lib/tokens';
import { findOrCreateShopSecret } from '../../repositories/shop-secrets-repository';

export const DEVICE_COOKIE_TTL_MS = 180 * 86_400_000;
const SECRET_NAME = 'login-device-cookie';

export interface DeviceCookies {
  /** The device's nonce when the request carries a valid, unexpired cookie for this account. */
  read(request: FastifyRequest, userId: string): string | null;
  /** Gives the browser a fresh cookie for this account after a successful log-in. */
  issue(reply: FastifyReply, userId: string): void;
}

export interface DeviceCookieOptions {
  /** The only path the cookie is sent to: the log-in route. */
  path: string;
  secure: boolean;
  now: () => Date;
}

export async function loadDeviceCookieKey(db: Executor): Promise<string> {
  return findOrCreateShopSecret(db, SECRET_NAME, createSecretToken());
}

export function createDeviceCookies(key: string, options: DeviceCookieOptions): DeviceCookies {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  // One cookie per account, so a browser shared by two accounts keeps both; the name hides the id.
  const prefix = options.secure ? '__Secure-bw_device_' : 'bw_device_';
  const nameFor = (userId: string) => `${prefix}${mac(`name:${userId}`).slice(0, 16)}`;
  const signed = (userId: string, expires: string, nonce: string) =>
    mac(`device:${userId}.${expires}.${nonce}`);

  return {
    read(request, userId) {
      const value = request.cookies[nameFor(userId)];
      if (!value || value.length > 300) return null;
      const [id, expires, nonce, signature, ...rest] = value.split('.');
      if (rest.length > 0 || !id || !expires || !nonce || !signature) return null;
      if (!safeEqual(signature, signed(id, expires, nonce))) return null;
      // Signed for another account: no allowance here.
      if (id !== userId) return null;
      if (!(Number(expires) * 1000 > options.now().getTime())) return null;
      return nonce;
    },
    issue(reply, userId) {
      const expiresAt = new Date(options.now().getTime() + DEVICE_COOKIE_TTL_MS);
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const nonce = randomBytes(16).toString('base64url');
      reply.setCookie(
        nameFor(userId),
        `${userId}.${expires}.${nonce}.${signed(userId, expires, nonce)}`,
        {
          httpOnly: true,
          sameSite: 'strict',
          secure: options.secure,
          path: options.path,
          expires: expiresAt,
        },
      );
    },
  };
}
