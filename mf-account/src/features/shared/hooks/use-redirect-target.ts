import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { safeSameOriginRedirect } from '@shop/shared/rules/safe-redirect';

const AUTH_SCREENS = /^\/(?:login|signup|reset-password)(?:[/?#]|$)/;

/**
 * Where to go after logging in or signing up: the `redirect` parameter when it stays on this
 * site, otherwise `fallback`. Another auth screen is not a destination (it would loop).
 */
export function useRedirectTarget(fallback: string): string {
  const [params] = useSearchParams();
  return useMemo(() => {
    const target = safeSameOriginRedirect(params.get('redirect'), window.location.origin, fallback);
    return AUTH_SCREENS.test(target) ? fallback : target;
  }, [params, fallback]);
}
