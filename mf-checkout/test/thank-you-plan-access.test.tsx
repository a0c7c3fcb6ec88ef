import { screen, within } from '@testing-library/react';
import { anOrder } from './order-fixture';
import { renderCheckout } from './render-checkout';

const kitOnly = {
  lookupKey: 'bloodwise_kit_one_time',
  priceId: 'price_kit',
  title: 'Bloodwise Complete Panel',
  quantity: 1,
  unitAmount: 14_900,
  amount: 14_900,
  interval: null,
};

describe('thank-you page: where a plan is managed', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('tells a guest that the account with the order’s e-mail gets the plan, with links to make one or log in', async () => {
    const placed = anOrder();
    renderCheckout(`/checkout/thank-you?order=${placed.id}`, { orders: [placed] });
    const note = await screen.findByRole('region', { name: 'Manage your subscription' });
    expect(note).toHaveTextContent(
      'To change, pause or cancel your plan online, use an account with mary@example.com: your plan and this order are added to it.',
    );
    expect(within(note).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Faccount',
    );
    expect(within(note).getByRole('link', { name: 'log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Faccount',
    );
  });

  it('sends a signed-in subscriber to the account', async () => {
    const placed = anOrder();
    renderCheckout(`/checkout/thank-you?order=${placed.id}`, {
      orders: [placed],
      user: {
        email: 'mary@example.com',
        name: 'Mary',
        shopifyID: null,
        createdAt: placed.createdAt,
      },
    });
    const note = await screen.findByRole('region', { name: 'Manage your subscription' });
    expect(within(note).getByRole('link', { name: 'your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(note).queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('says nothing of plans for an order without one', async () => {
    const placed = anOrder({ lines: [kitOnly] });
    renderCheckout(`/checkout/thank-you?order=${placed.id}`, { orders: [placed] });
    expect(await screen.findByRole('heading', { name: 'Thank you, Mary!' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Manage your subscription' })).toBeNull();
  });
});
