// Logs a page view on every route change, once the user query has settled.
import { useEffect, useRef } from 'react';
import type { PageViewLog } from './page-view-logger';

/**
 * Logs `href` each time it changes, but only after `ready` (the user query) is true; `loggedBefore`
 * is a page already logged before the first render (that page's referrer was logged with it).
 */
export function usePageViewLog(
  href: string,
  ready: boolean,
  log: PageViewLog,
  initialReferrer: string,
  loggedBefore: string | null = null,
) {
  const lastLogged = useRef<string | null>(loggedBefore);
  useEffect(() => {
    if (!ready || lastLogged.current === href) return;
    const referringUrl = lastLogged.current ?? initialReferrer;
    lastLogged.current = href;
    void log(href, referringUrl);
  }, [href, ready, log, initialReferrer]);
}
