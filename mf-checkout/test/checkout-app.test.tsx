import { screen } from '@testing-library/react';
import { CART_QUERY_KEY, CART_STORAGE_KEY } from '@shop/shared/shell-contract/shell-props';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { CheckoutRoot } from '../src/app/parcel';

describe('checkout area', () => {
  beforeEach(() => window.localStorage.clear());

  it('adds the chosen plan to the shared cart, tracks it and asks the shell to preload checkout', async () => {
    const { store, record, props } = renderArea(CheckoutRoot, { path: '/shopping-cart?add=essential-one-time' });
    expect(await screen.findByText('Essential one time')).toBeInTheDocument();
    expect(store.getLocation().search).toBe('');
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toEqual({ items: [{ key: 'essential-one-time', quantity: 1 }] });
    expect(props.queryClient.getQueryData(CART_QUERY_KEY)).toEqual({ items: [{ key: 'essential-one-time', quantity: 1 }] });
    expect(record.tracked.map((entry) => entry.event)).toContain('add_to_cart');
    expect(record.preloaded).toContain('checkout');
  });

  it('hosts the upgrades area on the thank-you page through the shell outlet', () => {
    renderArea(CheckoutRoot, { path: '/checkout/thank-you' });
    expect(screen.getByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /upgrades area/ })).toBeInTheDocument();
  });
});
