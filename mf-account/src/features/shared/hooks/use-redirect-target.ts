import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';

/**
 * Where to go after logging in or signing up: the `redirect` parameter when it stays on this
 * site, otherwise `fallback`. Another auth screen is not a destination (it would loop).
 */
export function useRedirectTarget(fallback: string): string {
  const [params] = useSearchParams();
  return useMemo(
    () => safeAfterAuthRedirect(params.get('redirect'), window.location.origin, fallback),
    [params, fallback],
  );
}
