import { errorBodySchema } from '@shop/shared/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../../lib/tokens';
import type { AuditActor } from '../../repositories/audit-log-repository';
import { findSessionByToken } from '../../repositories/sessions-repository';

/** The CLI says who runs it (SHOP_OPERATOR or the OS user); anything odd is just "cli". */
function cliOperatorName(header: unknown): string {
  return typeof header === 'string' && /^[\w.@+-]{1,100}$/.test(header) ? header : 'cli';
}

/**
 * The operator behind a request, or null. Decided on the server only: the local token file's
 * token, or a live session whose user has the operator role. Reads the session without touching
 * it (no sliding, no cookie cleared), so a refused caller's answer is exactly an unknown path's.
 */
export async function resolveOperator(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuditActor | null> {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    const token = authorization.slice('Bearer '.length).trim();
    if (!app.operatorToken || !token || !safeEqual(token, app.operatorToken)) return null;
    return { userId: null, name: cliOperatorName(request.headers['x-shop-operator']), via: 'cli' };
  }
  const cookie = request.cookies[app.sessions.cookieName];
  if (!cookie || cookie.length > 200) return null;
  const session = await findSessionByToken(app.db, cookie);
  if (!session || session.user.role !== 'operator') return null;
  return { userId: session.user.id, name: session.user.email, via: 'console' };
}

/** Errors an operator route may answer besides its 200; 404 is also every outsider's answer. */
export const OPS_ERRORS = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
} as const;

/** The operator behind this request; the guard has set it for every route in this scope. */
export function operatorOf(request: FastifyRequest): AuditActor {
  if (!request.operator) throw new Error('operator route reached without the operator guard');
  return request.operator;
}
