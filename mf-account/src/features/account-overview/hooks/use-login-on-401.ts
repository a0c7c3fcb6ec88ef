import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApiError } from '@shop/shared/http/api-error';

/**
 * The account page's half of the 401 rule: its calls are in UNAUTHORIZED_REDIRECT_EXCEPTIONS, so the
 * shell does not redirect them; a 401 here sends the visitor to log in, with the way back in `redirect`.
 */
export function useLoginOn401(error: ApiError | null): boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const unauthorized = error?.status === 401;
  useEffect(() => {
    if (unauthorized)
      navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
  }, [unauthorized, navigate, pathname, search]);
  return unauthorized;
}
