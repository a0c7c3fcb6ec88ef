// POST /impact/log-page-view on every route change, once the user query has settled.
import { useEffect, useRef } from 'react';
import type { AxiosInstance } from 'axios';
import { withoutPrivateParams } from '@shop/shared/rules/private-url';
import { isHealthDataRoute, pathOfUrl } from '@shop/shared/rules/private-routes';

export interface PageView {
  url: string;
  ip: null;
  referringUrl: string;
  userAgent: string;
  sessionId: string;
}

export function createPageViewLogger({
  client,
  token,
  sessionId,
  userAgent,
}: {
  client: AxiosInstance;
  token: string;
  sessionId: string;
  userAgent: string;
}) {
  return async function logPageView(url: string, referringUrl: string): Promise<void> {
    // A visit to a health-data page is never logged, nor named as the next page's referrer.
    if (isHealthDataRoute(pathOfUrl(url))) return;
    const referrer = isHealthDataRoute(pathOfUrl(referringUrl)) ? '' : referringUrl;
    const body: PageView = {
      url: withoutPrivateParams(url),
      ip: null,
      referringUrl: withoutPrivateParams(referrer),
      userAgent,
      sessionId,
    };
    try {
      await client.post('/impact/log-page-view', body, {
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch {
      // A lost page view must never disturb the visitor.
    }
  };
}

/** Logs `href` each time it changes, but only after `ready` (the user query) is true. */
export function usePageViewLog(
  href: string,
  ready: boolean,
  log: (url: string, referringUrl: string) => Promise<void>,
  initialReferrer: string,
) {
  const lastLogged = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || lastLogged.current === href) return;
    const referringUrl = lastLogged.current ?? initialReferrer;
    lastLogged.current = href;
    void log(href, referringUrl);
  }, [href, ready, log, initialReferrer]);
}
