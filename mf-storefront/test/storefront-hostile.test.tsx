// The storefront's own defence: even if the API served hostile values (it does not), partner text
// renders as text and no hostile link, image or redirect is used.
import { screen } from '@testing-library/react';
import type { Order } from '@shop/shared/contract/checkout';
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

  it('follows no hostile redirectAfterPurchase', async () => {
    const order: Order & { polls: number } = {
      id: 'order-1-0000',
      kind: 'business',
      status: 'paid',
      email: 'a@example.com',
      currency: 'usd',
      lines: [],
      subtotal: 0,
      discount: 0,
      shipping: 0,
      total: 0,
      discountCode: null,
      shipUpfront: false,
      bnpl: false,
      businessKey: 'hostile-partner',
      shippingAddress: {
        name: 'A B',
        line1: '1 St',
        line2: null,
        city: 'X',
        state: 'NY',
        postal_code: '10001',
        country: 'US',
      },
      payment: null,
      paymentLabel: null,
      createdAt: new Date().toISOString(),
      polls: 2,
    };
    renderStorefront('hostile-partner', '/checkout/thank-you?order=order-1-0000', {
      customization: hostile,
      setup: (api) => api.orders.set(order.id, order),
    });
    expect(await screen.findByTestId('order-reference')).toBeInTheDocument();
    expect(screen.queryByText(/Taking you back/)).toBeNull();
  });
});
