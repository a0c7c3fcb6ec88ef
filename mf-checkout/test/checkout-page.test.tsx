import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart } from '@shop/shared/contract/cart';
import { CART_QUERY_KEY } from '@shop/shared/contract/cart-keys';
import type { Order } from '@shop/shared/contract/checkout';
import {
  answerChallenge,
  fakeCardFrame,
  fakeNextAction,
  postFromFrame,
} from '@shop/shared/payments/test-provider-fake';
import { anOrder } from './order-fixture';
import { renderCheckout } from './render-checkout';

const CART = [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }];

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email', {}, slow), 'mary@example.com');
  await user.type(screen.getByLabelText('Full name'), 'Mary Ann Lee');
  await user.tab();
  await user.type(screen.getByLabelText('Address'), '10 Elm St');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.type(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP code'), '78701');
}

const ordersPosted = (api: ReturnType<typeof renderCheckout>['api']) =>
  api.calls(/\/checkout\/orders$/, 'post');

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

  it('shows a declined card its reason by the payment step and keeps everything filled in; the next try asks the card frame for a new token', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, record } = renderCheckout('/checkout', { cart: CART });
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? {
            status: 402,
            data: { error: { code: 'CARD_DECLINED', message: 'Your card was declined.' } },
          }
        : undefined,
    );
    await fillDetails(user);
    const { frame, sent } = await fakeCardFrame([
      { token: 'tok_declined0002' },
      { token: 'tok_second4242' },
    ]);
    await user.click(screen.getByTestId('place-order'));
    const error = await screen.findByTestId('payment-error', {}, slow);
    expect(error).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('region', { name: 'Payment' })).toContainElement(error);
    expect(screen.getByLabelText('Email')).toHaveValue('mary@example.com');
    expect(screen.getByTitle('Secure card payment')).toBe(frame);
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(ordersPosted(api)).toHaveLength(2), slow);
    const [first, second] = ordersPosted(api);
    expect(sent).toHaveLength(2);
    expect(first!.body).toMatchObject({
      name: 'Mary Ann Lee',
      items: CART,
      shippingAddress: { country: 'US', postal_code: '78701' },
      paymentMethod: { type: 'token', token: 'tok_declined0002', save: false },
    });
    expect(second!.body).toMatchObject({ paymentMethod: { token: 'tok_second4242' } });
    // No card details anywhere in what the shop sends.
    expect(JSON.stringify(first!.body)).not.toMatch(/number|cvc|exp/i);
    expect(first!.headers['idempotency-key']).not.toBe(second!.headers['idempotency-key']);
    expect(record.tracked.map((entry) => entry.event)).toContain('add_payment_info');
  });

  it('sends the same token with the same idempotency key again after the first attempt answered 503', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderCheckout('/checkout', { cart: CART });
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 503, data: { error: { code: 'UNAVAILABLE', message: 'Try again.' } } }
        : undefined,
    );
    await fillDetails(user);
    const { sent } = await fakeCardFrame([{ token: 'tok_first4242' }, { token: 'tok_other4242' }]);
    await user.click(screen.getByTestId('place-order'));
    await screen.findByTestId('payment-error', {}, slow);
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(ordersPosted(api)).toHaveLength(2), slow);
    const [first, second] = ordersPosted(api);
    expect(sent).toHaveLength(1);
    expect(second!.body).toEqual(first!.body);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('does not place the order when the card frame refuses the details, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderCheckout('/checkout', { cart: CART });
    await fillDetails(user);
    await fakeCardFrame([{ error: 'Your card number is invalid.' }]);
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('payment-error', {}, slow)).toHaveTextContent(
      'Your card number is invalid.',
    );
    expect(ordersPosted(api)).toHaveLength(0);
  });

  it('finishes 3-D Secure in the bank’s dialog, then asks the API to confirm and opens the thank-you page', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderCheckout('/checkout', { cart: CART });
    const held = anOrder({
      id: 'order-3ds',
      status: 'requires_action',
      paymentLabel: null,
      payment: {
        ...anOrder().payment!,
        status: 'requires_action',
        nextAction: {
          type: 'provider_action',
          clientSecret: 'pi_3ds_secret_abc',
          message: 'Your bank asks you to confirm this payment.',
        },
      },
    });
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 201, data: held }
        : undefined,
    );
    api.on(({ url, method }) =>
      url.endsWith('/checkout/orders/order-3ds/confirm') && method === 'post'
        ? { status: 200, data: anOrder({ id: 'order-3ds' }) }
        : undefined,
    );
    const asked = fakeNextAction({
      type: 'challenge',
      url: '/test-provider/authenticate?client_secret=pi_3ds_secret_abc',
    });
    await fillDetails(user);
    await fakeCardFrame([{ token: 'tok_3ds3184abc' }]);
    await user.click(screen.getByTestId('place-order'));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Confirm your payment with your bank' },
      slow,
    );
    expect(dialog).toContainElement(screen.getByTitle('Bank authentication'));
    expect(asked[0]).toContain('client_secret=pi_3ds_secret_abc');
    expect(screen.getByTestId('place-order')).toHaveTextContent('Waiting for your bank…');
    expect(api.calls(/\/confirm$/)).toHaveLength(0);
    await answerChallenge('succeeded');
    await waitFor(() => expect(store.getLocation().pathname).toBe('/checkout/thank-you'), slow);
    expect(api.calls(/\/checkout\/orders\/order-3ds\/confirm$/, 'post')).toHaveLength(1);
    expect(store.getLocation().state).toEqual({ orderId: 'order-3ds' });
  });

  it('shows the failure when the bank refuses 3-D Secure, and the next try is a new order', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderCheckout('/checkout', { cart: CART });
    const nextAction = {
      type: 'provider_action' as const,
      clientSecret: 'pi_no_secret_abc',
      message: 'Confirm it.',
    };
    const payment = { ...anOrder().payment!, status: 'requires_action' as const, nextAction };
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 201, data: anOrder({ id: 'order-no', status: 'requires_action', payment }) }
        : undefined,
    );
    api.on(({ url }) =>
      url.endsWith('/checkout/orders/order-no/confirm')
        ? {
            status: 200,
            data: anOrder({
              id: 'order-no',
              status: 'failed',
              payment: {
                ...payment,
                status: 'failed',
                nextAction: null,
                failureMessage: 'The bank could not authenticate this card.',
              },
            }),
          }
        : undefined,
    );
    fakeNextAction({ type: 'challenge', url: '/test-provider/authenticate?client_secret=x' });
    await fillDetails(user);
    await fakeCardFrame([{ token: 'tok_first3184' }, { token: 'tok_again3184' }]);
    await user.click(screen.getByTestId('place-order'));
    await answerChallenge('failed');
    expect(await screen.findByTestId('payment-error', {}, slow)).toHaveTextContent(
      'The bank could not authenticate this card.',
    );
    expect(store.getLocation().pathname).toBe('/checkout');
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(ordersPosted(api)).toHaveLength(2), slow);
    const [first, second] = ordersPosted(api);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
    expect(second!.body).toMatchObject({ paymentMethod: { token: 'tok_again3184' } });
  });

  it('offers "Save this card for next time" to a signed-in shopper and sends it with the token', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderCheckout('/checkout', {
      cart: CART,
      user: {
        email: 'mary@example.com',
        name: 'Mary Ann Lee',
        shopifyID: null,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    });
    api.on(({ url }) =>
      url === '/user/management-portal/payment-methods'
        ? {
            status: 200,
            data: { paymentMethodsAndAddresses: { paymentMethods: [], shippingAddress: null } },
          }
        : undefined,
    );
    api.on(({ url, method }) =>
      /\/checkout\/orders$/.test(url) && method === 'post'
        ? { status: 201, data: anOrder({ id: 'order-saved' }) }
        : undefined,
    );
    await user.type(await screen.findByLabelText('Address', {}, slow), '10 Elm St');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('ZIP code'), '78701');
    await fakeCardFrame([{ token: 'tok_keep4242abc' }]);
    await user.click(screen.getByLabelText('Save this card for next time'));
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(ordersPosted(api)).toHaveLength(1), slow);
    expect(ordersPosted(api)[0]!.body).toMatchObject({
      paymentMethod: { type: 'token', token: 'tok_keep4242abc', save: true },
    });
  });

  it('keeps the pay-later terms and consent when the card frame’s pay-later method is chosen, then places a bnpl order', async () => {
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
    const { frame } = await fakeCardFrame([{ token: 'tok_bnpl0001abc' }]);
    expect(new URL(frame.src).searchParams.get('methods')).toBe('card,bnpl');
    expect(
      screen.queryByLabelText('I have read and accept the pay-later terms'),
    ).not.toBeInTheDocument();
    postFromFrame(frame, {
      source: 'test-provider',
      type: 'change',
      complete: true,
      method: 'bnpl',
      error: null,
    });
    await screen.findByLabelText('I have read and accept the pay-later terms', {}, slow);
    await user.click(screen.getByTestId('place-order'));
    expect(
      await screen.findByText('Please accept the pay-later terms', {}, slow),
    ).toBeInTheDocument();
    expect(ordersPosted(api)).toHaveLength(0);
    await user.click(screen.getByLabelText('I have read and accept the pay-later terms'));
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(store.getLocation().pathname).toBe('/checkout/thank-you'), slow);
    // The order id rides in the history entry, never in the address bar.
    expect(store.getLocation().search).toBe('');
    expect(store.getLocation().state).toEqual({ orderId: 'order-1' });
    expect(ordersPosted(api)[0]!.body).toMatchObject({
      paymentMethod: { type: 'bnpl', consentId: consent.id, token: 'tok_bnpl0001abc' },
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
