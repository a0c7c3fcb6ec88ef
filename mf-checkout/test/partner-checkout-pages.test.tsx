// The checkout area as a partner storefront mounts it (area props `partnerCheckout`, under the
// storefront's /shop/<key> basename): only the partner's lines, under its titles, its business
// checkout, and its after-purchase page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@shop/shared/contract/checkout';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
import { AFTER_PURCHASE_REDIRECT_DELAY_MS } from '../src/features/partner-checkout/components/partner-thank-you-page';
import { leaveSite } from '../src/features/partner-checkout/leave-site';
import { fillCheckout } from './fill-checkout';
import { anOrder } from './order-fixture';
import { renderCheckout } from './render-checkout';

jest.mock('../src/features/partner-checkout/leave-site', () => ({ leaveSite: jest.fn() }));

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };

const ACME: PartnerCheckout = {
  businessKey: 'acme-wellness',
  businessName: 'Acme Wellness',
  offers: [{ lookupKey: 'acme_kit', title: 'Acme Complete Panel' }],
  afterPurchase: [{ url: 'https://acme.example.com/thanks', lookupKeys: [] }],
};
const basename = '/shop/acme-wellness';
const renderPartner = (page: string, options: Parameters<typeof renderCheckout>[1] = {}) =>
  renderCheckout(`${basename}${page}`, {
    basename,
    areaProps: { partnerCheckout: ACME },
    ...options,
  });

/** A paid partner order: the server's line titles, the partner's key. */
const businessOrder = (overrides: Partial<Order> = {}): Order =>
  anOrder({
    id: '7d2f6a10-1b2c-4d3e-8f40-5a6b7c8d9e0f',
    kind: 'business',
    lines: [
      {
        lookupKey: 'acme_kit',
        priceId: 'price_acme_kit',
        title: 'Bloodwise Complete Panel',
        quantity: 1,
        unitAmount: 12_900,
        amount: 12_900,
        interval: null,
      },
    ],
    businessKey: 'acme-wellness',
    payment: null,
    paymentLabel: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  });

describe('the checkout area on a partner storefront', () => {
  beforeEach(() => jest.mocked(leaveSite).mockClear());

  it("shows only the partner's lines in its cart, under the partner's titles, priced with its key", async () => {
    const { api } = renderPartner('/shopping-cart', {
      cart: [
        { lookupKey: 'acme_kit', quantity: 1 },
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
      ],
    });
    const lines = await screen.findAllByTestId('summary-line', {}, slow);
    expect(lines.map((line) => line.querySelector('.co-line-title')?.textContent)).toEqual([
      'Acme Complete Panel',
    ]);
    expect(
      screen.getByText('Items from other shops stay in your cart but are not sold here.'),
    ).toBeInTheDocument();
    expect(api.calls(/\/checkout\/quote$/, 'post').at(-1)!.body).toMatchObject({
      businessKey: 'acme-wellness',
      items: [{ lookupKey: 'acme_kit', quantity: 1 }],
    });
    expect(screen.getByTestId('go-to-checkout')).toHaveAttribute('href', `${basename}/checkout`);
  });

  it('checks out through the business checkout with the partner key, then shows its thank-you page', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderPartner('/checkout', {
      cart: [{ lookupKey: 'acme_kit', quantity: 1 }],
    });
    const placed = businessOrder();
    api.orders.set(placed.id, placed);
    api.on(({ url, method }) =>
      url.endsWith('/business/checkout') && method === 'post'
        ? {
            status: 202,
            data: {
              id: placed.id,
              status: 'pending',
              final: false,
              failureMessage: null,
              order: placed,
            },
          }
        : undefined,
    );
    api.on(({ url }) =>
      url.endsWith(`/business/checkout/${placed.id}/status`)
        ? {
            status: 200,
            data: { id: placed.id, status: 'paid', final: true, failureMessage: null },
          }
        : undefined,
    );
    await fillCheckout(user);
    expect(
      within(screen.getByRole('complementary')).getByText('Acme Complete Panel'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('place-order'));

    expect(await screen.findByTestId('order-reference', {}, slow)).toHaveTextContent(
      `${placed.id.slice(0, 8).toUpperCase()} from Acme Wellness`,
    );
    expect(api.calls(/\/business\/checkout$/, 'post')[0]!.body).toMatchObject({
      businessKey: 'acme-wellness',
      email: 'mary@example.com',
      products: [{ lookupKey: 'acme_kit', quantity: 1 }],
    });
    expect(store.getLocation().pathname).toBe(`${basename}/checkout/thank-you`);
    expect(store.getLocation().state).toEqual({ orderId: placed.id });
    await waitFor(() => expect(api.cart.items).toEqual([]));
  });

  it("sends a paid order to the partner's after-purchase page, after a pause to read the confirmation", async () => {
    const placed = businessOrder();
    renderPartner(`/checkout/thank-you?order=${placed.id}`, { orders: [placed] });
    const status = await screen.findByText(/Taking you back to Acme Wellness/, {}, slow);
    expect(within(status).getByRole('link', { name: 'Continue now' })).toHaveAttribute(
      'href',
      'https://acme.example.com/thanks',
    );
    expect(
      within(screen.getByRole('region', { name: 'Your order' })).getByText('Acme Complete Panel'),
    ).toBeInTheDocument();
    expect(leaveSite).not.toHaveBeenCalled();
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://acme.example.com/thanks'), {
      timeout: AFTER_PURCHASE_REDIRECT_DELAY_MS + 2_000,
    });
  });

  it('follows no after-purchase rule for an unpaid order or a rule naming other products', async () => {
    const placed = businessOrder({ status: 'failed' });
    renderPartner(`/checkout/thank-you?order=${placed.id}`, { orders: [placed] });
    expect(await screen.findByTestId('order-reference', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(/Taking you back/)).toBeNull();
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it("reports the partner's purchase once, naming the partner, under the partner's titles", async () => {
    window.localStorage.clear();
    const placed = businessOrder({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });
    const { record } = renderPartner(`/checkout/thank-you?order=${placed.id}`, {
      orders: [placed],
    });
    await waitFor(
      () => expect(record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(1),
      slow,
    );
    expect(record.tracked.find((entry) => entry.event === 'purchase')!.params).toMatchObject({
      business_key: 'acme-wellness',
      ecommerce: {
        transaction_id: placed.id,
        items: [
          { item_id: 'acme_kit', item_name: 'Acme Complete Panel', item_variant: 'one-time' },
        ],
      },
      shipping_address: { city: 'Austin', country: 'US' },
    });
  });

  it('does not report a partner order under $30: it is a test purchase', async () => {
    window.localStorage.clear();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cheap = businessOrder({ id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', total: 2_900 });
    const { record } = renderPartner(`/checkout/thank-you?order=${cheap.id}`, { orders: [cheap] });
    await waitFor(
      () =>
        expect(errors).toHaveBeenCalledWith(expect.stringContaining(`Test purchase ${cheap.id}`)),
      slow,
    );
    expect(record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(0);
    errors.mockRestore();
  });
});
