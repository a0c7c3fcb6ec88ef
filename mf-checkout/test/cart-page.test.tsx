import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeError, type FakeAnswer } from '@shop/shared/shell-contract/fake-api';
import { CART_LINE_FORM } from '@shop/shared/cart/cart-forms';
import { MAX_CART_LINE_QUANTITY } from '@shop/shared/contract/cart-keys';
import { FORM_FLASH_QUERY_KEY } from '@shop/shared/ssr/server-form';
import { renderCheckout } from './render-checkout';

/** Holds the answers to cart changes until the test lets them go, with the fake's own answer or another. */
function heldCartChanges(api: ReturnType<typeof renderCheckout>['api']) {
  const waiting: ((answer?: FakeAnswer) => void)[] = [];
  let passing = false;
  api.on((request) => {
    if (passing || request.method !== 'put' || !request.url.startsWith('/api/v1/cart'))
      return undefined;
    return new Promise<FakeAnswer>((resolve) => {
      waiting.push((answer) => {
        if (answer) return resolve(answer);
        // The fake server's own answer, as if nothing had held it (not recorded twice).
        passing = true;
        const own = api.adapter({ method: 'put', url: request.url, data: request.body } as never);
        passing = false;
        api.requests.pop();
        resolve(own.then((response) => ({ status: response.status, data: response.data })));
      });
    });
  });
  return {
    answer: async (answer?: FakeAnswer) => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()!(answer);
    },
  };
}

const quantityOf = (title: string) =>
  screen.getByRole('group', { name: `Quantity of ${title}` }).querySelector('output')!;

describe('cart page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('a plain post the API refused for its quantity says the limit in words, not the validator’s', async () => {
    renderCheckout('/shopping-cart', {
      cart: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
      seed: (queryClient) =>
        queryClient.setQueryData(FORM_FLASH_QUERY_KEY, {
          form: CART_LINE_FORM,
          status: 400,
          code: 'VALIDATION_ERROR',
          message: 'Too big: expected number to be <=20',
        }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Your cart was not changed: you can have 1 to ${MAX_CART_LINE_QUANTITY} of each item.`,
    );
    expect(alert).not.toHaveTextContent('expected number');
  });

  it('shows the empty state', async () => {
    renderCheckout('/shopping-cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse tests and pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('lists the server cart with interval labels, server totals and shipping for the chosen country, and preloads checkout', async () => {
    const { record } = renderCheckout('/shopping-cart', {
      cart: [
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
        { lookupKey: 'mini_panel_upgrade', quantity: 2 },
      ],
    });
    const lines = await screen.findAllByTestId('summary-line');
    expect(lines[0]).toHaveTextContent('Bloodwise Quarterly');
    expect(lines[0]).toHaveTextContent('Billed quarterly · 1 × $129');
    expect(lines[1]).toHaveTextContent('One-time purchase · 2 × $39');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$207');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('$9.95');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$216.95');
    expect(record.preloaded).toContain('checkout');
  });

  it('changes quantities and removes lines through the server cart', async () => {
    const user = userEvent.setup();
    const { api } = renderCheckout('/shopping-cart', {
      cart: [
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
        { lookupKey: 'mini_panel_upgrade', quantity: 1 },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'One more Bloodwise Quarterly' }));
    await waitFor(() =>
      expect(api.cart.items).toEqual([
        { lookupKey: 'bloodwise_quarterly', quantity: 2 },
        { lookupKey: 'mini_panel_upgrade', quantity: 1 },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Mini Panel' }));
    await waitFor(() =>
      expect(api.cart.items).toEqual([{ lookupKey: 'bloodwise_quarterly', quantity: 2 }]),
    );
    await waitFor(() => expect(screen.getAllByTestId('summary-line')).toHaveLength(1));
    expect(
      within(screen.getByTestId('summary-line')).getByText('2', { selector: 'output' }),
    ).toBeInTheDocument();
  });

  it('adds the ?add= key of a pricing link once, tracks add_to_cart and drops the parameter', async () => {
    const { api, record, store } = renderCheckout('/shopping-cart?add=bloodwise_kit_one_time');
    await waitFor(() =>
      expect(api.cart.items).toEqual([{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }]),
    );
    await waitFor(() =>
      expect(record.tracked.map((entry) => entry.event)).toContain('add_to_cart'),
    );
    const added = record.tracked.find((entry) => entry.event === 'add_to_cart')!;
    expect(added.params).toMatchObject({
      ecommerce: {
        currency: 'USD',
        value: 149,
        items: [{ item_id: 'bloodwise_kit_one_time', item_name: 'Bloodwise Complete Panel' }],
      },
    });
    expect(store.getLocation().search).toBe('');
    expect(api.calls(/\/api\/v1\/cart/, 'put')).toHaveLength(1);
  });

  it('applies a discount code kept from the URL earlier in the visit', async () => {
    window.sessionStorage.setItem('url-discount', 'WELCOME10');
    renderCheckout('/shopping-cart', {
      cart: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
    });
    expect(await screen.findByTestId('summary-discount')).toHaveTextContent('−$14.90');
  });

  describe('changes show at once and settle with the server', () => {
    const twoLines = {
      cart: [
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
        { lookupKey: 'mini_panel_upgrade', quantity: 2 },
      ],
    };

    /** The cart page with two lines, its changes' answers held by the test. */
    async function openWithHeldChanges() {
      const user = userEvent.setup();
      const view = renderCheckout('/shopping-cart', twoLines);
      await screen.findAllByTestId('summary-line');
      return { ...view, user, server: heldCartChanges(view.api) };
    }

    it('"+" shows the new quantity before the server answers, in one request answered with the priced cart', async () => {
      const { user, api, server } = await openWithHeldChanges();
      const before = api.requests.length;

      await user.click(screen.getByRole('button', { name: 'One more Bloodwise Quarterly' }));
      expect(quantityOf('Bloodwise Quarterly')).toHaveTextContent('2');
      await server.answer();
      await waitFor(() => expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$336'));
      expect(quantityOf('Bloodwise Quarterly')).toHaveTextContent('2');
      // One request: the change, answered with the cart and its quote; no quote asked after it.
      const sent = api.requests.slice(before);
      expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
        'put /api/v1/cart/priced',
      ]);
      expect(api.cart.items[0]).toEqual({ lookupKey: 'bloodwise_quarterly', quantity: 2 });
    });

    it('"−" shows at once; refused by the server it rolls back and says so', async () => {
      const { user, record, server } = await openWithHeldChanges();

      await user.click(screen.getByRole('button', { name: 'One fewer Mini Panel' }));
      expect(quantityOf('Mini Panel')).toHaveTextContent('1');
      expect(record.notifications).toEqual([]);
      await server.answer(fakeError(409, 'CONFLICT', 'That line changed in another tab.'));
      await waitFor(() => expect(quantityOf('Mini Panel')).toHaveTextContent('2'));
      expect(record.notifications).toEqual([
        {
          level: 'error',
          message: 'Your cart was not changed',
          description: 'That line changed in another tab.',
        },
      ]);
    });

    it('remove takes the line away at once; a server error brings it back with a message', async () => {
      const { user, record, server } = await openWithHeldChanges();

      await user.click(screen.getByRole('button', { name: 'Remove Mini Panel' }));
      expect(screen.getAllByTestId('summary-line')).toHaveLength(1);
      await server.answer(fakeError(500, 'INTERNAL', 'Something went wrong.'));
      await waitFor(() => expect(screen.getAllByTestId('summary-line')).toHaveLength(2));
      expect(quantityOf('Mini Panel')).toHaveTextContent('2');
      expect(record.notifications.map((entry) => entry.message)).toEqual([
        'Your cart was not changed',
      ]);
    });
  });
});
