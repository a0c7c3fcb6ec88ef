// The storefront's own defence: even if the API served hostile values (it does not), partner text
// renders as text and no hostile link, image or redirect is used.
import { screen, waitFor } from '@testing-library/react';
import {
  HOSTILE_LINK_FIELDS,
  HOSTILE_TEXT_CUSTOMIZATION,
  IMG_PAYLOAD,
  SCRIPT_PAYLOAD,
} from '../../api/src/db/seed/hostile-partner';
import { renderStorefront } from './support/render-storefront';

const hostile = {
  shopKey: 'hostile-partner',
  ...HOSTILE_TEXT_CUSTOMIZATION,
  ...HOSTILE_LINK_FIELDS,
  mainPageStep1Image: '//evil.example/x.png',
  aboutImage: 'data:image/svg+xml,<svg onload=alert(1)>',
  newMarkersSection: true,
};

declare global {
  interface Window {
    __pwned?: string;
  }
}

describe('a hostile partner', () => {
  beforeEach(() => {
    delete window.__pwned;
  });

  it('renders markup as text, creates no element from it, and uses no unsafe link or image', async () => {
    const { container } = renderStorefront('hostile-partner', '', { customization: hostile });
    await screen.findByRole('region', { name: /^How/ });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Welcome ${SCRIPT_PAYLOAD}`,
    );
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      SCRIPT_PAYLOAD,
    );
    expect(screen.getAllByText(IMG_PAYLOAD, { exact: false }).length).toBeGreaterThan(0);
    for (const tag of [
      'script',
      'iframe',
      'style',
      'svg[onload]',
      'a[href^="javascript"]',
      '[onerror]',
      '[onload]',
    ]) {
      expect(container.querySelector(tag)).toBeNull();
    }
    // Images: only the shop's own illustrations show; every partner image here was hostile.
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/hero.svg',
      '/step-1.svg',
    ]);
    expect(
      [...container.querySelectorAll('a')].every((link) =>
        /^(\/|https?:)/.test(link.getAttribute('href') ?? ''),
      ),
    ).toBe(true);
    expect(screen.queryByText(/Taking you to/)).toBeNull();
    expect(window.__pwned).toBeUndefined();
  });

  it('hands the checkout area no hostile redirectAfterPurchase', async () => {
    const { outlets } = renderStorefront('hostile-partner', '/checkout/thank-you', {
      customization: hostile,
    });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    await waitFor(() => expect(outlets.length).toBeGreaterThan(0));
    const { partnerCheckout } = outlets.at(-1)!.areaProps as {
      partnerCheckout: { afterPurchase: { url: string }[] };
    };
    expect(partnerCheckout.afterPurchase.every((rule) => /^https?:\/\//.test(rule.url))).toBe(true);
    expect(JSON.stringify(partnerCheckout.afterPurchase)).not.toMatch(/javascript|data:|vbscript/i);
  });
});
