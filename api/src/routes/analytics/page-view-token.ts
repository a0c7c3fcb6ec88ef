import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';

/** An onRequest hook: only callers holding the configured page-view bearer token get through. */
export function requirePageViewToken(expected: string) {
  return async (request: { headers: { authorization?: string } }) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token || !safeEqual(token, expected)) {
      throw new AppError(401, 'UNAUTHORIZED', 'A valid page-view token is required');
    }
  };
}
