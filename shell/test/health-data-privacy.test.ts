// Nothing of a health-data page leaves the shop: no dataLayer push, no product-analytics call, no
// page-view log while /account/results (or a page below it) is open, and no referrer naming it.
import axios from 'axios';
import { createAnalytics } from '../src/features/analytics/analytics';
import type { ProductAnalyticsCall } from '../src/features/analytics/product-analytics';
import { createQueueProductAnalytics } from '../src/features/analytics/product-analytics';
import { createPageViewLogger } from '../src/features/analytics/page-view-logger';

function fakeWindow(pathname: string) {
  const win = {
    location: { pathname },
    dataLayer: [] as Record<string, unknown>[],
    productAnalyticsQueue: [] as ProductAnalyticsCall[],
  };
  return win;
}

describe('analytics on health-data pages', () => {
  it('pushes nothing and calls no product analytics on /account/results and below', () => {
    const win = fakeWindow('/account/results/uploads/11111111-1111-4111-8111-111111111111');
    const analytics = createAnalytics({
      win: win as unknown as Window,
      product: createQueueProductAnalytics(win as unknown as Window),
    });
    analytics.track('view_item', { value: 5.2 });
    analytics.identify('ada@example.com');
    analytics.sendOpenEvents([{ event: 'view_item', params: {} }], win.location.pathname);
    expect(win.dataLayer).toEqual([]);
    expect(win.productAnalyticsQueue).toEqual([]);

    // Leaving for another page sends again.
    win.location.pathname = '/pricing';
    analytics.track('view_item', {});
    expect(win.dataLayer).toEqual([{ event: 'view_item' }]);
    expect(win.productAnalyticsQueue).toEqual([['track', 'view_item', {}]]);
  });
});

describe('page-view log on health-data pages', () => {
  function logger() {
    const client = axios.create();
    const sent: { url: string; referringUrl: string }[] = [];
    client.defaults.adapter = async (config) => {
      sent.push(JSON.parse(config.data as string));
      return { data: {}, status: 204, statusText: 'No Content', headers: {}, config };
    };
    return {
      sent,
      log: createPageViewLogger({ client, token: 't', sessionId: 's', userAgent: 'UA' }),
    };
  }

  it('logs no visit to a results page', async () => {
    const { sent, log } = logger();
    await log('/account/results', '/account');
    await log('https://shop.example/account/results/uploads/1?x=1', '/account/results');
    expect(sent).toEqual([]);
  });

  it('does not name a results page as the next page’s referrer', async () => {
    const { sent, log } = logger();
    await log('/account', '/account/results/uploads/11111111-1111-4111-8111-111111111111');
    expect(sent).toEqual([expect.objectContaining({ url: '/account', referringUrl: '' })]);
  });
});
