import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart } from '@shop/shared/contract/cart';
import { CART_QUERY_KEY } from '@shop/shared/contract/cart-keys';
import type { Order } from '@shop/shared/contract/checkout';
import { renderCheckout } from './render-checkout';

const CART = [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }];
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email', {}, slow), 'mary@example.com');
  await user.type(screen.getByLabelText('Full name'), 'Mary Ann Lee');
  await user.tab();
  await user.type(screen.getByLabelText('Address'), '10 Elm St');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.type(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP code'), '78701');
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12/${nextYear}`);
  await user.type(screen.getByLabelText('CVC'), '123');
}

// antd forms under jsdom are slow to type into on a shared 2-core machine.
jest.setTimeout(60_000);
const slow = { timeout: 15_000 };

describe('checkout page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('starts the checkout on email entry with the name split on the first space, tracking email_entered and begin_checkout', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, record } = renderCheckout('/checkout', { cart: CART });
    await fillDetails(user);
    await waitFor(() => expect(api.calls(/\/checkout\/start$/, 'post')).toHaveLength(1), slow);
    expect(api.calls(/\/checkout\/start$/)[0]!.body).toEqual({
      email: 'mary@example.com',
      country: 'US',
      first_name: 'Mary',
      last_name: 'Ann Lee',
      event_name: 'email_entered',
    });
    const events = record.tracked.map((entry) => entry.event);
    expect(events).toContain('email_entered');
    expect(events.filter((event) => event === 'begin_checkout')).toHaveLength(1);
    expect(screen.getByTestId('delivery-estimate')).toHaveTextContent(
      /^Arrives \w{3}, \w{3} \d{1,2} - \w{3}, \w{3} \d{1,2}$/,
    );
  });

  it('looks the URL discount up and shows why it is refused', async () => {
    const { api } = renderCheckout('/checkout?discount=bigorder25', { cart: CART });
    api.on(({ url }) =>
      /\/discounts\/BIGORDER25$/.test(url)
        ? { status: 200, data: { code: 'BIGORDER25' } }
        : undefined,
    );
    api.on(({ url }) =>
      /\/discounts\/BIGORDER25\/is-valid$/.test(url)
        ? {
            status: 200,
            data: {
              valid: false,
              reason: 'below_minimum',
              message: 'This discount code needs an order of at least $250 before shipping.',
              discountAmount: 0,
            },
          }
        : undefined,
    );
    expect(await screen.findByTestId('discount-message', {}, slow)).toHaveTextContent(
      'This discount code needs an order of at least $250 before shipping.',
    );
    const validity = api.calls(/is-valid$/)[0]!;
    expect(validity.params).toMatchObject({
      sum: 14_900,
      priceIds: 'price_bloodwise_kit_one_time',
    });
  });

  it('shows a declined card its reason and keeps everything filled in; the same details reuse the idempotency key', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, record } = renderCheckout('/checkout', { cart: CART });
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? {
            status: 402,
            data: {
              error: {
                code: 'CARD_DECLINED',
                message: 'Your card was declined.',
                fields: { card: 'Your card was declined.' },
              },
            },
          }
        : undefined,
    );
    await fillDetails(user);
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('payment-error', {}, slow)).toHaveTextContent(
      'Your card was declined.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('mary@example.com');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(api.calls(/\/checkout\/orders$/, 'post')).toHaveLength(2), slow);
    const [first, second] = api.calls(/\/checkout\/orders$/, 'post');
    expect(first!.headers['idempotency-key']).toBe(second!.headers['idempotency-key']);
    expect(first!.body).toMatchObject({
      name: 'Mary Ann Lee',
      items: CART,
      shippingAddress: { country: 'US', postal_code: '78701' },
      paymentMethod: { type: 'card' },
    });
    expect(record.tracked.map((entry) => entry.event)).toContain('add_payment_info');
  });

  it('records the pay-later consent, reads it back and places a bnpl order, then opens the thank-you page', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderCheckout('/checkout', { cart: CART });
    const consent = {
      id: '3b241101-e2bb-4255-8caf-4136c566a962',
      email: 'mary@example.com',
      termsVersion: '2024-01',
      acceptedAt: new Date().toISOString(),
      orderId: null,
    };
    api.on(({ url, method }) =>
      /\/bnpl\/consent$/.test(url) && method === 'post'
        ? { status: 201, data: consent }
        : undefined,
    );
    api.on(({ url }) =>
      url.endsWith(`/bnpl/consent/${consent.id}`) ? { status: 200, data: [consent] } : undefined,
    );
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 201, data: { id: 'order-1', status: 'paid', bnpl: true } as Partial<Order> }
        : undefined,
    );
    await fillDetails(user);
    await user.click(screen.getByLabelText('Pay later in 4 instalments'));
    await screen.findByLabelText('I have read and accept the pay-later terms', {}, slow);
    await user.click(screen.getByTestId('place-order'));
    expect(
      await screen.findByText('Please accept the pay-later terms', {}, slow),
    ).toBeInTheDocument();
    expect(api.calls(/\/checkout\/orders$/, 'post')).toHaveLength(0);
    await user.click(screen.getByLabelText('I have read and accept the pay-later terms'));
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(store.getLocation().pathname).toBe('/checkout/thank-you'), slow);
    // The order id rides in the history entry, never in the address bar.
    expect(store.getLocation().search).toBe('');
    expect(store.getLocation().state).toEqual({ orderId: 'order-1' });
    expect(api.calls(/\/checkout\/orders$/, 'post')[0]!.body).toMatchObject({
      paymentMethod: { type: 'bnpl', consentId: consent.id },
    });
    expect(window.sessionStorage.getItem('new-customer:order-1')).toBe('true');
  });

  it('asks the employer to pay, then says so in place of the form and empties the cart it shows', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, props } = renderCheckout('/checkout', { cart: CART });
    await fillDetails(user);
    await user.click(
      screen.getByRole('button', { name: 'Ask your employer to pay for this order' }),
    );
    await user.type(screen.getByLabelText("Your employer's email"), 'boss@employer.example');
    const cartReads = api.calls(/\/api\/v1\/cart$/, 'get').length;
    await user.click(screen.getByRole('button', { name: 'Send payment request' }));
    const sent = await screen.findByTestId('employer-sent', {}, slow);
    expect(sent).toHaveTextContent(
      'We emailed boss@employer.example a link to pay for this order. We ship it as soon as it is paid, and we sent a confirmation to mary@example.com.',
    );
    expect(
      screen.getByRole('heading', { name: 'Your employer has the payment link' }),
    ).toHaveFocus();
    expect(screen.queryByTestId('place-order')).not.toBeInTheDocument();
    expect(api.calls(/employer-form-submit$/, 'post')[0]!.body).toMatchObject({
      email: 'mary@example.com',
      employerEmail: 'boss@employer.example',
      items: CART,
    });
    // The browser's cart is read again, so the badge and cart page show it empty.
    await waitFor(() =>
      expect(api.calls(/\/api\/v1\/cart$/, 'get').length).toBeGreaterThan(cartReads),
    );
    await waitFor(() => {
      const carts = props.queryClient.getQueriesData<Cart>({ queryKey: CART_QUERY_KEY });
      expect(carts.length).toBeGreaterThan(0);
      for (const [, cart] of carts) expect(cart?.items).toEqual([]);
    }, slow);
  });
});
