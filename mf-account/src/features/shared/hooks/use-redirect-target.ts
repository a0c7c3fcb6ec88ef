import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';

/** A server-drawn first view has no window; its target is only used once the page is live. */
const pageOrigin = () =>
  typeof window === 'undefined' ? 'http://first-view.invalid' : window.location.origin;

/**
 * Where to go after logging in or signing up: the `redirect` parameter when it stays on this
 * site, otherwise `fallback`. Another auth screen is not a destination (it would loop).
 */
export function useRedirectTarget(fallback: string): string {
  const [params] = useSearchParams();
  return useMemo(
    () => safeAfterAuthRedirect(params.get('redirect'), pageOrigin(), fallback),
    [params, fallback],
  );
}
