import { screen, waitFor } from '@testing-library/react';
import type { AreaOutletProps } from '@shop/shared/shell-contract/shell-props';
import { anOrder } from './order-fixture';
import { renderCheckout } from './render-checkout';

const order = anOrder;
const slow = { timeout: 15_000 };

describe('thank-you page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the order, the delivery estimate and next steps, and hosts the upgrades area with the order ids', async () => {
    // Ten minutes after the order: its upgrade window is open.
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2025-11-21T15:10:00.000Z'));
    const placed = order();
    // The shell's outlet, recording what the page hands the upgrades area.
    const AreaOutlet = jest.fn(({ area }: AreaOutletProps) => (
      <section aria-label={`${area} area`} />
    ));
    renderCheckout(`/checkout/thank-you?order=${placed.id}`, {
      orders: [placed],
      areaProps: { AreaOutlet },
    });
    expect(await screen.findByRole('heading', { name: 'Thank you, Mary!' })).toBeInTheDocument();
    // Friday Nov 21 + 3-4 business days.
    expect(screen.getByTestId('thank-you-estimate')).toHaveTextContent(
      'Arrives Wed, Nov 26 - Thu, Nov 27',
    );
    expect(screen.getByText('Billed quarterly · 1 × $129')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'upgrades area' })).toBeInTheDocument();
    expect(AreaOutlet).toHaveBeenLastCalledWith(
      expect.objectContaining({
        area: 'upgrades',
        areaProps: {
          paymentId: 'pi_123',
          orderId: placed.id,
          email: placed.email,
          lookupKeys: ['bloodwise_quarterly'],
        },
      }),
      undefined,
    );
  });

  it('tracks purchase once per order with transaction_id and new_customer, even after a reload', async () => {
    const placed = order();
    window.sessionStorage.setItem(`new-customer:${placed.id}`, 'false');
    const first = renderCheckout(`/checkout/thank-you?order=${placed.id}`, { orders: [placed] });
    await waitFor(() =>
      expect(first.record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(1),
    );
    expect(first.record.tracked.find((entry) => entry.event === 'purchase')!.params).toMatchObject({
      ecommerce: {
        transaction_id: placed.id,
        value: 134.95,
        currency: 'USD',
        new_customer: false,
        // A quarterly plan is a quarterly plan in every event, as in begin_checkout.
        items: [{ item_id: 'bloodwise_quarterly', item_variant: 'quarter' }],
      },
      shipping_address: { city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    });
    // The shop's own orders name no partner; the street and the name never go to analytics.
    const params = first.record.tracked.find((entry) => entry.event === 'purchase')!.params;
    expect(params).not.toHaveProperty('business_key');
    expect(JSON.stringify(params)).not.toMatch(/Elm St|Mary Ann/);
    first.unmount();

    const reload = renderCheckout(`/checkout/thank-you?order=${placed.id}`, { orders: [placed] });
    expect(await screen.findByRole('heading', { name: 'Thank you, Mary!' })).toBeInTheDocument();
    expect(reload.record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(0);
  });

  it('offers no upgrades once the upgrade window has closed, and still shows the order', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2025-11-21T16:01:00.000Z'));
    renderCheckout(`/checkout/thank-you?order=${order().id}`, { orders: [order()] });
    expect(await screen.findByRole('heading', { name: 'Thank you, Mary!' })).toBeInTheDocument();
    expect(screen.queryByTestId('upgrades-slot')).not.toBeInTheDocument();
  });

  it('takes an order id out of the address bar and keeps showing the order', async () => {
    const placed = order();
    const view = renderCheckout(`/checkout/thank-you?order=${placed.id}&utm_source=mail`, {
      orders: [placed],
    });
    expect(await screen.findByRole('heading', { name: 'Thank you, Mary!' })).toBeInTheDocument();
    await waitFor(() => expect(view.store.getLocation().search).toBe('?utm_source=mail'));
    expect(view.store.getLocation().state).toEqual({ orderId: placed.id });
    expect(screen.getByRole('heading', { name: 'Thank you, Mary!' })).toBeInTheDocument();
  });

  it('shows nothing of an order the API will not show this browser, and offers no upgrades', async () => {
    const view = renderCheckout('/checkout/thank-you?order=9f0c1d2e-3b4a-4c5d-8e6f-000000000000', {
      orders: [],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We can’t show this order here' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /upgrades area/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('upgrades-slot')).not.toBeInTheDocument();
    expect(view.record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(0);
  });

  it('logs a total under $30 as a test purchase and does not report it', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cheap = order({
      id: '1f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
      total: 2_495,
      subtotal: 1_900,
      discount: 2_000,
    });
    const view = renderCheckout(`/checkout/thank-you?order=${cheap.id}`, { orders: [cheap] });
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`Test purchase ${cheap.id}`)),
    );
    expect(view.record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(0);
    errors.mockRestore();
  });

  it('back from the pay-later page: asks the API once to confirm, drops the provider’s secret from the address bar, and shows the payment processing until it is paid', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2025-11-21T15:10:00.000Z'));
    const held = order({
      status: 'requires_action',
      paymentLabel: null,
      payment: { ...order().payment!, status: 'requires_action' },
    });
    const view = renderCheckout(
      `/checkout?order=${held.id}&payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded`,
      { orders: [held] },
    );
    const processing = order({
      status: 'pending',
      paymentLabel: null,
      payment: { ...order().payment!, status: 'processing' },
    });
    view.api.on(({ url, method }) =>
      url.endsWith(`/checkout/orders/${held.id}/confirm`) && method === 'post'
        ? { status: 200, data: processing }
        : undefined,
    );
    expect(await screen.findByTestId('payment-processing', {}, slow)).toHaveTextContent(
      'Payment processing',
    );
    expect(view.store.getLocation().pathname).toBe('/checkout/thank-you');
    expect(view.store.getLocation().search).toBe('');
    expect(view.store.getLocation().state).toEqual({ orderId: held.id });
    await waitFor(() => expect(view.api.calls(/\/confirm$/, 'post')).toHaveLength(1));
    expect(screen.queryByTestId('upgrades-slot')).not.toBeInTheDocument();
    expect(view.record.tracked.filter((entry) => entry.event === 'purchase')).toHaveLength(0);
    // The webhook settles it; the page reads the order again and shows it paid.
    view.api.orders.set(held.id, order());
    await waitFor(
      () => expect(screen.queryByTestId('payment-processing')).not.toBeInTheDocument(),
      slow,
    );
    expect(screen.getByTestId('upgrades-slot')).toBeInTheDocument();
    expect(view.api.calls(/\/confirm$/, 'post')).toHaveLength(1);
  });

  it('says a payment that failed did not go through, with nothing charged, the cart kept, and no thanks, delivery or add-ons', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2025-11-21T15:10:00.000Z'));
    const failed = order({
      status: 'failed',
      paymentLabel: null,
      payment: {
        ...order().payment!,
        status: 'failed',
        failureMessage: 'The pay-later provider declined this purchase.',
      },
    });
    renderCheckout(`/checkout/thank-you?order=${failed.id}`, { orders: [failed] });
    expect(await screen.findByTestId('payment-failed', {}, slow)).toHaveTextContent(
      'Nothing was chargedThe pay-later provider declined this purchase. Your cart still holds everything, so you can try again. Back to checkout',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your payment did not go through' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    // Nothing of a placed order is promised: no thanks, receipt, delivery or next steps.
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.queryByText(/receipt is on its way/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('thank-you-estimate')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upgrades-slot')).not.toBeInTheDocument();
  });
});
