// POST /impact/log-page-view: one page view, its URL and referrer without private parameters.
import { withoutPrivateParams } from '@shop/shared/rules/private-url';
import { isHealthDataRoute, pathOfUrl } from '@shop/shared/rules/private-routes';

export interface PageView {
  url: string;
  ip: null;
  referringUrl: string;
  userAgent: string;
  sessionId: string;
}

/** Sends a page view; a lost one never disturbs the visitor, so it never rejects. */
export type PageViewLog = (url: string, referringUrl: string) => Promise<void>;

/** What the logger posts with: the connect API's client, or fetch before the shell's clients load. */
interface JsonPoster {
  post(path: string, body: unknown, config: { headers: Record<string, string> }): Promise<unknown>;
}

export function createPageViewLogger({
  client,
  token,
  sessionId,
  userAgent,
}: {
  client: JsonPoster;
  token: string;
  sessionId: string;
  userAgent: string;
}): PageViewLog {
  return async function logPageView(url, referringUrl) {
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
