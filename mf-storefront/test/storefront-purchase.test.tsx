import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveSite } from '../src/features/partner/leave-site';
import { AFTER_PURCHASE_REDIRECT_DELAY_MS } from '../src/features/thank-you/components/storefront-thank-you-page';
import { ACME } from './support/storefront-fixtures';
import { renderStorefront } from './support/render-storefront';

jest.mock('../src/features/partner/leave-site', () => ({ leaveSite: jest.fn() }));
const left = jest.mocked(leaveSite);

// antd forms under jsdom are slow to type into on a shared 2-core machine.
jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('storefront cart, checkout and thank-you', () => {
  beforeEach(() => {
    left.mockClear();
    window.sessionStorage.clear();
  });

  it("shows only this shop's lines, priced by the server's quote, with the partner's name", async () => {
    renderStorefront('acme-wellness', '/shopping-cart', {
      customization: ACME,
      cart: [
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
        { lookupKey: 'bloodwise_monthly', quantity: 1 },
      ],
    });
    const lines = await screen.findAllByTestId('summary-line', {}, slow);
    expect(lines.map((line) => line.querySelector('.co-line-title')?.textContent)).toEqual([
      'Acme Wellness Quarterly',
    ]);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$134.95');
    expect(
      screen.getByText('Items from other shops stay in your cart but are not sold here.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\bBloodwise\b/);
  });

  it('runs the business checkout with the partner key, passes code, key and email to the discount lookup, and lands on thank-you', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderStorefront('acme-wellness', '/checkout', {
      customization: ACME,
      cart: [{ lookupKey: 'acme_kit', quantity: 1 }],
    });
    await user.type(await screen.findByLabelText('Email', {}, slow), 'mary@example.com');
    await user.type(screen.getByLabelText('Full name'), 'Mary Ann Lee');
    await user.tab();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'ACME15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The storefront's own lookup on the content client, not the main shop's payments path.
    await waitFor(() => expect(api.calls(/\/discounts\/ACME15$/)).toHaveLength(1), slow);
    expect(api.calls(/^\/api\/v1\/discounts\/ACME15$/)).toHaveLength(1);
    expect(api.calls(/\/discounts\/ACME15$/)[0]!.params).toMatchObject({
      b2bKey: 'acme-wellness',
      email: 'mary@example.com',
    });

    await user.type(screen.getByLabelText('Address'), '10 Elm St');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('ZIP code'), '78701');
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12/${nextYear}`);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByTestId('place-order'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }, slow),
    ).toBeInTheDocument();
    const [checkout] = api.calls(/\/business\/checkout$/, 'post');
    expect(checkout!.body).toMatchObject({
      businessKey: 'acme-wellness',
      email: 'mary@example.com',
      products: [{ lookupKey: 'acme_kit', quantity: 1 }],
    });
    // Polled until paid: pending first, then paid.
    expect(api.calls(/\/business\/checkout\/[^/]+\/status$/).length).toBeGreaterThanOrEqual(2);
    expect(store.getLocation().search).toBe('');
    expect(store.getLocation().state).toEqual({ orderId: 'order-1-0000' });
    expect(await screen.findByTestId('order-reference')).toHaveTextContent(
      'ORDER-1- from Acme Wellness',
    );
    await waitFor(() => expect(api.cart.items).toEqual([]));
  });

  it('follows redirectAfterPurchase after a paid order, after a pause to read the confirmation', async () => {
    renderStorefront('acme-wellness', '/checkout/thank-you?order=order-1-0000', {
      customization: ACME,
      setup: (api) =>
        api.orders.set('order-1-0000', {
          id: 'order-1-0000',
          kind: 'business',
          status: 'paid',
          email: 'mary@example.com',
          currency: 'usd',
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
          subtotal: 12_900,
          discount: 0,
          shipping: 595,
          total: 13_495,
          discountCode: null,
          shipUpfront: false,
          bnpl: false,
          businessKey: 'acme-wellness',
          shippingAddress: {
            name: 'Mary Ann Lee',
            line1: '10 Elm St',
            line2: null,
            city: 'Austin',
            state: 'TX',
            postal_code: '78701',
            country: 'US',
          },
          payment: null,
          paymentLabel: null,
          createdAt: new Date().toISOString(),
          polls: 2,
        }),
    });
    const status = await screen.findByText(/Taking you back to Acme Wellness/, {}, slow);
    expect(within(status).getByRole('link', { name: 'Continue now' })).toHaveAttribute(
      'href',
      'https://acme.example.com/thanks',
    );
    expect(
      within(screen.getByRole('region', { name: 'Your order' })).getByText('Acme Complete Panel'),
    ).toBeInTheDocument();
    expect(left).not.toHaveBeenCalled();
    await waitFor(() => expect(left).toHaveBeenCalledWith('https://acme.example.com/thanks'), {
      timeout: AFTER_PURCHASE_REDIRECT_DELAY_MS + 2_000,
    });
  });

  it('does not redirect without a paid order', async () => {
    renderStorefront('acme-wellness', '/checkout/thank-you', { customization: ACME });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Taking you back/)).toBeNull();
    expect(left).not.toHaveBeenCalled();
  });
});
