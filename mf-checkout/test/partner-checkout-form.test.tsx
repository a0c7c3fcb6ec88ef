import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { AreaProviders } from '@shop/shared/federation/remote-root';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { CheckoutForm } from '../src/features/checkout/components/checkout-form';
import {
  answerChallenge,
  fakeNextAction,
  TEST_PAYMENTS_CONFIG,
} from '@shop/shared/payments/test-provider-fake';
import { fillCheckout } from './fill-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const ORDER_ID = '0c3a3f0e-9a55-4c84-9d43-6a1f1f1f1f1f';
const quote = {
  currency: 'usd',
  lines: [
    {
      lookupKey: 'acme_kit_one_time',
      priceId: 'price_acme_kit_one_time',
      title: 'Acme Complete Panel',
      quantity: 1,
      unitAmount: 12_900,
      amount: 12_900,
      interval: null,
    },
  ],
  subtotal: 12_900,
  discount: 0,
  shipping: 595,
  total: 13_495,
  discountCode: null,
  discountProblem: null,
};

/** The storefront's business checkout: started once, then its status polled until it is final. */
interface StatusAnswer {
  status: string;
  final: boolean;
  failureMessage: string | null;
  nextAction?: { type: 'provider_action'; clientSecret: string; message: string } | null;
}

function businessApi(statuses: StatusAnswer[]) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toLowerCase();
    calls.push({
      method,
      url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : undefined,
    });
    const reply = (status: number, data: unknown) => {
      const response = { data, status, statusText: '', headers: {}, config };
      if (status >= 400)
        throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, undefined, response);
      return response;
    };
    if (url.endsWith('/config')) return reply(200, TEST_PAYMENTS_CONFIG);
    if (url.endsWith('/checkout/quote')) return reply(200, quote);
    if (url.endsWith(`/checkout/orders/${ORDER_ID}/confirm`))
      return reply(200, { id: ORDER_ID, status: 'paid' });
    if (url.endsWith('/checkout/shipping-cost')) return reply(200, { shippingCost: 595 });
    if (url.endsWith('/business/checkout') && method === 'post')
      return reply(202, {
        id: ORDER_ID,
        status: 'pending',
        final: false,
        failureMessage: null,
        order: {},
      });
    if (url.endsWith(`/business/checkout/${ORDER_ID}/status`))
      return reply(200, {
        id: ORDER_ID,
        ...(statuses.length > 1 ? statuses.shift()! : statuses[0]!),
      });
    if (url.endsWith(`/business/checkout/${ORDER_ID}/details`))
      return reply(200, { id: ORDER_ID, status: 'paid', total: 13_495 });
    return reply(200, { ok: true, isNewCustomer: true });
  };
  return { adapter, calls };
}

function renderBusinessCheckout(api: ReturnType<typeof businessApi>, onPlaced: jest.Mock) {
  const store = createMemoryNavigationStore('/shop/acme-wellness/checkout');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { props } = createDevShell({ store, queryClient });
  for (const client of Object.values(props.api)) client.defaults.adapter = api.adapter;
  const shell = {
    ...props,
    navigation: {
      location: store.getLocation(),
      navigator: store.navigator,
      basename: '/shop/acme-wellness',
    },
  };
  render(
    <AreaProviders shell={shell}>
      <CheckoutForm
        items={[{ lookupKey: 'acme_kit_one_time', quantity: 1 }]}
        businessKey="acme-wellness"
        onPlaced={onPlaced}
      />
    </AreaProviders>,
  );
  return { queryClient };
}

async function fillAndPlace() {
  const user = userEvent.setup({ delay: null });
  const card = await fillCheckout(user, { email: 'alex@acme.example', name: 'Alex Employee' });
  await user.click(await screen.findByTestId('place-order', {}, slow));
  return card;
}

describe('CheckoutForm for a partner storefront (businessKey)', () => {
  it('sends the business checkout payload, polls the status until it is paid, then hands over the details', async () => {
    const api = businessApi([
      { status: 'pending', final: false, failureMessage: null },
      { status: 'paid', final: true, failureMessage: null },
    ]);
    const onPlaced = jest.fn();
    const { queryClient } = renderBusinessCheckout(api, onPlaced);
    await fillAndPlace();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1), slow);
    expect(onPlaced.mock.calls[0]![0]).toMatchObject({ id: ORDER_ID, status: 'paid' });
    const started = api.calls.find((call) => call.url.endsWith('/business/checkout'))!;
    expect(Object.keys(started.body as object).sort()).toEqual(
      [
        'bnpl',
        'businessKey',
        'discount',
        'email',
        'marketingEnabled',
        'name',
        'paymentMethod',
        'products',
        'sessionId',
        'shipUpfront',
        'shipping',
        'shippingCost',
      ].sort(),
    );
    expect(started.body).toMatchObject({
      businessKey: 'acme-wellness',
      products: [{ lookupKey: 'acme_kit_one_time', quantity: 1 }],
      bnpl: false,
      shippingCost: 595,
      paymentMethod: { type: 'token', token: 'tok_visa4242abc', save: false },
    });
    expect(api.calls.filter((call) => call.url.endsWith('/status')).length).toBeGreaterThanOrEqual(
      2,
    );
    queryClient.clear();
  });

  it('shows the decline reason when the status ends failed, and keeps the form', async () => {
    const api = businessApi([
      { status: 'failed', final: true, failureMessage: 'Your card was declined.' },
    ]);
    const onPlaced = jest.fn();
    const { queryClient } = renderBusinessCheckout(api, onPlaced);
    await fillAndPlace();
    expect(await screen.findByTestId('payment-error', {}, slow)).toHaveTextContent(
      'Your card was declined.',
    );
    expect(onPlaced).not.toHaveBeenCalled();
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    queryClient.clear();
  });

  it('finishes a payment the bank holds in its dialog, confirms it, and waits on until it is paid', async () => {
    const asked = fakeNextAction({
      type: 'challenge',
      url: '/test-provider/authenticate?client_secret=pi_b_secret_1',
    });
    const nextAction = {
      type: 'provider_action' as const,
      clientSecret: 'pi_b_secret_1',
      message: 'Your bank asks you to confirm this payment.',
    };
    const api = businessApi([
      { status: 'pending', final: false, failureMessage: null, nextAction },
      { status: 'paid', final: true, failureMessage: null },
    ]);
    const onPlaced = jest.fn();
    const { queryClient } = renderBusinessCheckout(api, onPlaced);
    await fillAndPlace();
    await screen.findByRole('dialog', { name: 'Confirm your payment with your bank' }, slow);
    expect(asked[0]).toContain('client_secret=pi_b_secret_1');
    expect(api.calls.some((call) => call.url.endsWith('/confirm'))).toBe(false);
    await answerChallenge('succeeded');
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1), slow);
    const confirms = api.calls.filter((call) => call.url.endsWith(`/orders/${ORDER_ID}/confirm`));
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.method).toBe('post');
    queryClient.clear();
  });
});
