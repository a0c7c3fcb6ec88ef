import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@shop/shared/contract/checkout';
import {
  RENEWAL_CONSENT_LABEL,
  RENEWAL_TERMS_VERSION,
  renewalTermsText,
} from '@shop/shared/subscriptions/renewal-terms';
import { fillCheckout } from './fill-checkout';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };

/** An element's text colour with antd's CSS variables resolved, as the browser paints it. */
function resolvedColor(element: HTMLElement): string {
  // jsdom neither inherits custom properties nor resolves var(): look each one up the tree.
  const customProperty = (name: string) => {
    for (let node: HTMLElement | null = element; node; node = node.parentElement) {
      const value = window.getComputedStyle(node).getPropertyValue(name).trim();
      if (value) return value;
    }
    return '';
  };
  let value = window.getComputedStyle(element).color.trim();
  for (let match; (match = /^var\((--[\w-]+)\)$/.exec(value));) value = customProperty(match[1]!);
  return value.toLowerCase();
}

const ordersPosted = (api: ReturnType<typeof renderCheckout>['api']) =>
  api.calls(/\/checkout\/orders$/, 'post');

describe('consent to automatic renewal at checkout', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('shows the renewal terms beside a required box: no order until it is ticked, then the order carries the consent', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderCheckout('/checkout', {
      cart: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
    });
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 201, data: { id: 'order-1', status: 'paid' } as Partial<Order> }
        : undefined,
    );
    await fillCheckout(user);
    const terms = await screen.findByTestId('renewal-terms', {}, slow);
    expect(terms).toHaveTextContent(
      renewalTermsText({
        lines: [{ title: 'Bloodwise Quarterly', amount: 12_900, interval: 'quarter' }],
        currency: 'usd',
        shopUrl: '',
      }).replace(' (/account)', ''),
    );
    // The way to cancel is a real link to the account, in a new tab so the form keeps its values.
    expect(within(terms).getByRole('link', { name: 'your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(terms).not.toHaveTextContent('/account');
    const box = screen.getByRole('checkbox', { name: RENEWAL_CONSENT_LABEL });
    expect(box).toHaveAccessibleDescription(/renews automatically/);
    expect(box).not.toBeChecked();

    await user.click(screen.getByTestId('place-order'));
    expect(
      await screen.findByText('Please agree to the automatic renewal terms to continue', {}, slow),
    ).toBeVisible();
    expect(ordersPosted(api)).toHaveLength(0);
    // The box says it is invalid and why, to a screen reader too, and still names its terms.
    expect(box).toBeInvalid();
    // Announced as it appears.
    const error = screen.getByText('Please agree to the automatic renewal terms to continue');
    expect(error).toHaveAttribute('role', 'alert');
    const describedBy = box.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy).toContain('co-renewal-terms');
    expect(describedBy.some((id) => document.getElementById(id)?.contains(error))).toBe(true);
    expect(box).toHaveAccessibleDescription(
      /^Please agree to the automatic renewal terms to continue .*renews automatically/,
    );
    // The shared theme's error red, readable on white (antd's own is 3.6:1).
    expect(resolvedColor(error.parentElement!)).toBe('#b42318');

    await user.click(box);
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(ordersPosted(api)).toHaveLength(1), slow);
    expect(ordersPosted(api)[0]!.body).toMatchObject({
      items: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
      subscriptionConsent: { termsVersion: RENEWAL_TERMS_VERSION, accepted: true },
    });
  });

  it('asks nothing of a cart that does not recur', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderCheckout('/checkout', {
      cart: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
    });
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 201, data: { id: 'order-2', status: 'paid' } as Partial<Order> }
        : undefined,
    );
    await fillCheckout(user);
    await screen.findByText('Bloodwise Complete Panel', {}, slow);
    expect(screen.queryByTestId('renewal-terms')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: RENEWAL_CONSENT_LABEL })).toBeNull();
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(ordersPosted(api)).toHaveLength(1), slow);
    expect(ordersPosted(api)[0]!.body).not.toHaveProperty('subscriptionConsent');
  });
});
