// Loaded as its own chunk after the first paint (field-vitals.ts): web-vitals reports each
// metric's final value, the reporter keeps them and sends them in one request when the page is
// hidden (tab switch, navigation away, close), the moment web-vitals recommends.
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { LogWebVitalsBody, WebVitalSample } from '@shop/shared/contract/impact';
import { FIELD_DATA_PATHS } from '@shop/shared/contract/field-data-paths';
import { VITAL_MAX, type WebVitalName } from '@shop/shared/rules/web-vitals';

export interface VitalsReporterOptions extends Pick<LogWebVitalsBody, 'route' | 'area'> {
  apiBaseUrl: string;
  token: string;
  doc?: Document;
  vitals?: { onLCP: typeof onLCP; onINP: typeof onINP; onCLS: typeof onCLS };
  send?: (body: LogWebVitalsBody) => void;
  randomId?: () => string;
}

export interface VitalsReporter {
  /** Sends nothing more and drops what was not sent yet. */
  stop(): void;
}

/** At most this many measurements per request, as the API accepts. */
const MAX_PER_REQUEST = 12;

/**
 * A request that outlives the page (keepalive), without cookies: the token is the only credential
 * and nothing links the measurement to a signed-in visitor.
 */
export function sendWithKeepalive(endpoint: string, token: string) {
  return (body: LogWebVitalsBody): void => {
    void fetch(endpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  };
}

export function startVitalsReporter({
  route,
  area,
  apiBaseUrl,
  token,
  doc = document,
  vitals = { onLCP, onINP, onCLS },
  send = sendWithKeepalive(`${apiBaseUrl}${FIELD_DATA_PATHS.logWebVitals}`, token),
  randomId = () => crypto.randomUUID(),
}: VitalsReporterOptions): VitalsReporter {
  // Random per page load and kept nowhere else: it only groups one load's metrics.
  const visitId = randomId();
  // By metric id: a value web-vitals reports again (after a back/forward restore) replaces its last.
  const pending = new Map<string, WebVitalSample>();
  let stopped = false;

  const keep = (metric: Metric) => {
    const name = metric.name as WebVitalName;
    if (stopped || !(metric.value >= 0 && metric.value <= VITAL_MAX[name])) return;
    pending.set(metric.id, {
      name,
      value: metric.value,
      rating: metric.rating,
      navigationType: metric.navigationType,
    });
  };
  vitals.onLCP(keep);
  vitals.onINP(keep);
  vitals.onCLS(keep);

  const flush = () => {
    if (stopped || pending.size === 0) return;
    const metrics = [...pending.values()].slice(-MAX_PER_REQUEST);
    pending.clear();
    send({ visitId, route, area, metrics });
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'hidden') flush();
  };
  // web-vitals finalises LCP, INP and CLS in its own capture listeners on the window, which run
  // before this one. Not on pagehide: it comes before visibilitychange, so before those values.
  doc.addEventListener('visibilitychange', onVisibilityChange);

  return {
    stop() {
      stopped = true;
      pending.clear();
      doc.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
