import { renderHook } from '@testing-library/react';
import axios from 'axios';
import { NOTIFICATION_CONFIG, NOTIFICATION_WIDTH } from '../src/features/notifications/notify';
import { createPageViewLogger } from '../src/features/analytics/page-view-logger';
import { usePageViewLog } from '../src/features/analytics/use-page-view-log';
import { toAntdTheme, defaultThemeTokens } from '@shop/shared/federation/antd-theme';

describe('notifications', () => {
  it('uses 4.5 s, width 384 and a stack threshold of 3', () => {
    expect(NOTIFICATION_CONFIG.duration).toBe(4.5);
    expect(NOTIFICATION_CONFIG.stack.threshold).toBe(3);
    expect(NOTIFICATION_WIDTH).toBe(384);
    expect(toAntdTheme(defaultThemeTokens()).components?.Notification?.width).toBe(384);
  });
});

describe('page-view logger', () => {
  it('posts the page view with the configured bearer token', async () => {
    const client = axios.create();
    const sent: { url?: string; data?: unknown; auth?: unknown }[] = [];
    client.defaults.adapter = async (config) => {
      sent.push({
        url: config.url,
        data: JSON.parse(config.data as string),
        auth: config.headers.Authorization,
      });
      return { data: {}, status: 204, statusText: 'No Content', headers: {}, config };
    };
    const log = createPageViewLogger({
      client,
      token: 'tkn',
      sessionId: 'sess-1',
      userAgent: 'UA',
    });
    await log('/pricing', '/');
    expect(sent).toEqual([
      {
        url: '/impact/log-page-view',
        data: {
          url: '/pricing',
          ip: null,
          referringUrl: '/',
          userAgent: 'UA',
          sessionId: 'sess-1',
        },
        auth: 'Bearer tkn',
      },
    ]);
  });

  it('never sends an order id or a secret link parameter', async () => {
    const client = axios.create();
    const sent: { url: string; referringUrl: string }[] = [];
    client.defaults.adapter = async (config) => {
      sent.push(JSON.parse(config.data as string));
      return { data: {}, status: 204, statusText: 'No Content', headers: {}, config };
    };
    const log = createPageViewLogger({
      client,
      token: 'tkn',
      sessionId: 'sess-1',
      userAgent: 'UA',
    });
    await log('/checkout/thank-you?order=9f0c1d2e&utm_source=mail', '/checkout?employerPay=s3cret');
    expect(sent[0]).toMatchObject({
      url: '/checkout/thank-you?utm_source=mail',
      referringUrl: '/checkout',
    });
  });

  it('waits for the user query, then logs each route change once with the previous page as referrer', () => {
    const logged: [string, string][] = [];
    const log = async (url: string, referrer: string) => {
      logged.push([url, referrer]);
    };
    const { rerender } = renderHook(
      ({ href, ready }) => usePageViewLog(href, ready, log, 'https://search.example/'),
      {
        initialProps: { href: '/', ready: false },
      },
    );
    expect(logged).toEqual([]);
    rerender({ href: '/', ready: true });
    rerender({ href: '/', ready: true });
    rerender({ href: '/pricing', ready: true });
    expect(logged).toEqual([
      ['/', 'https://search.example/'],
      ['/pricing', '/'],
    ]);
  });
});
