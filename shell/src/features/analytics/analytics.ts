// `track` from the contract: one call fans out to the GA4 dataLayer and the product-analytics adapter.
import type { AnalyticsEventName, Track } from '@shop/shared/shell-contract/shell-props';
import type { ProductAnalyticsAdapter } from './product-analytics';

export interface ShellAnalytics {
  track: Track;
  identify(email: string): void;
  /** On logout: forget the user everywhere. */
  reset(): void;
}

export function createAnalytics({ win = window, product }: { win?: Window; product: ProductAnalyticsAdapter }): ShellAnalytics {
  const dataLayer = (win.dataLayer ??= []);
  return {
    track(event: AnalyticsEventName, params: Record<string, unknown> = {}) {
      // GA4 ecommerce: clear the previous ecommerce object so items never leak between events.
      if ('ecommerce' in params) dataLayer.push({ ecommerce: null });
      dataLayer.push({ ...params, event });
      product.track(event, params);
    },
    identify(email) {
      product.identify(email, { email });
    },
    reset() {
      dataLayer.push({ event: 'logout', user_id: null });
      product.reset();
    },
  };
}
