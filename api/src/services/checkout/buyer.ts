// Who may see or extend an order: the signed-in user who placed it, or the browser that placed
// it, known by an HttpOnly buyer cookie holding 256 random bits (only its hash is stored on the
// order). An id alone is never proof: ids travel in links, logs and screenshots.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { createSecretToken, hashToken, safeEqual } from '../../lib/tokens';

const BUYER_COOKIE_DAYS = 30;

/** Over https the __Host- prefix pins the cookie to this host, path / and Secure. */
export function buyerCookieName(config: Pick<AppConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-bw_buyer' : 'bw_buyer';
}

export interface Buyer {
  userId: string | null;
  /** SHA-256 of the buyer cookie, or null when the browser has none. */
  tokenHash: string | null;
}

/** A record someone placed: an order or a pay-later consent. */
export interface OwnedRecord {
  user_id: string | null;
  buyer_token_hash: string | null;
}

function cookieToken(
  request: FastifyRequest,
  config: Pick<AppConfig, 'secureCookies'>,
): string | null {
  const value = request.cookies[buyerCookieName(config)];
  return value && value.length >= 32 && value.length <= 100 ? value : null;
}

/** The caller as an owner of records; reads the cookie, never sets it. */
export function buyerOf(request: FastifyRequest, config: Pick<AppConfig, 'secureCookies'>): Buyer {
  const token = cookieToken(request, config);
  return { userId: request.user?.id ?? null, tokenHash: token ? hashToken(token) : null };
}

/**
 * The caller as the owner of a record about to be written: a browser with no buyer cookie gets
 * one now. Set on the cart and checkout calls before the order, so a retried order request whose
 * first answer was lost still comes from the same buyer.
 */
export function ensureBuyer(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
): Buyer {
  let token = cookieToken(request, config);
  if (!token) {
    token = createSecretToken();
    // Later reads in this request see the new cookie too.
    request.cookies[buyerCookieName(config)] = token;
  }
  reply.setCookie(buyerCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: BUYER_COOKIE_DAYS * 24 * 60 * 60,
  });
  return { userId: request.user?.id ?? null, tokenHash: hashToken(token) };
}

/** Whether the caller placed this record. Callers answer 404 when not, exactly as for a missing id. */
export function owns(buyer: Buyer, record: OwnedRecord): boolean {
  if (record.user_id && buyer.userId && record.user_id === buyer.userId) return true;
  return Boolean(
    record.buyer_token_hash &&
    buyer.tokenHash &&
    safeEqual(record.buyer_token_hash, buyer.tokenHash),
  );
}

/** Clears the buyer cookie (on logout), so the next person at a shared computer sees no orders. */
export function forgetBuyer(reply: FastifyReply, config: Pick<AppConfig, 'secureCookies'>): void {
  reply.clearCookie(buyerCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}
