import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCheckout } from './render-checkout';

describe('cart page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
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
});
