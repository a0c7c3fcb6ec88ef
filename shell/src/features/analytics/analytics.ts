// `track` from the contract: one call fans out to the GA4 dataLayer and the product-analytics adapter.
import type { AnalyticsEventName, Track } from '@shop/shared/shell-contract/shell-props';
import type { FirstViewEvent } from '@shop/shared/ssr/server-render';
import { isHealthDataRoute } from '@shop/shared/rules/private-routes';
import type { ProductAnalyticsAdapter } from './product-analytics';

export interface ShellAnalytics {
  track: Track;
  identify(email: string): void;
  /** On logout: forget the user everywhere. */
  reset(): void;
  /**
   * Sends a first view's page-open events now (its area's hooks run only at the first interaction)
   * and holds each one until the live area sends the same event on this page: that one is the same
   * visit's and is dropped, once. Leaving `pathname` ends the visit.
   */
  sendOpenEvents(events: readonly FirstViewEvent[], pathname: string): void;
  /** A navigation: events held for the page that was open no longer stand for anything. */
  endPageVisit(): void;
}

/** Name + params, key order aside (undefined params drop out, as in the JSON the server sent). */
function eventKey(event: string, params: Record<string, unknown>): string {
  return JSON.stringify([event, params], (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

export function createAnalytics({
  win = window,
  product,
}: {
  win?: Window;
  product: ProductAnalyticsAdapter;
}): ShellAnalytics {
  const dataLayer = (win.dataLayer ??= []);
  let opened: { pathname: string; keys: string[] } | null = null;
  // Nothing reaches the dataLayer or product analytics while a health-data page is open.
  const privatePage = () => isHealthDataRoute(win.location.pathname);
  const send = (event: AnalyticsEventName, params: Record<string, unknown>) => {
    if (privatePage()) return;
    // GA4 ecommerce: clear the previous ecommerce object so items never leak between events.
    if ('ecommerce' in params) dataLayer.push({ ecommerce: null });
    dataLayer.push({ ...params, event });
    product.track(event, params);
  };
  return {
    track(event: AnalyticsEventName, params: Record<string, unknown> = {}) {
      // The area's effects may run before the shell hears of a navigation: check the path too.
      if (opened && win.location.pathname !== opened.pathname) opened = null;
      const held = opened ? opened.keys.indexOf(eventKey(event, params)) : -1;
      if (held >= 0) {
        opened?.keys.splice(held, 1);
        return;
      }
      send(event, params);
    },
    identify(email) {
      if (privatePage()) return;
      product.identify(email, { email });
    },
    reset() {
      dataLayer.push({ event: 'logout', user_id: null });
      product.reset();
    },
    sendOpenEvents(events, pathname) {
      for (const { event, params } of events) send(event, params);
      opened = { pathname, keys: events.map(({ event, params }) => eventKey(event, params)) };
    },
    endPageVisit() {
      opened = null;
    },
  };
}
