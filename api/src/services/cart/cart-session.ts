// The cart lives on the server under the browser's session id (curr-session-id). The cart routes
// also remember that id in an httpOnly cookie, so login and sign-up can merge the anonymous cart
// into the user's cart on the server, with no extra call from the account area.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../db/schema';
import { mergeSessionCartIntoUser } from '../../repositories/carts-repository';

export const CART_SESSION_COOKIE = 'bw_cart_session';
const CART_SESSION_DAYS = 30;

export function rememberCartSession(
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
  sessionId: string,
): void {
  reply.setCookie(CART_SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: CART_SESSION_DAYS * 24 * 60 * 60,
  });
}

export function cartSessionFrom(request: FastifyRequest): string | null {
  const value = request.cookies[CART_SESSION_COOKIE];
  return value && value.length <= 100 ? value : null;
}

/** Merges every anonymous cart this browser is known by into the user's cart, in one transaction. */
export async function mergeCartsOnLogin(
  db: Database,
  request: FastifyRequest,
  userId: string,
  bodySessionId?: string | null,
): Promise<void> {
  const sessionIds = [
    ...new Set([cartSessionFrom(request), bodySessionId].filter((id): id is string => Boolean(id))),
  ];
  if (sessionIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const sessionId of sessionIds) await mergeSessionCartIntoUser(trx, sessionId, userId);
  });
}
