// Product-analytics adapter. The vendor script is not part of the product contract, so the shell
// talks to a small queue interface a vendor loader drains; config switches it on.

export interface ProductAnalyticsAdapter {
  track(event: string, params: Record<string, unknown>): void;
  identify(userId: string, traits: Record<string, unknown>): void;
  reset(): void;
}

export type ProductAnalyticsCall =
  | ['track', string, Record<string, unknown>]
  | ['identify', string, Record<string, unknown>]
  | ['reset'];

declare global {
  interface Window {
    productAnalyticsQueue?: ProductAnalyticsCall[];
    dataLayer?: Record<string, unknown>[];
  }
}

export function createQueueProductAnalytics(win: Window = window): ProductAnalyticsAdapter {
  const queue = (win.productAnalyticsQueue ??= []);
  return {
    track: (event, params) => queue.push(['track', event, params]),
    identify: (userId, traits) => queue.push(['identify', userId, traits]),
    reset: () => queue.push(['reset']),
  };
}

export const disabledProductAnalytics: ProductAnalyticsAdapter = {
  track: () => undefined,
  identify: () => undefined,
  reset: () => undefined,
};
